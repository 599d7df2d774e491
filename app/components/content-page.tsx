import type { ReactNode } from 'react'
import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { ResultsPanel } from '#app/components/results-panel.tsx'
import { Section } from '#app/components/section.tsx'
import { SectionList } from '#app/components/section-list.tsx'
import { PageVisual, shownOnWideScreensOnly } from '#app/components/visuals/page-visual.tsx'
import type { Person } from '#app/components/visuals/team-mosaic.tsx'
import type { PageContent } from '#app/lib/content/types.ts'
import { cn } from '#app/lib/site/cn.ts'

/**
 * A page of content/pages/: its header, its optional Markdown body, then its
 * sections in order. Route modules of pages with code of their own render it
 * too, adding what is theirs under the header (`headerExtra`) or after it.
 */
export function ContentPage({
  path,
  page,
  team,
  headerExtra,
  children,
}: {
  path: string
  page: PageContent
  /** The team page's people, for a page whose visual draws the agency's facts. */
  team?: Person[]
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
        aside={
          page.visual || page.results ? (
            // Nothing of it shows under 1024 px when its one visual is wide-screen only: then it is
            // not laid out there either, so the header's grid leaves no gap under the text.
            <div
              className={cn(
                'gap-6',
                !page.results && page.visual && shownOnWideScreensOnly(page.visual) ? 'hidden lg:grid' : 'grid',
              )}
            >
              {page.results ? <ResultsPanel results={page.results} /> : null}
              <PageVisual page={page} team={team} />
            </div>
          ) : undefined
        }
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
