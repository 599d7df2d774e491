// What a long body's layout does in the browser
// (app/components/reading-layout.tsx): marking the section being read in the
// contents and drawing the reading progress. A module script of the pages that
// use the layout (articles and services): the layout itself is plain markup,
// and none of this changes the first paint.

/** Where a section starts being "the one being read": its heading has passed 30% of the window's height. */
const readingLine = '-70%'

/**
 * Reports the id of the section being read: the last heading in `root` whose
 * top is above the reading line, undefined above the first. One
 * IntersectionObserver whose area reaches far above the window, so that a
 * heading is "in" it exactly while it is above the line: every crossing, a
 * jump included, is reported, and nothing is measured on scroll. Returns the
 * function that stops it.
 */
export function watchCurrentSection(
  root: HTMLElement,
  ids: readonly string[],
  report: (id: string | undefined) => void,
): () => void {
  const headings = ids
    .map((id) => root.querySelector<HTMLElement>(`#${CSS.escape(id)}`))
    .filter((heading) => heading != null)
  if (headings.length === 0) return () => {}
  const above = new Set<Element>()
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) above.add(entry.target)
        else above.delete(entry.target)
      }
      let last: HTMLElement | undefined
      for (const heading of headings) if (above.has(heading)) last = heading
      report(last?.id)
    },
    { rootMargin: `1000000px 0px ${readingLine} 0px` },
  )
  for (const heading of headings) observer.observe(heading)
  return () => observer.disconnect()
}

/** A contents list taller than the window scrolls by itself: keeps the current link in it. */
export function keepCurrentInView(nav: HTMLElement) {
  const link = nav.querySelector<HTMLElement>('[aria-current]')
  if (!link || nav.scrollHeight <= nav.clientHeight) return
  const top = link.getBoundingClientRect().top - nav.getBoundingClientRect().top + nav.scrollTop
  if (top < nav.scrollTop || top + link.offsetHeight > nav.scrollTop + nav.clientHeight) {
    nav.scrollTop = top - nav.clientHeight / 3
  }
}

/**
 * A thin bar at the top of the window that fills as `body` is read: empty
 * until its top reaches the header, full when its end reaches the bottom of
 * the window. Purely visual (aria-hidden): the scroll bar says the same to
 * everyone. Added here, so never in the pre-rendered page; fixed, so it moves
 * nothing; updated once a frame at most from a passive scroll listener, by a
 * transform, without a transition (nothing animates, for visitors who ask for
 * reduced motion or anyone else). Returns the function that removes it.
 */
export function showReadingProgress(body: HTMLElement): () => void {
  const bar = document.createElement('div')
  bar.setAttribute('aria-hidden', 'true')
  bar.className = 'reading-progress'
  document.body.append(bar)
  let frame = 0
  const update = () => {
    frame = 0
    const { top, height } = body.getBoundingClientRect()
    // The sticky header's height (h-16): the body starts being read when its top is under it.
    const header = 64
    const distance = height - window.innerHeight + header
    const read = distance > 0 ? Math.min(Math.max((header - top) / distance, 0), 1) : 1
    bar.style.transform = `scaleX(${read})`
  }
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(update)
  }
  // The first reading too waits for a frame: measured as the script starts, it
  // would force a layout of the whole page before the browser's own.
  schedule()
  window.addEventListener('scroll', schedule, { passive: true })
  window.addEventListener('resize', schedule, { passive: true })
  return () => {
    window.removeEventListener('scroll', schedule)
    window.removeEventListener('resize', schedule)
    cancelAnimationFrame(frame)
    bar.remove()
  }
}

/**
 * Starts the reading layout of the page, if it has one: the contents mark the
 * section being read (and keep it in view), and with `data-progress` the bar
 * at the top shows how far the body has been read.
 */
export function startReading(): void {
  const layout = document.querySelector<HTMLElement>('.reading')
  const nav = layout?.querySelector<HTMLElement>('.reading-contents')
  if (!layout || !nav) return
  const links = [...nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')]
  const ids = links.map((link) => decodeURIComponent(link.hash.slice(1)))
  watchCurrentSection(layout, ids, (current) => {
    for (const link of links) {
      if (link.hash.slice(1) === current) link.setAttribute('aria-current', 'location')
      else link.removeAttribute('aria-current')
    }
    keepCurrentInView(nav)
  })
  if (layout.dataset.progress !== undefined) showReadingProgress(layout)
}
