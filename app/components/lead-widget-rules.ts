// What the exit popup and the mobile call-to-action bar go by in the browser
// (app/islands/exit-popup.tsx, mobile-cta-bar.tsx). Nothing here imports the
// registry: islands carry only what they need. Which pages show them is
// app/lib/leads/lead-widget-pages.ts, read by the shell at build.

/** When the exit popup opens by itself (docs/product.md#exit-popup). */
export const EXIT_POPUP_DELAY_MS = 30_000
/** How far a page is scrolled before the mobile call-to-action bar shows. */
export const CTA_BAR_SCROLL_PX = 300

/** Stored flags: set once, they stay (localStorage; app/lib/browser/browser-storage.ts, listed in the privacy policy). */
export { CTA_BAR_DISMISSED_KEY, EXIT_POPUP_SEEN_KEY } from '#app/lib/browser/browser-storage.ts'

export function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null
  } catch {
    return false
  }
}

export function setFlag(key: string): void {
  try {
    localStorage.setItem(key, new Date().toISOString().slice(0, 10))
  } catch {
    // Storage off: the flag lasts as long as the page.
  }
}

/** The popovers open now (the menus); none where the browser has no Popover API. */
export function openPopovers(doc: Document = document): HTMLElement[] {
  try {
    return [...doc.querySelectorAll<HTMLElement>(':popover-open')]
  } catch {
    return []
  }
}

/**
 * Something the popup must not cover: an open dialog, a form field the
 * visitor is typing in, or a menu they are using (focus on its button or in
 * it). A menu open only because the pointer rested on it on its way out is
 * not in use: the popup closes it as it opens.
 */
export function visitorIsBusy(doc: Document = document): boolean {
  const active = doc.activeElement
  if (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]')) return true
  if (doc.querySelector('dialog[open], [aria-modal="true"]')) return true
  return openPopovers(doc).some(
    (popover) =>
      popover.contains(active) || (active instanceof HTMLButtonElement && active.popoverTargetElement === popover),
  )
}
