/**
 * How long the site keeps what it keeps (docs/product.md#lead-capture,
 * docs/decisions/032-retention-held-by-the-code.md). The
 * server acts on these numbers and the privacy policy states them through
 * placeholders (app/lib/content/placeholders.ts), so the two read the same
 * constant. The last two are settings of the machines (docs/deploy.md, "Logs"
 * and "Backups and restore"), which a test holds to the same numbers.
 */

/**
 * A lead is deleted once this many months have passed since the last lead sent
 * with its email address (any case): our last contact with that person through
 * the site (server/leads/retention.ts).
 */
export const LEAD_RETENTION_MONTHS = 24

/** How often the server deletes the leads past their retention; it also does so as it starts. */
export const LEAD_PURGE_EVERY_MS = 24 * 60 * 60 * 1000

/**
 * The rate limits' fixed window (server/store/rate-limit.ts): an address is counted,
 * and kept, for this long from its first request of a window.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000

/** How often the rate limits forget the addresses whose window has passed. */
export const RATE_LIMIT_SWEEP_MS = 5_000

/** Server logs (the Node server's journal, nginx's access log) are kept at most this many days. */
export const SERVER_LOG_DAYS = 30

/** Backups of the lead database are kept this many days, then deleted. */
export const BACKUP_DAYS = 30

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

/** "one minute", "24 months": a count and its unit as a sentence says them (words up to ten). */
export function countOf(count: number, unit: string): string {
  return `${numberWords[count] ?? count} ${unit}${count === 1 ? '' : 's'}`
}
