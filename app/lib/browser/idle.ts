// Scheduling for work that must not compete with a page's first paint or a
// visitor's input: prefetching (app/scripts/prefetch.ts), measurement and the
// consent banner's waking (app/layouts/site-layout.astro).

/**
 * The longest idle work waits for an idle period, and how long it waits where
 * idle callbacks are missing (docs/product.md#prefetching, #analytics-and-consent).
 */
export const IDLE_FALLBACK_MS = 2000

/**
 * Runs `task` when the browser is idle, at the latest after `fallbackMs` (0: no
 * latest): a page that keeps its main thread busy, or a busy machine, may give
 * no idle period for long; where idle callbacks are missing, after `fallbackMs`.
 */
export function whenIdle(task: () => void, fallbackMs = IDLE_FALLBACK_MS): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: fallbackMs })
  else setTimeout(task, fallbackMs)
}

/** Runs `task` once the page has loaded, in a task of its own if it already has. */
export function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') setTimeout(task, 0)
  else window.addEventListener('load', task, { once: true })
}
