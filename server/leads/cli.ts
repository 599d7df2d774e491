import { closeSync, existsSync, openSync, rmSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { loadAvailability } from '../booking/availability.ts'
import { HOLD_MINUTES } from '../booking/limits.ts'
import { callTimeShort } from '../booking/when.ts'
import { DATA_FILE_MODE } from '../data-folder.ts'
import type { ServerEnv } from '../env.ts'
import { bookingDeliveriesFor } from '../outbox/worker.ts'
import {
  abandonedPartialMails,
  defaultRetention,
  describePeriod,
  mailFilesMentioning,
  parsePeriod,
  purgeLeads,
  type RetentionPeriod,
} from './retention.ts'
import type { DeliveryRow, ErasedLeads, Store, StoredLead } from '../store/store.ts'
import { openLeadStore, type OpenedStore } from '../store/open-store.ts'

export { mentionOf } from './retention.ts'

export const usage = `Usage: npm run leads -- <command>

  export [--format csv|json] [--since DATE]   leads, oldest first, to standard output (CSV by default);
                                              DATE as 2026-11-01 or 2026-11-01T09:00:00Z
  outbox                                      deliveries still pending or failed, with their last error
  retry ID                                    try delivery ID again now, with its tries counted afresh
  erase EMAIL                                 delete every lead of EMAIL, their deliveries and the mail
                                              files to or about them, and list what was removed
  purge [--older-than PERIOD] [--dry-run]     delete the leads of every address last heard from more than
                                              PERIOD ago (24m by default: months, or days as 400d), their
                                              deliveries and mail files, as the server does daily;
                                              --dry-run lists what would go and deletes nothing
  bookings                                    upcoming strategy calls booked on the site, on the team's clock
  cancel ID                                   cancel booking ID; the running server emails the visitor the
                                              cancellation (an invitation with METHOD:CANCEL)
  backup FILE                                 copy the SQLite lead database to FILE while the server runs
                                              (with DATABASE_URL: use pg_dump, see docs/deploy.md)
`

/** The columns of the CSV export, in order. */
export const csvColumns = [
  'id',
  'created_at',
  'kind',
  'email',
  'name',
  'company',
  'service',
  'budget',
  'topic',
  'message',
  'page',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  // A booker's number for a phone call (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
  'phone',
  // The website a contact-form lead gives (docs/product.md#contact-form).
  'website_url',
  // The instant audit report it was sent with and its score (docs/decisions/054-the-instant-audit.md).
  'audit_report',
  'audit_score',
] as const

/**
 * The team's tools for leads (docs/product.md#lead-capture, "Visitors'
 * rights"): no HTTP endpoint lists leads, this does, on the server's own
 * database. Writes what it has to say to `out`; resolves with the exit code.
 */
export async function runLeadsCli(
  args: string[],
  env: Pick<ServerEnv, 'DATA_DIR' | 'DATABASE_PATH' | 'DATABASE_URL'> & Partial<Pick<ServerEnv, 'LEAD_WEBHOOK_URL'>>,
  out: { log: (text: string) => void; error: (text: string) => void } = {
    log: (text) => process.stdout.write(`${text}\n`),
    error: (text) => process.stderr.write(`${text}\n`),
  },
  now = Date.now,
): Promise<number> {
  const [command, ...rest] = args
  if (!command || command === 'help' || command === '--help') {
    out.log(usage)
    return command ? 0 : 2
  }
  if (!['export', 'outbox', 'retry', 'erase', 'purge', 'backup', 'bookings', 'cancel'].includes(command)) {
    out.error(`Unknown command "${command}".\n\n${usage}`)
    return 2
  }
  if (!env.DATABASE_URL && !existsSync(env.DATABASE_PATH)) {
    out.error(`No lead database at ${env.DATABASE_PATH}: the server creates it when it first starts.`)
    return 1
  }
  if (command === 'backup') return backup(env, rest, out)
  // Arguments are checked before the database opens: a wrong one changes nothing.
  const purgeOptions = command === 'purge' ? readPurgeOptions(rest) : undefined
  if (typeof purgeOptions === 'string') return badArgument(out, purgeOptions)
  const { store, kind } = await openLeadStore(env, { thread: false })
  try {
    switch (command) {
      case 'export':
        return await exportLeads(store, rest, out)
      case 'outbox':
        return await listOutbox(store, out, now)
      case 'retry':
        return await retry(store, rest, out, now)
      case 'purge':
        return await purge(store, kind, purgeOptions!, path.join(env.DATA_DIR, 'mail'), out, now)
      case 'bookings':
        return await listBookings(store, rest, out, now)
      case 'cancel':
        return await cancelBooking(store, rest, out, now, Boolean(env.LEAD_WEBHOOK_URL))
      default:
        return await erase(store, kind, rest, path.join(env.DATA_DIR, 'mail'), out)
    }
  } finally {
    await store.close()
  }
}

type Out = Parameters<typeof runLeadsCli>[2] & {}
type StoreKind = OpenedStore['kind']

async function exportLeads(store: Store, args: string[], out: Out): Promise<number> {
  let format: 'csv' | 'json' = 'csv'
  let since: number | undefined
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!
    const equals = arg.indexOf('=')
    const flag = equals === -1 ? arg : arg.slice(0, equals)
    const value = equals === -1 ? args[++i] : arg.slice(equals + 1)
    if (flag === '--format') {
      if (value !== 'csv' && value !== 'json') return badArgument(out, `--format ${value ?? ''}`.trim())
      format = value
    } else if (flag === '--since') {
      const parsed = parseSince(value)
      if (parsed === null) return badArgument(out, `--since ${value ?? ''}`.trim())
      since = parsed
    } else return badArgument(out, arg)
  }
  const leads = await store.exportLeads({ since })
  out.log(format === 'json' ? JSON.stringify(leads.map(asExported), null, 2) : toCsv(leads))
  return 0
}

/** A day (`2026-11-01`, from its start in UTC) or an ISO date and time with its zone; null otherwise. */
export function parseSince(value: string | undefined): number | null {
  if (!value) return null
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) value = `${value}T00:00:00Z`
  else if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : time
}

function badArgument(out: Out, what: string): number {
  out.error(`Cannot read "${what}".\n\n${usage}`)
  return 2
}

/** A lead as exported: its time as an ISO date. */
function asExported(lead: StoredLead) {
  return { ...lead, createdAt: new Date(lead.createdAt).toISOString() }
}

/**
 * RFC 4180 CSV: every field quoted where it holds a comma, a quote or a line
 * break, quotes doubled, lines ending in CRLF. A field that a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or CR) gets a leading
 * apostrophe, so opening the export runs nothing a visitor typed.
 */
export function toCsv(leads: StoredLead[]): string {
  const rows = leads.map((lead) => {
    const exported = asExported(lead)
    const byColumn: Record<(typeof csvColumns)[number], string | null> = {
      ...exported,
      created_at: exported.createdAt,
      referrer_host: exported.referrerHost,
      website_url: exported.websiteUrl,
      audit_report: exported.auditReport,
      audit_score: exported.auditScore === null ? null : String(exported.auditScore),
    }
    return csvColumns.map((column) => csvField(byColumn[column] ?? ''))
  })
  return [csvColumns.join(','), ...rows.map((row) => row.join(','))].join('\r\n')
}

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

async function listOutbox(store: Store, out: Out, now: () => number): Promise<number> {
  const rows = await store.listUndelivered()
  if (rows.length === 0) {
    out.log('Nothing waiting: every delivery went through.')
    return 0
  }
  out.log(`${rows.length} ${rows.length === 1 ? 'delivery' : 'deliveries'} not delivered:`)
  for (const row of rows) out.log(describeDelivery(row, now()))
  out.log('\nTry one again with: npm run leads -- retry ID')
  return 0
}

function describeDelivery(row: DeliveryRow, now: number): string {
  const when =
    row.state === 'failed'
      ? 'no more tries'
      : row.nextAttemptAt <= now
        ? 'due now'
        : `next try ${new Date(row.nextAttemptAt).toISOString()}`
  const error = row.lastError ? `\n    last error: ${row.lastError}` : ''
  return `  #${row.id}  ${row.state}  ${row.kind}  lead ${row.leadId}  ${row.attempts} ${row.attempts === 1 ? 'try' : 'tries'}, ${when}${error}`
}

async function retry(store: Store, args: string[], out: Out, now: () => number): Promise<number> {
  const id = Number(args[0])
  if (args.length !== 1 || !Number.isInteger(id) || id <= 0) return badArgument(out, args.join(' ') || 'retry')
  if (!(await store.retryDelivery(id, now()))) {
    out.error(`No pending or failed delivery #${id} (see npm run leads -- outbox).`)
    return 1
  }
  out.log(`Delivery #${id} is due now; the running server tries it within a second or so.`)
  return 0
}

async function erase(store: Store, kind: StoreKind, args: string[], mailDir: string, out: Out): Promise<number> {
  const email = args[0]?.trim()
  if (args.length !== 1 || !email || !email.includes('@')) return badArgument(out, args.join(' ') || 'erase')
  const erased = await store.eraseByEmail(email)
  // The files the deliveries recorded, any other mail file to or about the address, whole or
  // half-written, and the half-written mails a crash left, whoever they are about.
  const files = new Set(erased.mailFiles.filter((file) => existsSync(file)))
  for (const file of mailFilesMentioning(mailDir, [email])) files.add(file)
  for (const file of abandonedPartialMails(mailDir)) files.add(file)
  for (const file of files) rmSync(file, { force: true })

  if (erased.leads.length === 0 && files.size === 0) out.log(`Nothing stored for ${email}.`)
  else {
    out.log(`Erased for ${email}:`)
    listRemoved(erased, [...files], out)
  }
  return whatIsLeft(erased, kind, out)
}

/**
 * What the database's files may still hold of the rows just deleted
 * (docs/deploy.md, "Erasure"), said rather than claimed gone: with SQLite,
 * nothing unless a reader kept the -wal from being emptied (exit code 1); with
 * PostgreSQL, the rows until VACUUM (FULL) rewrites the tables.
 */
function whatIsLeft(removed: ErasedLeads, kind: StoreKind, out: Out): number {
  if (removed.leftover) {
    out.error(`The leads are deleted, but ${removed.leftover}.`)
    return 1
  }
  if (kind === 'postgres' && removed.leads.length > 0) out.log(`\n${postgresVacuum}`)
  return 0
}

export const postgresVacuum = `PostgreSQL keeps the deleted rows in its files until VACUUM (FULL) rewrites the tables: run psql "$DATABASE_URL" -c 'VACUUM (FULL) leads' -c 'VACUUM (FULL) outbox' -c 'VACUUM (FULL) bookings' -c 'VACUUM (FULL) audit_reports' (docs/deploy.md, "Erasure"). Backups keep them until they expire.`

/** Leads, outbox rows and mail files, each counted, then one a line. */
function listRemoved(removed: ErasedLeads, files: string[], out: Out) {
  out.log(`  ${removed.leads.length} ${removed.leads.length === 1 ? 'lead' : 'leads'}`)
  for (const lead of removed.leads) out.log(`    ${lead.id}  ${lead.kind}  ${new Date(lead.createdAt).toISOString()}`)
  out.log(`  ${removed.deliveries.length} outbox ${removed.deliveries.length === 1 ? 'row' : 'rows'}`)
  for (const delivery of removed.deliveries) out.log(`    #${delivery.id}  ${delivery.kind}  ${delivery.state}`)
  out.log(`  ${files.length} mail ${files.length === 1 ? 'file' : 'files'}`)
  for (const file of files) out.log(`    ${file}`)
  const reports = removed.auditReports.length
  out.log(`  ${reports} instant audit ${reports === 1 ? 'report' : 'reports'}`)
  for (const id of removed.auditReports) out.log(`    ${id}`)
}

/** The upcoming bookings (whose call has not ended), confirmed and cancelled, on the team's clock. */
async function listBookings(store: Store, args: string[], out: Out, now: () => number): Promise<number> {
  if (args.length > 0) return badArgument(out, args.join(' '))
  const { timeZone } = loadAvailability()
  const bookings = await store.listBookings({ after: new Date(now()).toISOString() })
  if (bookings.length === 0) {
    out.log('No upcoming bookings.')
    return 0
  }
  out.log(`${bookings.length} upcoming ${bookings.length === 1 ? 'booking' : 'bookings'} (times in ${timeZone}):`)
  for (const booking of bookings) {
    const who = booking.company ? `${booking.name}, ${booking.company}` : booking.name
    out.log(`  ${callTimeShort(booking.start, timeZone)}  ${booking.status}  ${who}  ${booking.id}`)
  }
  out.log('\nCancel one, telling the visitor, with: npm run leads -- cancel ID')
  return 0
}

/** Why the team's cancellation of a booking was refused, by the store's reason. */
const cancelRefused = {
  cancelled: (id: string) => `Booking ${id} is canceled already.`,
  started: (id: string) => `Booking ${id} has started already: it can no longer be canceled.`,
  expired: (id: string) => `Booking ${id} was held and not confirmed in time: its time is free already.`,
  held: (id: string) =>
    `Booking ${id} is held until its visitor confirms it from the mail: unconfirmed, it frees its time within ${HOLD_MINUTES} minutes.`,
}

/**
 * The team cancels a booking: the slot is free again, and the visitor's
 * cancellation (METHOD:CANCEL), the team's notice and the webhook go through
 * the outbox, which the running server works.
 */
async function cancelBooking(
  store: Store,
  args: string[],
  out: Out,
  now: () => number,
  webhook: boolean,
): Promise<number> {
  const id = args[0]?.trim()
  if (args.length !== 1 || !id) return badArgument(out, args.join(' ') || 'cancel')
  const result = await store.cancelBooking({ id, now: now(), deliveries: bookingDeliveriesFor({ webhook }) })
  if (!result.ok) {
    out.error(
      cancelRefused[result.reason as keyof typeof cancelRefused]?.(id) ??
        `No booking ${id} (see npm run leads -- bookings).`,
    )
    return 1
  }
  const { booking } = result
  const { timeZone } = loadAvailability()
  const who = booking.company ? `${booking.name}, ${booking.company}` : booking.name
  out.log(
    `Canceled ${booking.id}: ${who}, ${callTimeShort(booking.start, timeZone)} (${timeZone}). The running server emails the visitor the cancellation within a second or so.`,
  )
  return 0
}

/** `[--older-than PERIOD] [--dry-run]`, or the argument it cannot read. */
function readPurgeOptions(args: string[]): { period: RetentionPeriod; dryRun: boolean } | string {
  let period = defaultRetention
  let dryRun = false
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!
    const equals = arg.indexOf('=')
    const flag = equals === -1 ? arg : arg.slice(0, equals)
    if (flag === '--dry-run' && equals === -1) dryRun = true
    else if (flag === '--older-than') {
      const value = equals === -1 ? args[++i] : arg.slice(equals + 1)
      const parsed = parsePeriod(value)
      if (!parsed) return `--older-than ${value ?? ''}`.trim()
      period = parsed
    } else return arg
  }
  return { period, dryRun }
}

/**
 * What the server's daily purge does (server/leads/retention.ts), by hand: the
 * leads of every address last heard from before the period, their deliveries
 * and mail files. Lists ids and files, never an address.
 */
async function purge(
  store: Store,
  kind: StoreKind,
  { period, dryRun }: { period: RetentionPeriod; dryRun: boolean },
  mailDir: string,
  out: Out,
  now: () => number,
): Promise<number> {
  const { before, purged, mailFiles } = await purgeLeads({ store, mailDir, period, now: now(), dryRun })
  const since = `before ${new Date(before).toISOString()} (${describePeriod(period)})`
  if (purged.leads.length === 0 && mailFiles.length === 0) {
    out.log(`Nothing to purge: no address was last heard from ${since}.`)
    return dryRun ? 0 : whatIsLeft(purged, kind, out)
  }
  out.log(
    `${dryRun ? 'Would purge (dry run, nothing deleted)' : 'Purged'} the leads of every address last heard from ${since}:`,
  )
  listRemoved(purged, mailFiles, out)
  return dryRun ? 0 : whatIsLeft(purged, kind, out)
}

/**
 * SQLite's online backup (better-sqlite3's `.backup`): a consistent copy of the
 * database while the server keeps writing, page by page. PostgreSQL has its own
 * tools (pg_dump), so with DATABASE_URL this only says so.
 */
async function backup(
  env: Pick<ServerEnv, 'DATABASE_PATH' | 'DATABASE_URL'>,
  args: string[],
  out: Out,
): Promise<number> {
  if (env.DATABASE_URL) {
    out.error('The leads are in PostgreSQL (DATABASE_URL): back them up with pg_dump, as docs/deploy.md shows.')
    return 2
  }
  const target = args[0]
  if (args.length !== 1 || !target) return badArgument(out, args.join(' ') || 'backup')
  if (existsSync(target)) {
    out.error(`${target} exists already: name a new file.`)
    return 1
  }
  const db = new Database(env.DATABASE_PATH, { fileMustExist: true })
  try {
    // Made 0600 before SQLite writes into it (it keeps the mode): a copy of every lead is as
    // private as the database (docs/deploy.md, "The data folder").
    closeSync(openSync(target, 'wx', DATA_FILE_MODE))
    db.pragma('busy_timeout = 5000')
    const { totalPages } = await db.backup(target)
    const copy = new Database(target, { readonly: true })
    try {
      const check = copy.pragma('integrity_check', { simple: true })
      if (check !== 'ok') {
        out.error(`The copy at ${target} failed its integrity check: ${String(check)}`)
        return 1
      }
      const leads = copy.prepare('SELECT count(*) FROM leads').pluck().get() as number
      out.log(`Backed up ${env.DATABASE_PATH} to ${target}: ${totalPages} pages, ${leads} leads, integrity ok.`)
    } finally {
      copy.close()
    }
    return 0
  } finally {
    db.close()
  }
}
