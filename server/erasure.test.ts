import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, test, vi } from 'vitest'
import { loadAvailability } from './booking/availability.ts'
import { runLeadsCli } from './leads/cli.ts'
import { mailFileWorker } from './outbox/test-receivers.ts'
import { bookingDeliveriesFor, deliveriesFor } from './outbox/worker.ts'
import type { Store } from './store/store.ts'
import { openPostgresStore } from './store/postgres.ts'
import { openSqliteStore } from './store/sqlite.ts'
import { migrate, sqliteDriver } from './store/sqlite-db.ts'
import { sqlOperations } from './store/sql-store.ts'
import { testDatabases } from './store/test-database.ts'

// Erasure as the privacy policy promises it (issue 38): after `leads erase` and `leads purge`,
// the person's address is in no file of the data folder, read byte by byte: not in the database
// (SQLite keeps deleted rows in free pages unless told otherwise), its -wal and -shm, nor any mail
// file, whole or left half-written by a crash. Real SQLite files, the real outbox writing real mails.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

const folders: string[] = []
const stores: Store[] = []
afterAll(async () => {
  for (const store of stores) await store.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** Ada's address as she typed it, and as anyone may write it. */
const ada = { name: 'Ada Lovelace', email: 'Ada.Lovelace@Example.COM', company: 'Analytical Engines Ltd' }
const grace = { name: 'Grace Hopper', email: 'grace.hopper@example.org', company: 'Navy Labs' }
/**
 * The numbers the host phones for a phone call (docs/decisions/048-the-call-its-host-and-how-it-happens.md):
 * kept with the bookings, so erased with them.
 */
const phones = { [ada.email]: '+1 512 555 0142', [grace.email]: '+1 737 555 0199' }
/** Monday 2026-11-30 at noon UTC: Ada's leads and bookings; Grace's a week later. */
const adaTime = Date.parse('2026-11-30T12:00:00Z')
const graceTime = Date.parse('2026-12-07T12:00:00Z')

/**
 * A data folder as a running server leaves it: the store open (its connection, like the
 * server's, keeps the -wal and -shm), Ada's two leads and her bookings (one cancelled,
 * one booked again and moved), Grace's lead and booking, every mail written to a file by
 * the outbox, and three mails a crash left half-written (`.eml.partial`): one about Ada,
 * one about Grace written two minutes ago, one about Grace being written now.
 */
async function dataFolder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'erasure-'))
  folders.push(dir)
  const file = path.join(dir, 'leads.sqlite')
  const mailDir = path.join(dir, 'mail')
  const store = openSqliteStore({ file })
  stores.push(store)
  const settings = loadAvailability()
  let n = 0
  const lead = async (fields: Parameters<ReturnType<typeof deliveriesFor>>[0], createdAt: number) => {
    n += 1
    await store.insertLead({
      lead: fields,
      id: `lead-${n}`,
      createdAt,
      deliveries: deliveriesFor({ webhook: false })(fields),
    })
  }
  const book = async (person: typeof ada, start: string, now: number) => {
    n += 1
    const item = {
      lead: { kind: 'booking' as const, ...person, note: `Call me at ${person.email}`, phone: phones[person.email] },
      leadId: `lead-${n}`,
      bookingId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      uid: `uid-${n}@northpeak.example`,
      start,
      timeZone: 'Europe/Berlin',
      createdAt: now,
      deliveries: bookingDeliveriesFor({ webhook: false }),
      // No limit counts here: these bookings are what the erasure must reach.
      limits: { perNetworkPerDay: 0, surgePerDay: 0 },
    }
    const result = await store.insertBooking(item, { settings, now, busy: [] })
    if (!result.ok) throw new Error(`booking refused: ${result.reason}`)
    return result.booking
  }

  await lead({ kind: 'contact', ...ada, service: 'analytics', message: `Reply to ${ada.email}` }, adaTime)
  await lead({ kind: 'popup', email: ada.email.toLowerCase() }, adaTime + 1000)
  // Wednesday 2026-12-02, 09:00 in New York: booked, cancelled, booked again at 10:00 and moved to Thursday.
  const first = await book(ada, '2026-12-02T14:00:00.000Z', adaTime + 2000)
  await store.cancelBooking({ id: first.id, now: adaTime + 3000, deliveries: bookingDeliveriesFor({ webhook: false }) })
  const second = await book(ada, '2026-12-02T15:00:00.000Z', adaTime + 4000)
  const moved = await store.rescheduleBooking(
    {
      id: second.id,
      sequence: 0,
      start: '2026-12-03T15:00:00.000Z',
      now: adaTime + 5000,
      deliveries: bookingDeliveriesFor({ webhook: false }),
    },
    { settings, now: adaTime + 5000, busy: [] },
  )
  if (!moved.ok) throw new Error(`reschedule refused: ${moved.reason}`)
  await lead({ kind: 'contact', ...grace, service: 'paid-ads', message: 'Hello' }, graceTime)
  await book(grace, '2026-12-09T15:00:00.000Z', graceTime + 1000)

  const worker = mailFileWorker({ store, mailDir, now: () => graceTime + 60_000, teamTimeZone: settings.timeZone })
  await worker.runOnce()
  const mails = readdirSync(mailDir).sort()
  const about = (who: typeof ada) =>
    mails.filter((name) =>
      readFileSync(path.join(mailDir, name), 'latin1').toLowerCase().includes(who.email.toLowerCase()),
    )
  expect(about(ada).length).toBeGreaterThanOrEqual(8)
  expect(about(grace).length).toBeGreaterThanOrEqual(3)

  // Half-written mails, as writeDurably leaves them when the process dies between its write and its rename.
  const partial = (source: string, name: string) => {
    const target = path.join(mailDir, name)
    copyFileSync(path.join(mailDir, source), target)
    truncateSync(target, 600)
    return target
  }
  const adaPartial = partial(about(ada)[0]!, '2026-12-07T12-01-00-000Z-90-notify-mail.eml.partial')
  const staleGrace = partial(about(grace)[0]!, '2026-12-07T12-01-00-000Z-91-notify-mail.eml.partial')
  const twoMinutesAgo = new Date(Date.now() - 120_000)
  utimesSync(staleGrace, twoMinutesAgo, twoMinutesAgo)
  const freshGrace = partial(about(grace)[0]!, '2026-12-07T12-01-00-000Z-92-notify-mail.eml.partial')
  expect(readFileSync(adaPartial, 'latin1').toLowerCase()).toContain(ada.email.toLowerCase())
  for (const file of [staleGrace, freshGrace]) expect(readFileSync(file, 'latin1')).toContain(grace.email)
  return { dir, file, store, mailDir, staleGrace, freshGrace }
}

/** Every file under `dir`, with each address of `emails` it holds in any case. */
function whoIsWhere(dir: string, emails: string[]): Record<string, string[]> {
  const found: Record<string, string[]> = {}
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name)
    let bytes: string
    try {
      bytes = readFileSync(file, 'latin1').toLowerCase()
    } catch {
      continue // a folder
    }
    found[name] = emails.filter((email) => bytes.includes(email.toLowerCase()))
  }
  return found
}
const holding = (found: Record<string, string[]>, email: string) =>
  Object.keys(found)
    .filter((name) => found[name]!.includes(email))
    .sort()

async function cli(env: { DATA_DIR: string; DATABASE_PATH: string }, now: number, ...args: string[]) {
  const lines: string[] = []
  const code = await runLeadsCli(
    args,
    env,
    { log: (text) => lines.push(text), error: (text) => lines.push(text) },
    () => now,
  )
  return { code, text: lines.join('\n') }
}

test('after leads erase, the address is in no file of the data folder; the other person’s data stays', async () => {
  const { dir, file, staleGrace, freshGrace } = await dataFolder()
  const before = whoIsWhere(dir, [ada.email, grace.email])
  expect(holding(before, ada.email)).toContain('leads.sqlite-wal')

  const phonesBefore = whoIsWhere(dir, Object.values(phones))
  expect(holding(phonesBefore, phones[ada.email]!)).toContain('leads.sqlite-wal')
  const erased = await cli({ DATA_DIR: dir, DATABASE_PATH: file }, Date.now(), 'erase', 'ada.lovelace@example.com')
  expect(erased.code).toBe(0)
  // Her phone number went with her bookings; Grace's stays with hers.
  const phonesAfter = whoIsWhere(dir, Object.values(phones))
  expect(holding(phonesAfter, phones[ada.email]!)).toEqual([])
  expect(holding(phonesAfter, phones[grace.email]!)).toContain('leads.sqlite')
  expect(erased.text).toContain('Erased for ada.lovelace@example.com:')
  expect(erased.text).toContain('  4 leads')
  const after = whoIsWhere(dir, [ada.email, grace.email])
  expect(holding(after, ada.email)).toEqual([])
  expect(holding(after, grace.email)).toContain('leads.sqlite')
  expect(holding(after, grace.email)).toContain(path.join('mail', path.basename(freshGrace)))
  expect(holding(after, grace.email).filter((name) => name.endsWith('.eml')).length).toBeGreaterThanOrEqual(3)
  expect(erased.text).toContain(path.join(dir, 'mail', '2026-12-07T12-01-00-000Z-90-notify-mail.eml.partial'))
  // A half-written mail of another person older than a minute is a crash's leftover (the outbox
  // writes that mail again); one written now may be the running server's and stays.
  expect(erased.text).toContain(staleGrace)
  expect(erased.text).not.toContain(freshGrace)
})

test('after leads purge, the purged address is in no file of the data folder; the other person’s data stays', async () => {
  const { dir, file, freshGrace } = await dataFolder()
  expect(holding(whoIsWhere(dir, [ada.email]), ada.email).length).toBeGreaterThan(8)

  // Ten days after Ada's leads, with a week's retention: hers go, Grace's (three days old) stay.
  const purged = await cli(
    { DATA_DIR: dir, DATABASE_PATH: file },
    Date.parse('2026-12-10T12:00:00Z'),
    'purge',
    '--older-than',
    '7d',
  )
  expect(purged.code).toBe(0)
  expect(purged.text).toContain('  4 leads')
  expect(purged.text).not.toMatch(/ada\.lovelace/i)

  const after = whoIsWhere(dir, [ada.email, grace.email])
  expect(holding(after, ada.email)).toEqual([])
  expect(holding(after, grace.email)).toContain('leads.sqlite')
  expect(holding(after, grace.email)).toContain(path.join('mail', path.basename(freshGrace)))
  expect(holding(after, grace.email).filter((name) => name.endsWith('.eml')).length).toBeGreaterThanOrEqual(3)
})

test('an address erased before this release is still in the free space of the database: erasing it again removes it', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'erasure-old-'))
  folders.push(dir)
  const file = path.join(dir, 'leads.sqlite')
  // The database as an earlier release wrote it: a connection without secure_delete, which
  // deleted Ada's lead and left its bytes in the page's free space.
  const old = new Database(file)
  old.pragma('journal_mode = WAL')
  migrate(old)
  await sqlOperations(sqliteDriver(old)).insertBatch([
    {
      lead: { kind: 'contact', ...ada, service: 'analytics', message: 'Hello' },
      id: 'old-ada',
      createdAt: adaTime,
      deliveries: [],
    },
    { lead: { kind: 'popup', email: grace.email }, id: 'old-grace', createdAt: adaTime, deliveries: [] },
  ])
  old.prepare('DELETE FROM leads WHERE id = ?').run('old-ada')
  old.close()
  expect(holding(whoIsWhere(dir, [ada.email]), ada.email)).toEqual(['leads.sqlite'])

  const again = await cli({ DATA_DIR: dir, DATABASE_PATH: file }, Date.now(), 'erase', ada.email)
  expect(again.code).toBe(0)
  expect(again.text).toBe(`Nothing stored for ${ada.email}.`)
  const after = whoIsWhere(dir, [ada.email, grace.email])
  expect(holding(after, ada.email)).toEqual([])
  expect(holding(after, grace.email)).toEqual(['leads.sqlite'])
})

test('a reader holding the database keeps its old pages in the -wal: erase says so, and a second run clears them', async () => {
  const { dir, file } = await dataFolder()
  const env = { DATA_DIR: dir, DATABASE_PATH: file }
  // A connection in the middle of a read (a long export, say) while the operator erases.
  const reader = new Database(file)
  reader.exec('BEGIN')
  reader.prepare('SELECT count(*) FROM leads').get()

  const busy = await cli(env, Date.now(), 'erase', ada.email)
  expect(busy.code).toBe(1)
  expect(busy.text).toContain('  4 leads')
  expect(busy.text).toContain(
    `The leads are deleted, but another connection was reading the database, so copies of the deleted rows remain in ${file}-wal (and may in ${file}) until the same command runs again once that reader is done.`,
  )

  reader.exec('COMMIT')
  reader.close()
  const again = await cli(env, Date.now(), 'erase', ada.email)
  expect(again.code).toBe(0)
  expect(again.text).toBe(`Nothing stored for ${ada.email}.`)
  expect(holding(whoIsWhere(dir, [ada.email]), ada.email)).toEqual([])
})

test('on PostgreSQL, erase and purge say that the deleted rows stay in the database files until VACUUM', async () => {
  const url = await testDatabases().create()
  const store = await openPostgresStore({ url })
  await store.insertLead({
    lead: { kind: 'popup', email: ada.email },
    id: 'pg-ada',
    createdAt: adaTime,
    deliveries: ['notify-mail'],
  })
  await store.close()
  const dir = mkdtempSync(path.join(tmpdir(), 'erasure-pg-'))
  folders.push(dir)
  const env = { DATA_DIR: dir, DATABASE_PATH: path.join(dir, 'none.sqlite'), DATABASE_URL: url }
  const run = async (...args: string[]) => {
    const lines: string[] = []
    const code = await runLeadsCli(args, env, { log: (text) => lines.push(text), error: (text) => lines.push(text) })
    return { code, text: lines.join('\n') }
  }
  const vacuum = `PostgreSQL keeps the deleted rows in its files until VACUUM (FULL) rewrites the tables: run psql "$DATABASE_URL" -c 'VACUUM (FULL) leads' -c 'VACUUM (FULL) outbox' -c 'VACUUM (FULL) bookings' -c 'VACUUM (FULL) audit_reports' (docs/deploy.md, "Erasure"). Backups keep them until they expire.`
  const erased = await run('erase', ada.email)
  expect(erased.code).toBe(0)
  expect(erased.text).toContain('  1 lead')
  expect(erased.text).toContain(vacuum)
  const nothing = await run('purge')
  expect(nothing.text).toMatch(/^Nothing to purge/)
  expect(nothing.text).not.toContain('VACUUM')
  const again = await openPostgresStore({ url })
  await again.insertLead({
    lead: { kind: 'popup', email: grace.email },
    id: 'pg-grace',
    createdAt: Date.parse('2020-01-01T12:00:00Z'),
    deliveries: [],
  })
  await again.close()
  const purged = await run('purge')
  expect(purged.code).toBe(0)
  expect(purged.text).toContain('  1 lead')
  expect(purged.text).toContain(vacuum)
})
