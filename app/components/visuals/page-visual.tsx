import type { ReactNode } from 'react'
import { SmartLink } from '#app/components/smart-link.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { HomeWork } from '#app/components/visuals/home-work.tsx'
import { PageFunnel } from '#app/components/visuals/page-funnel.tsx'
import { PageOneTeam } from '#app/components/visuals/page-one-team.tsx'
import { PagePlans } from '#app/components/visuals/page-plans.tsx'
import { TeamMosaic, type Person } from '#app/components/visuals/team-mosaic.tsx'
import type { PageVisual } from '#app/lib/content/schemas.ts'
import { slugify } from '#app/lib/content/slug.ts'
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
 * Whether a visual is shown from 1024 px only (`lg`): the card of `points`, which on narrower screens
 * would stand between the visitor and the form or tool.
 */
export function shownOnWideScreensOnly(visual: PageVisual): boolean {
  return visual.kind === 'points'
}

/**
 * What a page gives the visitor, point by point (`points`): a card whose list its title names. It fills
 * the right of the header from 1024 px; on narrower screens it is not shown
 * (`shownOnWideScreensOnly`): the page's sections say the same further down.
 */
function Points({ visual }: { visual: Extract<PageVisual, { kind: 'points' }> }) {
  const titleId = `${slugify(visual.title)}-points`
  return (
    <div
      className="hidden rounded-2xl border border-slate-200 bg-surface p-5 shadow-sm lg:block"
      data-testid="page-visual"
    >
      <p id={titleId} className="mb-4 text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {visual.title}
      </p>
      <ul aria-labelledby={titleId} className="grid gap-4">
        {visual.points.map((point) => (
          <li key={point.title} className="flex gap-3">
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon name="check" className="size-4" />
            </span>
            <div>
              <p className="font-semibold text-ink">{point.title}</p>
              <p className="text-sm text-muted">{point.text}</p>
              {point.link ? (
                <SmartLink
                  to={point.link.href}
                  className="mt-1 inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {point.link.label}
                </SmartLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
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
          caption="Not photos: each picture is drawn from the person's name, the same one wherever a drawing stands for them."
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
    case 'points':
      return <Points visual={visual} />
    case 'funnel':
      return (
        <Frame title={visual.title} caption="The stages in order, each with the work we do there; not to scale.">
          <PageFunnel title={visual.title} stages={visual.stages} />
        </Frame>
      )
  }
}
