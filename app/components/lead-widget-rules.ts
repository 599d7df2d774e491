import { checklistPath } from '#app/lib/navigation.ts'
import { normalizePath } from '#app/lib/registry.ts'

/** When the exit popup opens by itself (docs/product.md#exit-popup). */
export const EXIT_POPUP_DELAY_MS = 30_000
/** How far a page is scrolled before the mobile call-to-action bar shows. */
export const CTA_BAR_SCROLL_PX = 300

/** Stored flags: set once, they stay (localStorage). */
export const EXIT_POPUP_SEEN_KEY = 'northpeak:exit-popup-seen'
export const CTA_BAR_DISMISSED_KEY = 'northpeak:cta-bar-dismissed'

/** Pages where the popup would interrupt what the visitor came to do, or offer what they already have. */
const noPopupPaths = new Set(['/contact', '/thank-you', checklistPath])
/** Pages that are already the call to action. */
const noBarPaths = new Set(['/contact', '/thank-you'])

export const popupAllowedOn = (pathname: string) => !noPopupPaths.has(normalizePath(pathname))
export const barAllowedOn = (pathname: string) => !noBarPaths.has(normalizePath(pathname))

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

/**
 * Something the popup must not cover: an open dialog or menu, or a form
 * field the visitor is typing in.
 */
export function visitorIsBusy(doc: Document = document): boolean {
  const active = doc.activeElement
  if (active instanceof HTMLElement && active.matches('input, textarea, select, [contenteditable="true"]')) return true
  if (doc.querySelector('dialog[open], [aria-modal="true"]')) return true
  try {
    return doc.querySelector(':popover-open') !== null
  } catch {
    return false // no Popover API, so no popover open
  }
}
