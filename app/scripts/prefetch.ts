import { prefetch } from 'astro:prefetch'
import { afterLoad, whenIdle } from '#app/lib/idle.ts'

/** How long the pointer or focus rests on a link before its page is fetched, as Astro's hover strategy waits. */
export const PREFETCH_REST_MS = 80

/**
 * Fetches likely next pages before a click (docs/product.md#prefetching,
 * docs/decisions/011-prefetch-schedule.md), with Astro's prefetch: the pages
 * `data-prefetch-start` lists once the page has loaded, one per task, then
 * those of `data-prefetch-idle` one per idle period (or, where idle callbacks
 * are missing, the first after 2 s). Each fetch starts in a task of its own,
 * so none adds to a long one a visitor's first tap would wait behind. The
 * lists are the registry's (app/layouts/site-layout.astro).
 */
export function schedulePrefetch(element: HTMLElement): void {
  const list = (name: string) => (element.dataset[name] ?? '').split(' ').filter(Boolean)
  const start = list('prefetchStart')
  const idle = list('prefetchIdle')
  const nextIdle = (fallbackMs?: number) =>
    whenIdle(() => {
      const path = idle.shift()
      if (!path) return
      prefetch(path)
      nextIdle(0)
    }, fallbackMs)
  const nextStart = () => {
    const path = start.shift()
    if (!path) return nextIdle()
    prefetch(path)
    setTimeout(nextStart, 0)
  }
  afterLoad(nextStart)
}

/**
 * Fetches the page of a link marked `data-prefetch` once the pointer or
 * keyboard focus has rested on it, from one listener for the whole page.
 * Astro's own hover strategy sets listeners on each link as the page starts,
 * which cost 7-10 ms of script there on a page of some 140 links
 * (docs/decisions/029-pages-as-documents-widgets-as-islands.md).
 */
export function prefetchOnRest(): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const rest = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-prefetch]') : null
    if (!(link instanceof HTMLAnchorElement)) return
    clearTimeout(timer)
    timer = setTimeout(() => prefetch(link.href), PREFETCH_REST_MS)
  }
  const leave = () => clearTimeout(timer)
  document.addEventListener('pointerover', rest, { passive: true })
  document.addEventListener('pointerout', leave, { passive: true })
  document.addEventListener('focusin', rest)
  document.addEventListener('focusout', leave)
}
