import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { PageHeader } from '#app/components/page-header.tsx'
import { ReadingLayout } from '#app/components/reading-layout.tsx'
import { Section } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ClosingCta } from '#app/components/sections/closing-cta.tsx'
import { Faq } from '#app/components/sections/faq.tsx'
import { FeatureGrid } from '#app/components/sections/feature-grid.tsx'
import { ProcessTimeline } from '#app/components/sections/process-timeline.tsx'
import { Stats } from '#app/components/sections/stats.tsx'
import { ServiceGlance } from '#app/components/service-glance.tsx'
import { ServiceSample } from '#app/components/visuals/service-sample.tsx'
import type { ServiceContent } from '#app/lib/content/types.ts'
import type { ContentsEntry } from '#app/lib/content/types.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { inSentence } from '#app/lib/site/in-sentence.ts'

const deliverablesTitle = 'What you get'
const processTitle = 'How it works'

/** A service page (docs/product.md#service-page), content/services/<slug>.md; its shell is app/pages/services/[slug].astro. */
export function ServicePage({ service, contents }: { service: ServiceContent; contents: ContentsEntry[] }) {
  return (
    <>
      <PageHeader
        eyebrow={service.name}
        heading={service.heading}
        lede={service.lede}
        actions={[
          { label: strategyCall.label, href: 'booking' },
          { label: auditRequest.label, href: auditRequest.href },
        ]}
        aside={<ServiceSample sample={service.sample} />}
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
      <ClosingCta title={`Let's plan your ${inSentence(service.name)}`} />
    </>
  )
}
