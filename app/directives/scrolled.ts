import type { ClientDirective } from 'astro'

/** `client:scrolled={{ px, media, unlessStored }}` (app/directives/README.md). */
export interface ScrolledOptions {
  /** Wake once the page is scrolled further than this many pixels. */
  px: number
  /** A media query the window must match when the scroll happens (e.g. narrow screens only). */
  media?: string
  /** A localStorage key: while it is set, the island never wakes. */
  unlessStored?: string
}

/**
 * Wakes the island once the visitor has scrolled past `px`, on windows that
 * match `media`: the mobile call-to-action bar's moment
 * (docs/product.md#mobile-call-to-action-bar). A page that is never scrolled
 * that far, or a wide window, never loads it.
 */
const scrolled: ClientDirective = (load, options) => {
  const { px, media, unlessStored } = options.value as unknown as ScrolledOptions
  try {
    if (unlessStored && localStorage.getItem(unlessStored) !== null) return
  } catch {
    // Storage off: nothing was stored.
  }
  const matches = media ? matchMedia(media) : undefined
  const check = async () => {
    if (window.scrollY <= px || (matches && !matches.matches)) return
    window.removeEventListener('scroll', check)
    const hydrate = await load()
    await hydrate()
  }
  window.addEventListener('scroll', check, { passive: true })
  // A page opened already scrolled (a reload, Back): checked once it has
  // loaded, since reading the scroll position while the page is still being
  // parsed would force a layout of it.
  if (document.readyState === 'complete') void check()
  else window.addEventListener('load', () => void check(), { once: true })
}

export default scrolled
