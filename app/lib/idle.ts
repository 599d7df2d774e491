// Scheduling for work that must not compete with a page's first paint or a
// visitor's input: prefetching, and code fetched ahead of its first use.

/** Where idle callbacks are missing, idle work waits this long (docs/product.md#prefetching). */
export const IDLE_FALLBACK_MS = 2000

/**
 * Runs `task` when the browser is idle, or after `fallbackMs` where idle
 * callbacks are missing; returns a function that cancels it.
 */
export function whenIdle(task: () => void, fallbackMs = IDLE_FALLBACK_MS): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task)
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(task, fallbackMs)
  return () => clearTimeout(id)
}

/**
 * Runs `task` once the page has loaded, in a task of its own if it already
 * has; returns a function that cancels it.
 */
export function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') {
    const id = setTimeout(task, 0)
    return () => clearTimeout(id)
  }
  window.addEventListener('load', task, { once: true })
  return () => window.removeEventListener('load', task)
}
