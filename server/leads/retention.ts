import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { LEAD_PURGE_EVERY_MS, LEAD_RETENTION_MONTHS, countOf } from '#app/lib/leads/retention.ts'
import { redact } from '../outbox/worker.ts'
import type { Store, PurgedLeads } from '../store/store.ts'

/**
 * How long leads are kept (docs/product.md#lead-capture, the privacy policy's
 * "How long we keep it", docs/decisions/032-retention-held-by-the-code.md): a
 * lead goes, with its deliveries and its mail files, once its address (any
 * case) has sent no lead for the retention period, that is
 * LEAD_RETENTION_MONTHS after our last contact with that person through the
 * site. The server purges as it starts and then every LEAD_PURGE_EVERY_MS
 * (`startPurgeSchedule`); `npm run leads -- purge` does the same by hand.
 */

/** A retention period: whole calendar months, or days. */
export type RetentionPeriod = { months: number } | { days: number }

export const defaultRetention: RetentionPeriod = { months: LEAD_RETENTION_MONTHS }

/** `24m` (months) or `400d` (days), at least 1 and at most 9999; null for anything else. */
export function parsePeriod(text: string | undefined): RetentionPeriod | null {
  const match = /^([1-9]\d{0,3})([md])$/.exec(text ?? '')
  if (!match) return null
  const count = Number(match[1])
  return match[2] === 'm' ? { months: count } : { days: count }
}

/** "24 months", "400 days". */
export function describePeriod(period: RetentionPeriod): string {
  return 'months' in period ? countOf(period.months, 'month') : countOf(period.days, 'day')
}

/**
 * The moment `period` before `now` (ms), in UTC: months are calendar months,
 * the day of the month kept or, where that month is shorter, its last day
 * (one month before March 31 is February 28 or 29).
 */
export function cutoffBefore(now: number, period: RetentionPeriod): number {
  if ('days' in period) return now - period.days * 24 * 60 * 60 * 1000
  const at = new Date(now)
  const target = new Date(at)
  target.setUTCDate(1)
  target.setUTCMonth(at.getUTCMonth() - period.months)
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay))
  return target.getTime()
}

/** The address as a whole word, in any case: `ada@example.com` is not in `nada@example.com` nor `ada@example.com.au`. */
export function mentionOf(email: string): RegExp {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\w.%+-])${escaped}(?![\\w-]|\\.\\w)`, 'i')
}

/** What a mail file is called while it is written (server/outbox/mail.ts, `writeDurably`). */
const PARTIAL_MAIL = '.eml.partial'

/**
 * The mail files of `mailDir` (server/outbox/mail.ts writes them without
 * SMTP_URL), as full paths: each `.eml`, and each `.eml.partial`, a mail being
 * written or, after a crash, half-written.
 */
function mailFilesIn(mailDir: string): string[] {
  if (!existsSync(mailDir)) return []
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml') || name.endsWith(PARTIAL_MAIL))
    .map((name) => path.join(mailDir, name))
}

/** How long a `.eml.partial` may still be a mail the running server is writing; older, a crash left it. */
export const PARTIAL_MAIL_MAX_AGE_MS = 60_000

/** The file's text, or null when it went meanwhile (a partial renamed, a file removed). */
function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** The mail files of `mailDir`, whole or half-written, to or about any of `emails` (see `mentionOf`). */
export function mailFilesMentioning(mailDir: string, emails: readonly string[]): string[] {
  if (emails.length === 0) return []
  const mentions = emails.map(mentionOf)
  return mailFilesIn(mailDir).filter((file) => {
    const text = readIfThere(file)
    return text !== null && mentions.some((mention) => mention.test(text))
  })
}

/**
 * The half-written mails of `mailDir` last written more than a minute before
 * `now` (the machine's clock, as the files' times are): a crash's leftovers,
 * between a mail file's write and its rename. The outbox tries that delivery
 * again and writes the mail afresh, so they are nobody's record, and may hold
 * anyone's address: erase and purge remove them.
 */
export function abandonedPartialMails(mailDir: string, now = Date.now()): string[] {
  return mailFilesIn(mailDir).filter((file) => {
    if (!file.endsWith(PARTIAL_MAIL)) return false
    try {
      return statSync(file).mtimeMs < now - PARTIAL_MAIL_MAX_AGE_MS
    } catch {
      return false // renamed or removed meanwhile
    }
  })
}

/**
 * When a mail file was written: the time its name starts with
 * (`2026-11-23T10-00-00-000Z-42-notify-mail.eml`, server/outbox/worker.ts), or
 * else the file's modification time.
 */
function writtenAt(file: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-/.exec(path.basename(file))
  if (match) return Date.parse(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`)
  // Gone meanwhile (a partial renamed): nothing to delete.
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity
}

export interface Purge {
  /** Leads older than this (ms) by their address's latest lead are purged. */
  before: number
  /** What the store deleted (or, in a dry run, would delete). */
  purged: PurgedLeads
  /**
   * The mail files deleted (or that would be): those the purged deliveries
   * wrote, any other to or about a purged address, any written before
   * `before`, whoever it is about (a copy of a mail no older lead needs), and
   * the half-written ones a crash left (`abandonedPartialMails`).
   */
  mailFiles: string[]
  /** The instant audit reports past their 30 days, deleted (or that would be) whoever asked for them. */
  auditReports: number
}

/** Purges the leads past `period` at `now`, and their mail files under `mailDir`. */
export async function purgeLeads({
  store,
  mailDir,
  period = defaultRetention,
  now = Date.now(),
  dryRun = false,
}: {
  store: Store
  mailDir: string
  period?: RetentionPeriod
  now?: number
  dryRun?: boolean
}): Promise<Purge> {
  const before = cutoffBefore(now, period)
  const purged = await store.purgeLeads(before, { dryRun })
  const files = new Set(purged.mailFiles.filter((file) => existsSync(file)))
  for (const file of mailFilesMentioning(mailDir, purged.emails)) files.add(file)
  for (const file of mailFilesIn(mailDir)) if (writtenAt(file) < before) files.add(file)
  for (const file of abandonedPartialMails(mailDir)) files.add(file)
  if (!dryRun) for (const file of files) rmSync(file, { force: true })
  const auditReports = await store.purgeAuditReports(now, { dryRun })
  return { before, purged, mailFiles: [...files], auditReports }
}

/**
 * The server's purge: once as it starts, then every `everyMs` (an unref'd
 * timer, so it never keeps the process alive). Each run logs one line of
 * counts, never an address: `{"event":"leads_purged","olderThan":"24 months",
 * "leads":1,"deliveries":2,"mailFiles":2}`. `stop()` clears the timer and
 * waits for a run under way, so the store can close after it.
 */
export function startPurgeSchedule({
  store,
  mailDir,
  everyMs = LEAD_PURGE_EVERY_MS,
  period = defaultRetention,
  now = Date.now,
  log,
}: {
  store: Store
  mailDir: string
  everyMs?: number
  period?: RetentionPeriod
  now?: () => number
  log: Pick<Console, 'info' | 'error'>
}) {
  let running: Promise<void> | null = null
  const run = () => {
    // A run still going (a slow database) is not doubled.
    running ??= purgeLeads({ store, mailDir, period, now: now() })
      .then(({ purged, mailFiles, auditReports }) =>
        log.info(
          JSON.stringify({
            event: 'leads_purged',
            olderThan: describePeriod(period),
            leads: purged.leads.length,
            deliveries: purged.deliveries.length,
            mailFiles: mailFiles.length,
            auditReports,
            // What a reader kept in the database's files (store/sqlite-db.ts, `wipe`): the next run clears it.
            // A sentence with the database's path, never an address.
            ...(purged.leftover ? { leftover: purged.leftover } : {}),
          }),
        ),
      )
      .catch((error: unknown) =>
        log.error(
          JSON.stringify({
            event: 'purge_failed',
            error: redact(String((error as Error).message ?? error)).slice(0, 300),
          }),
        ),
      )
      .finally(() => {
        running = null
      })
    return running
  }
  const timer = setInterval(run, everyMs)
  timer.unref()
  const first = run()
  return {
    /** The run made at start, for tests. */
    first,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
