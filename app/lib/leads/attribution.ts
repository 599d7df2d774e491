/**
 * Attribution in the browser (docs/product.md#lead-capture): the referrer's
 * host and the `utm_*` parameters of the page a visit landed on are kept in
 * the tab's sessionStorage (recorded by app/scripts/landing.ts on every page)
 * until the visitor sends a lead, which carries them with the page it is sent
 * from. The server checks them again (app/lib/leads/lead.ts).
 */
import { ATTRIBUTION_KEY, leadLimits, type UTM_FIELDS } from './lead-constants.ts'

export type Attribution = { page?: string; referrerHost?: string } & {
  [field in (typeof UTM_FIELDS)[number]]?: string
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
