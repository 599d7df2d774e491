/**
 * The visitor's choice about measurement (docs/product.md#analytics-and-consent,
 * docs/decisions/021-consent-before-measurement.md): a small state machine,
 * free of React and of the browser but for the two storage helpers, so that
 * the rules are tested on their own.
 *
 * - No stored choice: the banner shows, nothing is measured.
 * - Accept: stored, the banner closes, measurement starts.
 * - Reject: stored, the banner closes, measurement stops if it had started.
 * - Cookie settings: the banner shows again with the current choice in force
 *   until the visitor picks one.
 */

import { CONSENT_KEY } from '../browser/browser-storage.ts'

export type ConsentChoice = 'granted' | 'denied'

export interface ConsentState {
  /** What the visitor chose, or null before any choice. */
  choice: ConsentChoice | null
  /** Whether the banner shows. */
  bannerOpen: boolean
  /** The banner was opened from Cookie settings (focus goes to it), not shown on a first visit. */
  reopened: boolean
}

export type ConsentAction = { type: 'accept' } | { type: 'reject' } | { type: 'reopen' }

/** The state a page starts in, from the stored choice. */
export function initialConsent(stored: ConsentChoice | null): ConsentState {
  return { choice: stored, bannerOpen: stored === null, reopened: false }
}

export function consentReducer(state: ConsentState, action: ConsentAction): ConsentState {
  switch (action.type) {
    case 'accept':
      return { choice: 'granted', bannerOpen: false, reopened: false }
    case 'reject':
      return { choice: 'denied', bannerOpen: false, reopened: false }
    case 'reopen':
      return state.bannerOpen ? state : { ...state, bannerOpen: true, reopened: true }
  }
}

/** Measurement runs only while this holds. */
export function measuring(state: ConsentState): boolean {
  return state.choice === 'granted'
}

/**
 * Where the choice is kept: this browser's localStorage, never a cookie or the
 * server (app/lib/browser/browser-storage.ts, listed in the privacy policy).
 */
export const CONSENT_STORAGE_KEY = CONSENT_KEY

/** The stored choice; anything else (nothing, a stray value, storage turned off) counts as no choice. */
export function readConsent(storage: Pick<Storage, 'getItem'> | undefined): ConsentChoice | null {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY)
    return value === 'granted' || value === 'denied' ? value : null
  } catch {
    return null
  }
}

/**
 * Keeps the choice. Where storage is turned off or full, the choice holds
 * for this page only, and the banner asks again on the next load.
 */
export function storeConsent(storage: Pick<Storage, 'setItem'> | undefined, choice: ConsentChoice): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, choice)
  } catch {
    // Nothing to do: the choice still applies to this page.
  }
}
