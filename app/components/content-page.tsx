import type { ReactNode } from 'react'
import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { ResultsPanel } from '#app/components/results-panel.tsx'
import { Section } from '#app/components/section.tsx'
import { SectionList } from '#app/components/section-list.tsx'
import type { PageContent } from '#app/lib/content/types.ts'

/**
 * A page of content/pages/: its header, its optional Markdown body, then its
 * sections in order. Route modules of pages with code of their own render it
 * too, adding what is theirs under the header (`headerExtra`) or after it.
 */
export function ContentPage({
  path,
  page,
  headerExtra,
  children,
}: {
  path: string
  page: PageContent
  headerExtra?: ReactNode
  children?: ReactNode
}) {
  return (
    <>
      <PageHeader
        eyebrow={page.eyebrow}
        heading={page.heading}
        lede={page.lede}
        actions={page.actions}
        variant={path === '/' ? 'hero' : 'page'}
        aside={page.results ? <ResultsPanel results={page.results} /> : undefined}
      >
        {headerExtra}
      </PageHeader>
      {page.html ? (
        <Section>
          <Prose html={page.html} />
        </Section>
      ) : null}
      {children}
      <SectionList sections={page.sections} startMuted={!page.html} />
    </>
  )
}
