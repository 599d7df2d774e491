import { prefetch } from 'astro:prefetch'
import { whenIdle } from '#app/lib/idle.ts'

/**
 * Fetches likely next pages before a click (docs/product.md#prefetching,
 * docs/decisions/011-prefetch-schedule.md), with Astro's prefetch: the pages
 * `data-prefetch-start` lists once the page has loaded, then those of
 * `data-prefetch-idle` one per idle period (or after 2 s where idle callbacks
 * are missing). Links marked `data-astro-prefetch` are fetched on hover or
 * focus besides. The lists are the registry's (app/layouts/site-layout.astro).
 */
export function schedulePrefetch(element: HTMLElement): void {
  const list = (name: string) => (element.dataset[name] ?? '').split(' ').filter(Boolean)
  const start = list('prefetchStart')
  const idle = list('prefetchIdle')
  const next = () => {
    const path = idle.shift()
    if (!path) return
    prefetch(path)
    whenIdle(next, 0)
  }
  const begin = () => {
    for (const path of start) prefetch(path)
    whenIdle(next)
  }
  if (document.readyState === 'complete') begin()
  else window.addEventListener('load', begin, { once: true })
}
