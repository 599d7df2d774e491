// What the exit popup and the mobile call-to-action bar go by in the browser
// (app/islands/exit-popup.tsx, mobile-cta-bar.tsx). Nothing here imports the
// registry: islands carry only what they need. Which pages show them is
// app/lib/leads/lead-widget-pages.ts, read by the shell at build.

/** When the exit popup opens by itself (docs/product.md#exit-popup). */
export const EXIT_POPUP_DELAY_MS = 30_000
/**
 * Where the offer is a small sheet at the foot of the screen instead of a
 * modal dialog (docs/product.md#exit-popup): narrow screens, where the mobile
 * call-to-action bar shows too, and screens whose main pointer is a finger,
 * whatever their width (phones, tablets).
 */
export const OFFER_SHEET_MEDIA = '(width < 48rem), (pointer: coarse)'
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
  return fieldOrDialogInUse(doc) || openPopovers(doc).some((popover) => inUse(popover, doc))
}

/**
 * Something the sheet must not appear beside: anything the popup waits for
 * (a dialog, a field in use), and also any open menu, which the sheet leaves
 * as it is, and the consent banner, which shares the foot of the screen.
 */
export function sheetMustWait(doc: Document = document): boolean {
  return (
    fieldOrDialogInUse(doc) || openPopovers(doc).length > 0 || doc.documentElement.hasAttribute('data-consent-banner')
  )
}

/** A field in use, or a dialog open. */
function fieldOrDialogInUse(doc: Document): boolean {
  const active = doc.activeElement
  if (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]')) return true
  return doc.querySelector('dialog[open], [aria-modal="true"]') !== null
}

/** A popover the visitor is using: focus on its button or in it. */
function inUse(popover: HTMLElement, doc: Document): boolean {
  const active = doc.activeElement
  return popover.contains(active) || (active instanceof HTMLButtonElement && active.popoverTargetElement === popover)
}
