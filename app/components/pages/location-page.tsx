import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { Section } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ClosingCta } from '#app/components/sections/closing-cta.tsx'
import { Faq } from '#app/components/sections/faq.tsx'
import { FeatureGrid } from '#app/components/sections/feature-grid.tsx'
import { KeyFacts } from '#app/components/sections/key-facts.tsx'
import { CityMap } from '#app/components/visuals/city-map.tsx'
import type { CityContent } from '#app/lib/content/types.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'

/**
 * A city page (docs/product.md#locations), content/cities/<slug>.md: a map of
 * the metro with the places the copy names beside the headline, then the
 * market at a glance, the copy, the local industries and the services asked
 * for. Its shell is app/pages/locations/[slug].astro.
 */
export function LocationPage({ city }: { city: CityContent }) {
  return (
    <>
      <PageHeader
        eyebrow={`${city.city}, ${city.region}`}
        heading={city.heading}
        lede={city.lede}
        actions={[
          { label: strategyCall.label, href: 'booking' },
          { label: auditRequest.label, href: auditRequest.href },
        ]}
        aside={<CityMap city={city.city} areas={city.areas} />}
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
