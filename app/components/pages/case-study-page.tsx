import type { ReactNode } from 'react'
import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { Section } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ClosingCta } from '#app/components/sections/closing-cta.tsx'
import { Quote } from '#app/components/sections/quote.tsx'
import { ResultCards } from '#app/components/sections/result-cards.tsx'
import type { CaseStudyContent } from '#app/lib/content/types.ts'

/**
 * A case study (docs/product.md#case-studies), content/case-studies/<slug>.md;
 * its shell, app/pages/case-studies/[slug].astro, places the share widget
 * island (`share`) after the body.
 */
export function CaseStudyPage({ study, share }: { study: CaseStudyContent; share?: ReactNode }) {
  return (
    <>
      <PageHeader eyebrow={`Case study · ${study.industry}`} heading={study.heading} lede={study.lede}>
        <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="inline font-semibold text-ink">Client: </dt>
            <dd className="inline text-muted">{study.client}</dd>
          </div>
          <div>
            <dt className="inline font-semibold text-ink">Engagement: </dt>
            <dd className="inline text-muted">{study.duration}</dd>
          </div>
        </dl>
      </PageHeader>
      <ResultCards title="The results" items={study.results} tone="muted" />
      <Section>
        <Prose html={study.html} />
        {share}
      </Section>
      {study.quote ? <Quote {...study.quote} tone="muted" /> : null}
      <CardGrid title="Services in this engagement" cards={study.serviceLinks} />
      <ClosingCta title="Want results like these?" />
    </>
  )
}
