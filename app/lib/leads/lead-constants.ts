/**
 * The lead's constants that code in the browser needs, apart from the fields'
 * options (./lead-fields.ts, which reads the registry). This module imports
 * nothing, and must not: every page's shell script (app/scripts/shell.ts)
 * imports it, and a module it imports would be one more round trip before
 * the shell runs (tests/gates/script-depth.ts).
 */

/** What a refused form says when the refusal names nothing it shows (a post that was no form at all). */
export const UNREADABLE_FORM = 'This form could not be read: please send it again.'

/**
 * The contact page's form section: its heading and the anchor its heading
 * gives it (app/components/section.tsx, `anchorId`), which the audit's links
 * scroll to (./audit-request.ts).
 */
export const CONTACT_FORM_SECTION = { title: 'Send us a message', id: 'send-us-a-message' } as const

/** Hidden from people, left empty by them; a bot that fills it is answered like a person and stored nowhere. */
export const HONEYPOT_FIELD = 'website'

/** Longest values kept, in characters. */
export const leadLimits = {
  email: 254,
  name: 100,
  company: 200,
  message: 5000,
  websiteUrl: 300,
  page: 300,
  referrerHost: 253,
  utm: 200,
} as const

/**
 * The sessionStorage key of the visit's attribution (docs/product.md#lead-capture),
 * listed with every other key in app/lib/browser/browser-storage.ts (the privacy policy's list).
 */
export const ATTRIBUTION_KEY = 'northpeak:attribution'

/** The landing page's parameters a lead carries. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
