/**
 * The lead's limits, apart from the fields' options (./lead-fields.ts, which
 * reads the registry): what every page's attribution script needs
 * (./attribution.ts), without the page registry.
 */

/** Hidden from people, left empty by them; a bot that fills it is answered like a person and stored nowhere. */
export const HONEYPOT_FIELD = 'website'

/** Longest values kept, in characters. */
export const leadLimits = {
  email: 254,
  name: 100,
  company: 200,
  message: 5000,
  page: 300,
  referrerHost: 253,
  utm: 200,
} as const
