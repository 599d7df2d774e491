/**
 * Everything the site keeps in a visitor's browser, in one place
 * (docs/decisions/032-retention-held-by-the-code.md): the code
 * that reads and writes each key imports it from here (the theme's, the
 * attribution's and the audit checklist's keys are defined in modules that
 * import nothing, which the shell's scripts and the checklist's load first,
 * and listed here), and the privacy
 * policy's list "What this site keeps in your browser" is rendered from
 * `browserStorage` (the `{{browserStorage}}` placeholder,
 * app/lib/content/placeholders.ts). tests/e2e/browser-storage.spec.ts records
 * every key a browser session writes and fails on one missing here.
 *
 * Islands and the shell's scripts import the keys alone, so the descriptions
 * below never ship to the browser.
 */

import { ATTRIBUTION_KEY } from '../leads/lead-constants.ts'
import { CHECKLIST_ANSWERS_KEY } from '../tools/checklist-score.ts'
import { THEME_KEY } from './theme.ts'

export { ATTRIBUTION_KEY, CHECKLIST_ANSWERS_KEY, THEME_KEY }
/** The answer to the consent banner, `granted` or `denied` (app/lib/analytics/consent.ts); only in a build with analytics. */
export const CONSENT_KEY = 'northpeak-consent'
/** The day the exit popup was shown, as a dialog or as the sheet of phones and touch screens (app/components/lead-widget-rules.ts). */
export const EXIT_POPUP_SEEN_KEY = 'northpeak:exit-popup-seen'
/** The day the mobile call-to-action bar was closed (app/components/lead-widget-rules.ts). */
export const CTA_BAR_DISMISSED_KEY = 'northpeak:cta-bar-dismissed'

export interface BrowserStorageEntry {
  key: string
  storage: 'localStorage' | 'sessionStorage'
  /** What it holds and why, as the privacy policy says it (Markdown, one sentence). */
  holds: string
  /** How long it stays, as the policy says it. */
  lasts: string
  /** Kept only by a build with that condition (app/lib/content/placeholders.ts, `buildConditions`). */
  only?: 'analytics'
}

export const browserStorage: readonly BrowserStorageEntry[] = [
  {
    key: THEME_KEY,
    storage: 'localStorage',
    holds: 'the theme you chose with the **Dark theme** button, `light` or `dark`, so that every page shows it',
    lasts: 'until you clear this site’s data',
  },
  {
    key: CONSENT_KEY,
    storage: 'localStorage',
    holds: 'your answer to the cookie banner, `granted` or `denied`, so that it does not ask on every page',
    lasts: 'until you change it or clear this site’s data',
    only: 'analytics',
  },
  {
    key: EXIT_POPUP_SEEN_KEY,
    storage: 'localStorage',
    holds:
      'the date the audit kit was offered (the window, or on a phone or touch screen the panel at the foot of the screen), so that it is not offered again',
    lasts: 'until you clear this site’s data',
  },
  {
    key: CTA_BAR_DISMISSED_KEY,
    storage: 'localStorage',
    holds: 'the date you closed the call-to-action bar at the foot of a phone’s screen, so that it stays closed',
    lasts: 'until you clear this site’s data',
  },
  {
    key: CHECKLIST_ANSWERS_KEY,
    storage: 'localStorage',
    holds:
      'the answers you give on the audit checklist page (Pass, Partial or Fail for each point), so that your scores are there when you come back; they never leave your browser',
    lasts: 'until you press Clear answers on that page or clear this site’s data',
  },
  {
    key: ATTRIBUTION_KEY,
    storage: 'sessionStorage',
    holds:
      'where your visit came from (the name of the linking website and the campaign labels described above), sent to us only with a form you submit',
    lasts: 'until you close the tab',
  },
]

/** The entries a build keeps: those of its conditions, and those without one. */
export function browserStorageOf(conditions: { analytics: boolean }): BrowserStorageEntry[] {
  return browserStorage.filter((entry) => !entry.only || conditions[entry.only])
}

const storageNames = { localStorage: 'local storage', sessionStorage: 'session storage' }

/** The policy's list: one Markdown item per entry the build keeps, its key first. */
export function browserStorageList(conditions: { analytics: boolean }): string {
  return browserStorageOf(conditions)
    .map((entry) => `- \`${entry.key}\`, in ${storageNames[entry.storage]}, ${entry.lasts}: ${entry.holds}.`)
    .join('\n')
}
