/**
 * Attribution in the browser (docs/product.md#lead-capture): the referrer's
 * host and the `utm_*` parameters of the page a visit landed on are kept in
 * the tab's sessionStorage until the visitor sends a lead, which carries them
 * with the page it is sent from. The server checks them again (app/lib/lead.ts).
 */
import { leadLimits } from './lead-limits.ts'

/**
 * The sessionStorage key, listed with every other key in
 * app/lib/browser-storage.ts (the privacy policy's list). Defined here, where
 * the shell's scripts read it: a module of its own would be one more round
 * trip before they run.
 */
export const ATTRIBUTION_KEY = 'northpeak:attribution'

const utmFields = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

export interface Attribution {
  page?: string
  referrerHost?: string
  utm_source?: string
  utm_medium?: string
  utm_campaign?: string
  utm_term?: string
  utm_content?: string
}

/**
 * Call on every page load: the first page of the tab's visit records where
 * the visitor came from; later pages change nothing. A referrer on this site
 * is not a source.
 */
export function recordLanding({
  url,
  referrer,
  storage,
}: {
  url: string
  referrer: string
  storage: Pick<Storage, 'getItem' | 'setItem'>
}): void {
  try {
    if (storage.getItem(ATTRIBUTION_KEY) !== null) return
    const landing = new URL(url)
    const landed: Attribution = {}
    for (const field of utmFields) {
      const value = landing.searchParams.get(field)?.trim()
      if (value) landed[field] = value.slice(0, leadLimits.utm)
    }
    if (referrer) {
      const host = new URL(referrer).host
      if (host && host !== landing.host) landed.referrerHost = host.slice(0, leadLimits.referrerHost)
    }
    storage.setItem(ATTRIBUTION_KEY, JSON.stringify(landed))
  } catch {
    // Storage off or full, or an odd referrer: attribution is best effort.
  }
}

/** What a lead sent from `page` carries: the landing's attribution and the page. */
export function attributionFor(page: string, storage: Pick<Storage, 'getItem'>): Attribution {
  let landed: Attribution
  try {
    landed = JSON.parse(storage.getItem(ATTRIBUTION_KEY) ?? '{}') as Attribution
  } catch {
    landed = {}
  }
  return { ...landed, page: page.slice(0, leadLimits.page) }
}
