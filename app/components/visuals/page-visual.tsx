import type { ReactNode } from 'react'
import { HomeWork } from '#app/components/visuals/home-work.tsx'
import { PageFunnel } from '#app/components/visuals/page-funnel.tsx'
import { PageOneTeam } from '#app/components/visuals/page-one-team.tsx'
import { PagePlans } from '#app/components/visuals/page-plans.tsx'
import { TeamMosaic, type Person } from '#app/components/visuals/team-mosaic.tsx'
import type { PageContent } from '#app/lib/content/types.ts'
import { site } from '#app/lib/site/site.ts'

/** A drawing beside a page's h1: a card with its title, the drawing and what it is drawn from. */
function Frame({ title, caption, children }: { title: string; caption: string; children: ReactNode }) {
  return (
    <figure className="m-0 rounded-2xl border border-slate-200 bg-surface p-5 shadow-sm" data-testid="page-visual">
      <p className="mb-4 text-sm font-semibold tracking-wide text-brand-700 uppercase">{title}</p>
      {children}
      <figcaption className="mt-4 text-xs text-muted">{caption}</figcaption>
    </figure>
  )
}

/**
 * The picture a content page names in its `visual` field
 * (docs/product.md#visual-proof), drawn from the page's own blocks or, for
 * the agency's facts, from the team page (`team`) and app/lib/site/site.ts.
 */
export function PageVisual({ page, team }: { page: PageContent; team?: Person[] }) {
  const visual = page.visual
  if (!visual) return null
  switch (visual.kind) {
    case 'work':
      return <HomeWork />
    case 'one-team':
      return team ? (
        <Frame
          title="Marketers and engineers, one team"
          caption="Drawn from our team page, each person as the picture made from their name; the ad spend is all our clients' together."
        >
          <PageOneTeam members={team} adSpend={site.claims.adSpendManaged} />
        </Frame>
      ) : null
    case 'team': {
      const block = page.sections.find((section) => section.type === 'team')
      return block?.type === 'team' ? (
        <Frame
          title={`${block.members.length} people, one pod per client`}
          caption="Not photos: each picture is drawn from the person's name, the same one in every place it appears."
        >
          <TeamMosaic members={block.members} />
        </Frame>
      ) : null
    }
    case 'plans': {
      const block = page.sections.find((section) => section.type === 'pricing')
      return block?.type === 'pricing' ? (
        <Frame
          title="What each plan includes"
          caption="A block for each item a plan lists below; in the lighter tint, what it takes from the plan before it."
        >
          <PagePlans plans={block.plans} />
        </Frame>
      ) : null
    }
    case 'funnel':
      return (
        <Frame title={visual.title} caption="The stages in order, each with the work we do there; not to scale.">
          <PageFunnel title={visual.title} stages={visual.stages} />
        </Frame>
      )
  }
}
