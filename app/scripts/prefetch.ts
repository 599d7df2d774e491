import { prefetch } from 'astro:prefetch'
import { afterLoad, whenIdle } from '#app/lib/idle.ts'

/**
 * Fetches likely next pages before a click (docs/product.md#prefetching,
 * docs/decisions/011-prefetch-schedule.md), with Astro's prefetch: the pages
 * `data-prefetch-start` lists once the page has loaded, one per task, then
 * those of `data-prefetch-idle` one per idle period (or, where idle callbacks
 * are missing, the first after 2 s). Each fetch starts in a task of its own,
 * so none adds to a long one a visitor's first tap would wait behind. Links
 * marked `data-astro-prefetch` are fetched on hover or focus besides. The
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
