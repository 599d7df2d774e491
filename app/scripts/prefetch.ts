import { prefetch } from 'astro:prefetch'
import { afterLoad, whenIdle } from '#app/lib/browser/idle.ts'
import { speculationRules } from '#app/lib/site/speculation-rules.ts'

/** How long the pointer or focus rests on a link before its page is fetched, as Astro's hover strategy waits. */
const PREFETCH_REST_MS = 80

/**
 * Fetches likely next pages before a click (docs/product.md#prefetching,
 * docs/decisions/044-prefetch-on-intent.md): those `data-prefetch-idle` lists
 * once the page has loaded, one per idle period, so none competes with the
 * page's own loading; others only on intent. Nothing under Save-Data, and
 * nothing under `astro dev` (`npm run cms`): there every prefetch renders a
 * page, and a page rendered while a saved file is taken in can leave the
 * collections' old text in place until the next save (docs/editing.md).
 */
export function schedulePrefetch(element: HTMLElement): void {
  if (import.meta.env.DEV) return
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection
  if (connection?.saveData) return
  const idle = (element.dataset.prefetchIdle ?? '').split(' ').filter(Boolean)
  const next = () => {
    const path = idle.shift()
    if (!path) return
    // Save-Data alone says no (above): Astro's own guess of a slow network (an effective type of
    // 2g, which Chromium estimates from the round trips it saw, and on a busy machine may guess
    // for any) would skip the spec's four some loads and not others.
    prefetch(path, { ignoreSlowConnection: true })
    whenIdle(next, 0)
  }
  afterLoad(() => whenIdle(next))
  prefetchOnIntent()
}

/**
 * Fetches the page of a `data-prefetch` link the keyboard focus rests on and,
 * where the browser has no Speculation Rules to judge the pointer's intent,
 * one the pointer rests on or a touch starts on: one listener for the page,
 * not Astro's per link (docs/decisions/029-pages-as-documents-widgets-as-islands.md).
 */
function prefetchOnIntent(): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const linkOf = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-prefetch]') : null
    return link instanceof HTMLAnchorElement ? link : null
  }
  const rest = (link: HTMLAnchorElement) => {
    clearTimeout(timer)
    timer = setTimeout(() => prefetch(link.href), PREFETCH_REST_MS)
  }
  const leave = () => clearTimeout(timer)
  document.addEventListener('focusin', (event) => {
    const link = linkOf(event)
    // A click focuses its link too; the pointer's own intent has fetched it.
    if (link?.matches(':focus-visible')) rest(link)
  })
  document.addEventListener('focusout', leave)
  if (HTMLScriptElement.supports?.('speculationrules')) {
    const rules = document.createElement('script')
    rules.type = 'speculationrules'
    rules.textContent = speculationRules
    document.head.append(rules)
    return
  }
  const over = (event: PointerEvent) => {
    const link = linkOf(event)
    if (!link) return
    if (event.pointerType === 'touch') prefetch(link.href)
    else rest(link)
  }
  document.addEventListener('pointerover', over, { passive: true })
  document.addEventListener('pointerout', leave, { passive: true })
}
