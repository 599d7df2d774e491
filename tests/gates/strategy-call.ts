import { attribute, elementsByTag, parseHtml, textOf } from './html-dom.ts'

/**
 * One label and one destination for the free strategy call on every page
 * (docs/product.md#brand-and-business-facts): a link that offers the call
 * reads the label of app/lib/booking/strategy-call.ts (a sentence may start it in
 * lower case) and goes to its path, the booking page, in the same tab. An
 * outside scheduling page (`site.bookingUrl`, when BOOKING_URL names one) is
 * linked from the contact page only. Pure functions over a page's HTML;
 * tests/e2e/strategy-call.spec.ts runs them on every page as the server
 * sends it.
 */

export interface StrategyCall {
  label: string
  href: string
  /** The outside scheduling page (BOOKING_URL), or '' for none. */
  bookingUrl: string
}

/** The page that may link to the outside scheduling page. */
const calendarPage = '/contact'

const offersTheCall = /strategy (?:call|session)/i

/** What is wrong with the strategy-call links of a page; empty when nothing is. */
export function strategyCallProblems(path: string, html: string, call: StrategyCall): string[] {
  const problems: string[] = []
  const labels = new Set([call.label, `${call.label[0]!.toLowerCase()}${call.label.slice(1)}`])
  for (const link of elementsByTag(parseHtml(html), 'a')) {
    const label = textOf(link).replace(/\s+/g, ' ').trim()
    const href = attribute(link, 'href') ?? ''
    if (call.bookingUrl && href === call.bookingUrl && path !== calendarPage) {
      problems.push(`"${label}" links to the booking calendar, which only ${calendarPage} links to`)
    }
    if (!offersTheCall.test(label)) continue
    if (!labels.has(label)) problems.push(`"${label}" offers the strategy call, not as "${call.label}"`)
    if (href !== call.href) problems.push(`"${label}" goes to ${href}, not ${call.href}`)
    if (attribute(link, 'target') !== undefined) problems.push(`"${label}" opens in another tab`)
  }
  return problems
}

/** The free marketing audit's links: where they go, and the labels they may read. */
export interface AuditRequest {
  label: string
  specLabel: string
  href: string
  /** The page's name, as lists of pages (the menus, the sitemap) read. */
  pageName: string
}

/**
 * What is wrong with the links of a page that ask for the free marketing
 * audit: each reads one of its two labels (a sentence may start the first in
 * lower case), or the page's name in a list of pages, so that one offer has
 * one name (docs/product.md#brand-and-business-facts).
 */
export function auditRequestProblems(html: string, audit: AuditRequest): string[] {
  const labels = new Set([
    audit.label,
    `${audit.label[0]!.toLowerCase()}${audit.label.slice(1)}`,
    audit.specLabel,
    audit.pageName,
  ])
  return elementsByTag(parseHtml(html), 'a')
    .filter((link) => attribute(link, 'href') === audit.href)
    .map((link) => textOf(link).replace(/\s+/g, ' ').trim())
    .filter((label) => !labels.has(label))
    .map((label) => `"${label}" asks for the audit, not as "${audit.label}" or "${audit.specLabel}"`)
}
