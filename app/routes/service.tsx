import { PageHeader } from '#app/components/page-header.tsx'
import { ReadingLayout } from '#app/components/reading-layout.tsx'
import { ServiceGlance } from '#app/components/service-glance.tsx'
import { Section } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ClosingCta } from '#app/components/sections/closing-cta.tsx'
import { Faq } from '#app/components/sections/faq.tsx'
import { FeatureGrid } from '#app/components/sections/feature-grid.tsx'
import { ProcessTimeline } from '#app/components/sections/process-timeline.tsx'
import { Stats } from '#app/components/sections/stats.tsx'
import { getService } from '#app/lib/content/queries.server.ts'
import { contentsOf } from '#app/lib/reading-contents.ts'
import { requestEntry } from '#app/lib/registry.ts'
import { seo, serviceData } from '#app/lib/seo.ts'
import type { Route } from './+types/service.ts'

// The route module of the nine service pages (content/services/<slug>.md).

const deliverablesTitle = 'What you get'
const processTitle = 'How it works'

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  const service = getService(entry)
  return { path: entry.path, service, contents: contentsOf(service.html) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return []
  const { path, service } = loaderData
  return seo({
    title: service.title,
    description: service.description,
    keywords: service.keywords,
    path,
    schemaData: [serviceData({ name: service.name, description: service.description, path })],
  })
}

export default function Service({ loaderData }: Route.ComponentProps) {
  const { service, contents } = loaderData
  return (
    <>
      <PageHeader
        eyebrow={service.name}
        heading={service.heading}
        lede={service.lede}
        actions={[
          { label: 'Book a free strategy call', href: 'booking' },
          { label: 'Get a free audit', href: '/contact?topic=audit' },
        ]}
      />
      <Stats items={service.outcomes} tone="muted" />
      <Section>
        <ReadingLayout
          html={service.html}
          contents={contents}
          lead={
            <ServiceGlance
              deliverables={service.deliverables}
              deliverablesTitle={deliverablesTitle}
              process={service.process}
              processTitle={processTitle}
            />
          }
        />
      </Section>
      <FeatureGrid title={deliverablesTitle} items={service.deliverables} tone="muted" />
      <ProcessTimeline title={processTitle} items={service.process} />
      {service.related.length > 0 ? (
        <CardGrid title="Results from this work" cards={service.related} tone="muted" />
      ) : null}
      <Faq title={`${service.name}: questions clients ask`} items={service.faq} />
      <ClosingCta title={`Let's plan your ${service.name.toLowerCase()}`} />
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
