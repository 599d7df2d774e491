import type { ClientDirective } from 'astro'

/** `client:exit-intent={{ delayMs, unlessStored }}` (app/directives/README.md). */
export interface ExitIntentOptions {
  /** Wake this long after the page started loading, if nothing else woke it first. */
  delayMs: number
  /** A localStorage key: while it is set, the island never wakes. */
  unlessStored?: string
}

/**
 * Wakes the island when the pointer leaves the window through its top edge,
 * or `delayMs` after the page started loading: the exit popup's moments
 * (docs/product.md#exit-popup). Where the visitor has already seen what it
 * offers (`unlessStored`), it never loads at all.
 */
const exitIntent: ClientDirective = (load, options, element) => {
  const { delayMs, unlessStored } = options.value as unknown as ExitIntentOptions
  try {
    if (unlessStored && localStorage.getItem(unlessStored) !== null) return
  } catch {
    // Storage off: nothing was stored.
  }
  let woken = false
  const wake = async () => {
    if (woken) return
    woken = true
    clearTimeout(timer)
    document.removeEventListener('mouseout', onMouseOut)
    const hydrate = await load()
    await hydrate()
  }
  function onMouseOut(event: MouseEvent) {
    if (event.relatedTarget === null && event.clientY <= 0) void wake()
  }
  const timer = setTimeout(wake, Math.max(0, delayMs - performance.now()))
  document.addEventListener('mouseout', onMouseOut)
  element.dataset.armed = ''
}

export default exitIntent
