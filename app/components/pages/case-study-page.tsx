import type { ReactNode } from 'react'
import { BeforeAfterBars, ResultValue } from '#app/components/before-after.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { Section } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ClosingCta } from '#app/components/sections/closing-cta.tsx'
import { Quote } from '#app/components/sections/quote.tsx'
import { WorkPictures } from '#app/components/sections/work-pictures.tsx'
import { CaseFunnel } from '#app/components/visuals/case-funnel.tsx'
import { CaseTimeline } from '#app/components/visuals/case-timeline.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { CaseStudyContent, ResultFigure } from '#app/lib/content/types.ts'

const resultsTitle = 'The results'

/**
 * The results as one strip of figures under the header, each with what it
 * measured and, where the case study states where it started, before and
 * after with their bars (docs/product.md#case-studies).
 */
function ResultStrip({ items }: { items: ResultFigure[] }) {
  return (
    <Section title={resultsTitle} tone="muted" compact>
      <h2 id="the-results-title" className="sr-only">
        {resultsTitle}
      </h2>
      <ul
        className={cn('grid gap-x-8 gap-y-8 sm:grid-cols-2', items.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3')}
        data-testid="result-cards"
      >
        {items.map((item) => (
          <li key={item.label} className="flex flex-col border-l-4 border-brand-600 pl-4">
            <p className="order-2 mt-1 text-sm text-muted">{item.label}</p>
            <p className="order-1 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              <ResultValue {...item} />
            </p>
            <div className="order-3 mt-auto">
              <BeforeAfterBars {...item} />
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}

/**
 * The engagement at a glance, beside the story from 1024 px and in view
 * while it scrolls; after the story on narrower screens, which have met the
 * results in the strip above it.
 */
function StudyGlance({ study }: { study: CaseStudyContent }) {
  const facts = [
    ['Client', study.client],
    ['Industry', study.industry],
    ['Engagement', study.duration],
  ] as const
  return (
    <aside
      aria-labelledby="study-glance-title"
      className="rounded-2xl bg-surface p-5 text-sm ring-1 ring-slate-200 lg:sticky lg:top-24"
    >
      <h2 id="study-glance-title" className="font-bold text-ink">
        At a glance
      </h2>
      <dl className="mt-3 space-y-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="font-semibold text-ink">{term}</dt>
            <dd className="text-muted">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="font-semibold text-ink">Services</dt>
          <dd>
            <ul className="mt-1 flex flex-wrap gap-2">
              {study.serviceLinks.map((service) => (
                <li key={service.href}>
                  <a
                    href={service.href}
                    className="inline-block rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 underline-offset-4 hover:underline"
                  >
                    {service.title}
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink">Results</dt>
          <dd>
            <ul className="mt-1 space-y-1.5">
              {study.results.map((result) => (
                <li key={result.label} className="text-muted">
                  <span className="font-semibold text-ink">
                    <ResultValue {...result} />
                  </span>{' '}
                  {result.label.charAt(0).toLowerCase() + result.label.slice(1)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </aside>
  )
}

/**
 * A case study (docs/product.md#case-studies), content/case-studies/<slug>.md:
 * its measure over time beside the heading, the results as a strip, then the
 * story with the engagement at a glance beside it and the funnel before and
 * after under it, then its pictures of the work. Its shell, app/pages/case-studies/[slug].astro, places the
 * share widget island (`share`) after the body.
 */
export function CaseStudyPage({ study, share }: { study: CaseStudyContent; share?: ReactNode }) {
  const { engagement } = study
  return (
    <>
      <PageHeader
        eyebrow={`Case study · ${study.industry}`}
        heading={study.heading}
        lede={study.lede}
        aside={<CaseTimeline timeline={engagement.timeline} engagement={engagement} results={study.results} />}
      >
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
      <ResultStrip items={study.results} />
      <Section>
        <div className="grid gap-10 lg:grid-cols-[minmax(0,70ch)_22rem] lg:items-start lg:justify-between lg:gap-12">
          <div className="min-w-0">
            <Prose html={study.html} />
            <div className="mt-12">
              <CaseFunnel funnel={engagement.funnel} />
            </div>
            {share}
          </div>
          <div className="min-w-0 lg:self-stretch">
            <StudyGlance study={study} />
          </div>
        </div>
      </Section>
      <WorkPictures media={study.media} />
      {study.quote ? <Quote {...study.quote} tone="muted" /> : null}
      <CardGrid title="Services in this engagement" cards={study.serviceLinks} />
      <ClosingCta title="Want results like these?" />
    </>
  )
}
