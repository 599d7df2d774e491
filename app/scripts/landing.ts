// Where the visit landed (docs/product.md#lead-capture): run by every page's
// shell (./shell.ts), read when a lead is sent (app/lib/leads/attribution.ts).
import type { Attribution } from '#app/lib/leads/attribution.ts'
import { ATTRIBUTION_KEY, leadLimits, UTM_FIELDS } from '#app/lib/leads/lead-constants.ts'

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
    for (const field of UTM_FIELDS) {
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
