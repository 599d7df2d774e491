import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { Section } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { ClosingCta } from '#app/components/sections/closing-cta.tsx'
import { Quote } from '#app/components/sections/quote.tsx'
import { ResultCards } from '#app/components/sections/result-cards.tsx'
import { ShareWidget } from '#app/components/share-widget.tsx'
import { getCaseStudy } from '#app/lib/content/queries.server.ts'
import { requestEntry } from '#app/lib/registry.ts'
import { absoluteUrl, seo } from '#app/lib/seo.ts'
import { caseStudyArticle } from '#app/lib/structured-data/case-study.ts'
import type { Route } from './+types/case-study.ts'

// The route module of the three case studies (content/case-studies/<slug>.md).

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  return { path: entry.path, study: getCaseStudy(entry) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return []
  const { path, study } = loaderData
  return seo({
    title: study.title,
    description: study.description,
    keywords: study.keywords,
    path,
    ogType: 'article',
    schemaData: [
      caseStudyArticle({ path, headline: study.heading, description: study.description, about: study.industry }),
    ],
  })
}

export default function CaseStudy({ loaderData }: Route.ComponentProps) {
  const { path, study } = loaderData
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
        <ShareWidget title={study.title} url={absoluteUrl(path)} description={study.description} />
      </Section>
      {study.quote ? <Quote {...study.quote} tone="muted" /> : null}
      <CardGrid title="Services in this engagement" cards={study.serviceLinks} />
      <ClosingCta title="Want results like these?" />
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
