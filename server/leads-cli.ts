import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { ServerEnv } from './env.ts'
import type { DeliveryRow, LeadStore, StoredLead } from './store/lead-store.ts'
import { openLeadStore } from './store/open-store.ts'

export const usage = `Usage: npm run leads -- <command>

  export [--format csv|json] [--since DATE]   leads, oldest first, to standard output (CSV by default);
                                              DATE as 2026-11-01 or 2026-11-01T09:00:00Z
  outbox                                      deliveries still pending or failed, with their last error
  retry ID                                    try delivery ID again now, with its tries counted afresh
  erase EMAIL                                 delete every lead of EMAIL, their deliveries and the mail
                                              files to or about them, and list what was removed
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
] as const

/**
 * The team's tools for leads (docs/product.md#lead-capture, "Visitors'
 * rights"): no HTTP endpoint lists leads, this does, on the server's own
 * database. Writes what it has to say to `out`; resolves with the exit code.
 */
export async function runLeadsCli(
  args: string[],
  env: Pick<ServerEnv, 'DATA_DIR' | 'DATABASE_PATH' | 'DATABASE_URL'>,
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
  if (!['export', 'outbox', 'retry', 'erase', 'backup'].includes(command)) {
    out.error(`Unknown command "${command}".\n\n${usage}`)
    return 2
  }
  if (!env.DATABASE_URL && !existsSync(env.DATABASE_PATH)) {
    out.error(`No lead database at ${env.DATABASE_PATH}: the server creates it when it first starts.`)
    return 1
  }
  if (command === 'backup') return backup(env, rest, out)
  const { store } = await openLeadStore(env, { thread: false })
  try {
    switch (command) {
      case 'export':
        return await exportLeads(store, rest, out)
      case 'outbox':
        return await listOutbox(store, out, now)
      case 'retry':
        return await retry(store, rest, out, now)
      default:
        return await erase(store, rest, path.join(env.DATA_DIR, 'mail'), out)
    }
  } finally {
    await store.close()
  }
}

type Out = Parameters<typeof runLeadsCli>[2] & {}

async function exportLeads(store: LeadStore, args: string[], out: Out): Promise<number> {
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
    }
    return csvColumns.map((column) => csvField(byColumn[column] ?? ''))
  })
  return [csvColumns.join(','), ...rows.map((row) => row.join(','))].join('\r\n')
}

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

async function listOutbox(store: LeadStore, out: Out, now: () => number): Promise<number> {
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

async function retry(store: LeadStore, args: string[], out: Out, now: () => number): Promise<number> {
  const id = Number(args[0])
  if (args.length !== 1 || !Number.isInteger(id) || id <= 0) return badArgument(out, args.join(' ') || 'retry')
  if (!(await store.retryDelivery(id, now()))) {
    out.error(`No pending or failed delivery #${id} (see npm run leads -- outbox).`)
    return 1
  }
  out.log(`Delivery #${id} is due now; the running server tries it within a second or so.`)
  return 0
}

async function erase(store: LeadStore, args: string[], mailDir: string, out: Out): Promise<number> {
  const email = args[0]?.trim()
  if (args.length !== 1 || !email || !email.includes('@')) return badArgument(out, args.join(' ') || 'erase')
  const erased = await store.eraseByEmail(email)
  // The files the deliveries recorded, and any other mail file to or about the address.
  const files = new Set(erased.mailFiles.filter((file) => existsSync(file)))
  if (existsSync(mailDir)) {
    const address = mentionOf(email)
    for (const name of readdirSync(mailDir).filter((file) => file.endsWith('.eml'))) {
      const file = path.join(mailDir, name)
      if (address.test(readFileSync(file, 'utf8'))) files.add(file)
    }
  }
  for (const file of files) rmSync(file, { force: true })

  if (erased.leads.length === 0 && files.size === 0) {
    out.log(`Nothing stored for ${email}.`)
    return 0
  }
  out.log(`Erased for ${email}:`)
  out.log(`  ${erased.leads.length} ${erased.leads.length === 1 ? 'lead' : 'leads'}`)
  for (const lead of erased.leads) out.log(`    ${lead.id}  ${lead.kind}  ${new Date(lead.createdAt).toISOString()}`)
  out.log(`  ${erased.deliveries.length} outbox ${erased.deliveries.length === 1 ? 'row' : 'rows'}`)
  for (const delivery of erased.deliveries) out.log(`    #${delivery.id}  ${delivery.kind}  ${delivery.state}`)
  out.log(`  ${files.size} mail ${files.size === 1 ? 'file' : 'files'}`)
  for (const file of files) out.log(`    ${file}`)
  return 0
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

/** The address as a whole word, in any case: `ada@example.com` is not in `nada@example.com` nor `ada@example.com.au`. */
export function mentionOf(email: string): RegExp {
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\w.%+-])${escaped}(?![\\w-]|\\.\\w)`, 'i')
}
