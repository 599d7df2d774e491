import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { Prose } from '#app/components/prose.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import type { ContentsEntry } from '#app/lib/reading-contents.ts'
import { site } from '#app/lib/site.ts'

// The layout around a long body (docs/product.md#article-page,
// docs/product.md#service-page). From 1024 px: the table of contents in a
// column of its own on the left, the offer card (and what the page adds, an
// article's share buttons) on the right, both staying in view below the
// sticky header while the body scrolls. Below 1024 px only the body and what
// the page adds, after it. In the DOM in the order seen on wide screens, so
// keyboard and screen-reader users meet the contents before the body.
//
// The contents are plain links in the pre-rendered page; only the marking of
// the section being read needs the script, which is this module's own (it
// loads with the article and service routes, never with other pages:
// `someRoutesOnly` in vite.config.ts). The layout's rules are the `.reading`
// classes of app/app.css: a few short rules, as every page inlines the rules
// it uses (docs/decisions/024-page-rules-inline-whole-stylesheet-after.md).

/** Where a section starts being "the one being read": its heading has passed 30% of the window's height. */
const readingLine = '-70%'

/**
 * The id of the section being read: the last heading in `root` whose top is
 * above the reading line, undefined above the first. One IntersectionObserver
 * whose area reaches far above the window, so that a heading is "in" it
 * exactly while it is above the line: every crossing, a jump included, is
 * reported, and nothing is measured on scroll.
 */
function useCurrentSection(root: RefObject<HTMLElement | null>, ids: readonly string[]): string | undefined {
  const [current, setCurrent] = useState<string>()
  const key = ids.join(' ')
  useEffect(() => {
    const headings = key
      .split(' ')
      .map((id) => root.current?.querySelector<HTMLElement>(`#${CSS.escape(id)}`))
      .filter((heading) => heading != null)
    if (headings.length === 0) return
    const above = new Set<Element>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) above.add(entry.target)
          else above.delete(entry.target)
        }
        let last: HTMLElement | undefined
        for (const heading of headings) if (above.has(heading)) last = heading
        setCurrent(last?.id)
      },
      { rootMargin: `1000000px 0px ${readingLine} 0px` },
    )
    for (const heading of headings) observer.observe(heading)
    return () => observer.disconnect()
  }, [root, key])
  return current
}

/** The page's sections as links; the one being read carries aria-current. */
function Contents({ entries, current }: { entries: ContentsEntry[]; current: string | undefined }) {
  const list = useRef<HTMLElement>(null)
  // A list taller than the window scrolls by itself: keep the current link in it.
  useEffect(() => {
    const nav = list.current
    const link = nav?.querySelector<HTMLElement>('[aria-current]')
    if (!nav || !link || nav.scrollHeight <= nav.clientHeight) return
    const top = link.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop
    if (top < nav.scrollTop || top + link.offsetHeight > nav.scrollTop + nav.clientHeight) {
      nav.scrollTop = top - nav.clientHeight / 3
    }
  }, [current])
  return (
    <nav ref={list} aria-labelledby="reading-contents-label" className="reading-contents">
      <p id="reading-contents-label" className="text-sm font-semibold text-ink">
        On this page
      </p>
      <ol className="mt-3 text-sm">
        {entries.map(({ id, text }) => (
          <li key={id}>
            <a href={`#${id}`} aria-current={current === id ? 'location' : undefined}>
              {text}
            </a>
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
      <p className="mt-2 text-sm text-muted">You leave with a prioritised list of what to fix first.</p>
      <SmartLink to="booking" className={`mt-4 w-full ${buttonVariants({ variant: 'cta', size: 'sm' })}`}>
        Book Strategy Call
      </SmartLink>
      <SmartLink
        to="/contact?topic=audit"
        className="mt-3 block text-sm font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
      >
        Get Free Marketing Audit
      </SmartLink>
    </div>
  )
}

/**
 * A thin bar at the top of the window that fills as the body is read: empty
 * until its top reaches the header, full when its end reaches the bottom of
 * the window. Purely visual (aria-hidden): the scroll bar says the same to
 * everyone. Added by the effect, so never in the pre-rendered page; fixed,
 * so it moves nothing; updated once a frame at most from a passive scroll
 * listener, by a transform, without a transition (nothing animates, for
 * visitors who ask for reduced motion or anyone else).
 */
function useReadingProgress(body: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    if (!shown) return
    const bar = document.createElement('div')
    bar.setAttribute('aria-hidden', 'true')
    bar.className = 'reading-progress'
    document.body.append(bar)
    let frame = 0
    const update = () => {
      frame = 0
      if (!body.current) return
      const { top, height } = body.current.getBoundingClientRect()
      // The sticky header's height (h-16): the body starts being read when its top is under it.
      const header = 64
      const distance = height - window.innerHeight + header
      const read = distance > 0 ? Math.min(Math.max((header - top) / distance, 0), 1) : 1
      bar.style.transform = `scaleX(${read})`
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule, { passive: true })
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      cancelAnimationFrame(frame)
      bar.remove()
    }
  }, [body, shown])
}

/** A long body (an article's, a service's) with its contents and the offer beside it. */
export function ReadingLayout({
  html,
  contents,
  aside,
  progress = false,
}: {
  /** The body, Markdown rendered at build. */
  html: string
  /**
   * Its h2 headings (`contentsOf`), read by the loader: on a page's first
   * load the body's HTML is in the markup only, not in the data
   * (docs/decisions/027-bodies-once-per-document.md).
   */
  contents: ContentsEntry[]
  /** What the page adds beside the body on wide screens and after it on narrow ones. */
  aside?: ReactNode
  /** Whether a bar at the top shows how far the body has been read (articles). */
  progress?: boolean
}) {
  const root = useRef<HTMLDivElement>(null)
  const current = useCurrentSection(
    root,
    contents.map((entry) => entry.id),
  )
  useReadingProgress(root, progress)
  return (
    <div ref={root} className="reading">
      <Contents entries={contents} current={current} />
      <Prose html={html} />
      <div>
        <OfferCard />
        {aside}
      </div>
    </div>
  )
}
