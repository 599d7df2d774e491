import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { Section } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ClosingCta } from '#app/components/sections/closing-cta.tsx'
import { Faq } from '#app/components/sections/faq.tsx'
import { FeatureGrid } from '#app/components/sections/feature-grid.tsx'
import { KeyFacts } from '#app/components/sections/key-facts.tsx'
import { getCity } from '#app/lib/content/queries.server.ts'
import { requestEntry } from '#app/lib/registry.ts'
import { seo, serviceData } from '#app/lib/seo.ts'
import type { Route } from './+types/location.ts'

// The route module of the twelve city pages (content/cities/<slug>.md).

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  return { path: entry.path, city: getCity(entry) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return []
  const { path, city } = loaderData
  return seo({
    title: city.title,
    description: city.description,
    keywords: city.keywords,
    path,
    schemaData: [
      serviceData({
        name: `Growth marketing and development in ${city.city}`,
        description: city.description,
        path,
        city: { name: city.city, region: city.region },
      }),
    ],
  })
}

export default function Location({ loaderData }: Route.ComponentProps) {
  const { city } = loaderData
  return (
    <>
      <PageHeader
        eyebrow={`${city.city}, ${city.region}`}
        heading={city.heading}
        lede={city.lede}
        actions={[
          { label: 'Book a free strategy call', href: 'booking' },
          { label: 'Get a free audit', href: '/contact?topic=audit' },
        ]}
      />
      <KeyFacts
        title={`${city.city} at a glance`}
        facts={[
          { icon: 'map-pin', term: 'The market', value: `${city.city}, ${city.region}` },
          {
            icon: 'briefcase',
            term: 'Local industries we serve',
            value: String(city.industries.length),
            items: city.industries.map((industry) => industry.title),
          },
          {
            icon: 'target',
            term: 'Services clients here ask for',
            value: String(city.serviceLinks.length),
            items: city.serviceLinks.map((service) => service.title),
          },
        ]}
        tone="muted"
      />
      <Section>
        <Prose html={city.html} />
      </Section>
      <FeatureGrid title={`Industries we serve in ${city.city}`} items={city.industries} tone="muted" />
      <CardGrid title={`What ${city.city} clients ask us for`} cards={city.serviceLinks} />
      <Faq title={`Working with us in ${city.city}`} items={city.faq} tone="muted" />
      <ClosingCta title={`Grow your ${city.city} business`} />
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
