import type { ReactNode } from 'react'
import { Prose } from '#app/components/prose.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
import type { ContentsEntry } from '#app/lib/content/types.ts'
import { site } from '#app/lib/site/site.ts'

// The layout around a long body (docs/product.md#article-page,
// docs/product.md#service-page). From 1024 px: the table of contents in a
// column of its own on the left, the offer card (and what the page adds, an
// article's share buttons) on the right, both staying in view below the
// sticky header while the body scrolls; a service's glance above the card
// scrolls away with the body. Below 1024 px only the body and what the page
// adds, after it. In the DOM in the order seen on wide screens, so
// keyboard and screen-reader users meet the contents before the body.
//
// The contents are plain links in the pre-rendered page. Marking the section
// being read and the reading progress are app/scripts/reading.ts, a module
// script of the pages that use this layout. The layout's rules are the
// `.reading` classes of app/app.css.

/** The page's sections as links; app/scripts/reading.ts marks the one being read with aria-current. */
function Contents({ entries }: { entries: ContentsEntry[] }) {
  return (
    <nav aria-labelledby="reading-contents-label" className="reading-contents">
      <p id="reading-contents-label" className="text-sm font-semibold text-ink">
        On this page
      </p>
      <ol className="mt-3 text-sm">
        {entries.map(({ id, text }) => (
          <li key={id}>
            <a href={`#${id}`}>{text}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/**
 * The free strategy call and the free audit, in the site's figures and the
 * words of the closing call to action (components/sections/closing-cta.tsx).
 */
function OfferCard() {
  const { minutes, worth } = site.strategySession
  return (
    <div className="reading-offer rounded-2xl bg-brand-50 px-4 py-4 ring-1 ring-brand-200">
      <h2 className="font-bold text-ink">{`A free ${minutes}-minute strategy session (worth ${worth})`}</h2>
      <p className="mt-2 text-sm text-muted">
        We go through your goals, channels and numbers, and you leave with specific recommendations.
      </p>
      <SmartLink to="booking" className={`mt-4 w-full ${buttonVariants({ variant: 'cta', size: 'sm' })}`}>
        {strategyCall.label}
      </SmartLink>
      <SmartLink
        to={auditRequest.href}
        className="mt-3 block text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
      >
        {auditRequest.specLabel}
      </SmartLink>
    </div>
  )
}

/** A long body (an article's, a service's) with its contents and the offer beside it. */
export function ReadingLayout({
  html,
  contents,
  aside,
  lead,
  progress = false,
}: {
  /** The body, Markdown rendered at build. */
  html: string
  /** Its h2 headings (`contentsOf`). */
  contents: ContentsEntry[]
  /** What the page adds beside the body on wide screens and after it on narrow ones. */
  aside?: ReactNode
  /**
   * What the page shows above the offer card, beside the start of the body
   * (a service at a glance): it scrolls away with the body, and the offer
   * card then stays in view alone.
   */
  lead?: ReactNode
  /** Whether a bar at the top shows how far the body has been read (articles). */
  progress?: boolean
}) {
  return (
    <div className="reading" data-progress={progress ? '' : undefined}>
      <Contents entries={contents} />
      <Prose html={html} />
      <div className={lead ? 'reading-side-led' : undefined}>
        {lead}
        <OfferCard />
        {aside}
      </div>
    </div>
  )
}
