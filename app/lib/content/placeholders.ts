import { listOf } from '#app/lib/site/in-sentence.ts'
import { auditKitMarkdown } from '#app/lib/leads/audit-kit.ts'
import { browserStorageList } from '#app/lib/browser/browser-storage.ts'
import {
  BACKUP_DAYS,
  countOf,
  LEAD_PURGE_EVERY_MS,
  LEAD_RETENTION_MONTHS,
  RATE_LIMIT_WINDOW_MS,
  SERVER_LOG_DAYS,
} from '#app/lib/leads/retention.ts'
import { site } from '#app/lib/site/site.ts'
import { AUDIT_LIMITS } from '#app/lib/audit/limits.ts'
import { AUDIT_REPORT_DAYS } from '#app/lib/audit/report.ts'

/**
 * The offer and the claims, as copy in content/ refers to them: `{{name}}`
 * in any text field or Markdown body stands for the value below, taken from
 * the site config (docs/product.md#brand-and-business-facts), so changing
 * the offer there changes every page. The content loader resolves them
 * before it checks lengths, so limits apply to what the visitor reads; an
 * unknown name stops the build with the file and the field.
 *
 * Keep the set small: one name per fact that copy states, documented in
 * content/README.md.
 */
export const placeholders = {
  /** "127%": the average conversion uplift, as app/lib/site/site.ts defines it. */
  conversionUplift: site.claims.conversionUplift,
  /** "average lift in the conversion rate each client program set out to raise": what the 127% measures. */
  conversionUpliftMeaning: site.claims.conversionUpliftMeaning,
  /** "43% to 56%": the rises in the conversion rate each published case study set out to raise. */
  publishedUpliftRange: `${site.claims.publishedUplifts.low} to ${site.claims.publishedUplifts.high}`,
  /** "46%": the middle of those rises, the ROI calculator's first uplift. */
  typicalUplift: site.claims.publishedUplifts.middle,
  /** "$10M+": ad spend managed. */
  adSpendManaged: site.claims.adSpendManaged,
  /** "30": length of the free strategy call in minutes, as in "{{sessionMinutes}}-minute". */
  sessionMinutes: String(site.strategySession.minutes),
  /** "$300": what the free strategy call is worth. */
  sessionWorth: site.strategySession.worth,
  /** "47-point audit checklist": the audit's checklist, when copy names it alone. */
  auditChecklist: site.auditOffer.checklist,
  /** "a 47-point audit checklist, an ROI calculator spreadsheet and an AI optimization guide". */
  auditItems: listOf(site.auditOffer.kit.map((part) => `${part.article} ${part.name}`)),
  /**
   * The kit as a Markdown list, one line per part: its name, what it is, its
   * page and download links (app/lib/leads/audit-kit.ts). Only where Markdown is
   * read (a body, a prose section): a plain-text field refuses it.
   */
  auditKit: auditKitMarkdown(),
  /** "Northpeak Growth LLC": the legal entity that runs the site (app/lib/site/site.ts `legal`). */
  legalEntity: site.legal.entity,
  /** Its postal address, on one line. */
  postalAddress: site.legal.address,
  /** "the State of Colorado, United States": the law the terms are under. */
  governingLaw: site.legal.governingLaw,
  /** The courts that hear a dispute about the terms. */
  courts: site.legal.courts,
  /** "$500": what the audit's materials are valued at. */
  auditWorth: site.auditOffer.worth,
  // What the privacy policy states the code does (app/lib/leads/retention.ts, app/lib/browser/browser-storage.ts).
  /** "24 months": how long after the last lead of an address its leads are kept. */
  leadRetention: countOf(LEAD_RETENTION_MONTHS, 'month'),
  /** "every day": how often the server deletes the leads past it. */
  purgeSchedule: everyWords(LEAD_PURGE_EVERY_MS),
  /** "one minute": how long the rate limits keep an address after its last request. */
  rateLimitWindow: countOf(RATE_LIMIT_WINDOW_MS / 60_000, 'minute'),
  /** "30 days": how long server logs are kept (docs/deploy.md, "Logs"). */
  logRetention: countOf(SERVER_LOG_DAYS, 'day'),
  /** "30 days": how long backups are kept (docs/deploy.md, "Backups and restore"). */
  backupRetention: countOf(BACKUP_DAYS, 'day'),
  // What /audit and the privacy policy state the grader does (app/lib/audit/, server/audit/).
  /** "30 days": how long an instant audit's report and its address are kept. */
  auditReportKept: countOf(AUDIT_REPORT_DAYS, 'day'),
  /** "24 hours": how long a website's result is reused for new reports of the same address. */
  auditReuse: countOf(AUDIT_LIMITS.reuseMs / 3_600_000, 'hour'),
  /** "15 seconds": the most a grading takes. */
  auditDeadline: countOf(AUDIT_LIMITS.deadlineMs / 1000, 'second'),
  /** "10": the audits one address may ask for in an hour. */
  auditsPerHour: String(AUDIT_LIMITS.perVisitorPerHour),
  /** "20": the page's links the grader asks with HEAD. */
  auditLinks: String(AUDIT_LIMITS.links),
  /** "2 MB": the most the grader reads of any one response. */
  auditBodyCap: `${AUDIT_LIMITS.maxBodyBytes / (1024 * 1024)} MB`,
  /** The list of what the site keeps in the browser, one Markdown item per key of this build. */
  browserStorage: browserStorageList({ analytics: __GA_MEASUREMENT_ID__ !== '' }),
} satisfies Record<string, string>

export type PlaceholderName = keyof typeof placeholders

/**
 * What a build is, for copy that must say it: `{{#if analytics}}...{{else}}...{{/if}}`
 * keeps the first text in a build with a measurement id (VITE_GA_MEASUREMENT_ID)
 * and the second otherwise (`{{else}}` is optional); `{{#if bookingCalendar}}` a
 * build with an outside scheduling page (BOOKING_URL). The privacy policy and the
 * terms use them, so that they never describe measurement or a third-party
 * calendar a build does not have. Blocks do not nest.
 */
export const buildConditions = {
  /** Google Analytics runs after consent (docs/product.md#analytics-and-consent). */
  analytics: __GA_MEASUREMENT_ID__ !== '',
  /** The contact page also links an outside scheduling page (BOOKING_URL), run by a third party. */
  bookingCalendar: __BOOKING_URL__ !== '',
} satisfies Record<string, boolean>

export type BuildConditions = Record<keyof typeof buildConditions, boolean>

function everyWords(ms: number): string {
  const hours = ms / 3_600_000
  return hours === 24 ? 'every day' : `every ${countOf(hours, 'hour')}`
}

/** A placeholder the loader does not know, or a stray brace pair; the loader adds file and field. */
export class PlaceholderError extends Error {
  override name = 'PlaceholderError'
  /** Where in the frontmatter, e.g. "sections.2.body"; unset for a body. */
  field?: string
}

const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g
const conditionalBlock = /\{\{#if\s+([^{}]*?)\s*\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g

function resolveConditions(text: string, conditions: BuildConditions): string {
  return text.replace(conditionalBlock, (match, name: string, then: string, otherwise = '') => {
    if (!Object.hasOwn(conditions, name)) {
      throw new PlaceholderError(
        `unknown condition in ${match.slice(0, match.indexOf('}}') + 2)}; known: ${Object.keys(conditions).join(', ')}`,
      )
    }
    if (/\{\{#if\b/.test(then + otherwise)) throw new PlaceholderError('{{#if}} blocks do not nest')
    return conditions[name as keyof BuildConditions] ? then : otherwise
  })
}

/**
 * `text` with each `{{#if condition}}` block reduced to the text the build
 * asks for, and every `{{name}}` replaced by its value.
 */
export function resolvePlaceholders(text: string, conditions: BuildConditions = buildConditions): string {
  const resolved = resolveConditions(text, conditions).replace(placeholder, (match, name: string) => {
    if (!Object.hasOwn(placeholders, name)) {
      throw new PlaceholderError(
        `unknown placeholder ${match}; known: ${Object.keys(placeholders)
          .map((known) => `{{${known}}}`)
          .join(', ')}`,
      )
    }
    return placeholders[name as PlaceholderName]
  })
  const stray = /\{\{|\}\}/.exec(resolved)
  if (stray) throw new PlaceholderError(`"${stray[0]}" is not part of a placeholder such as {{sessionWorth}}`)
  return resolved
}

/**
 * Every string in parsed frontmatter with its placeholders resolved. A
 * problem throws a PlaceholderError whose `field` is the dotted path to it.
 */
export function resolvePlaceholdersIn(
  value: unknown,
  path: (string | number)[] = [],
  conditions: BuildConditions = buildConditions,
): unknown {
  if (typeof value === 'string') {
    try {
      return resolvePlaceholders(value, conditions)
    } catch (error) {
      if (error instanceof PlaceholderError) error.field ??= path.join('.')
      throw error
    }
  }
  if (Array.isArray(value)) return value.map((item, index) => resolvePlaceholdersIn(item, [...path, index], conditions))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, resolvePlaceholdersIn(item, [...path, key], conditions)]),
    )
  }
  return value
}
