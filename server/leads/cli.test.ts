import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import type { Lead } from '#app/lib/leads/lead.ts'
import { mentionOf, runLeadsCli } from './cli.ts'
import { storedLead } from './test-leads.ts'
import { mailFileWorker } from '../outbox/test-receivers.ts'
import { deliveriesFor } from '../outbox/worker.ts'
import { openPostgresStore } from '../store/postgres.ts'
import { openSqliteStore } from '../store/sqlite.ts'
import { testDatabases } from '../store/test-database.ts'
import { openTestStore } from '../store/test-store.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The CLI on a real SQLite file and real mail files.
const { dir, file, store } = openTestStore()
const env = { DATA_DIR: dir, DATABASE_PATH: file }
const mailDir = path.join(dir, 'mail')
const postgres = testDatabases()

async function cli(...args: string[]) {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await runLeadsCli(args, env, { log: (text) => stdout.push(text), error: (text) => stderr.push(text) })
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
}

let next = 0
async function add(lead: Lead, createdAt: string) {
  next += 1
  const id = `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`
  await store.insertLead({
    lead,
    id,
    createdAt: Date.parse(createdAt),
    deliveries: deliveriesFor({ webhook: false })(lead),
  })
  return id
}

const tricky = await add(
  {
    kind: 'contact',
    name: 'Ada "The Countess" Lovelace',
    email: 'ada@example.com',
    company: 'Engines, Ltd',
    service: 'analytics',
    message: 'Line one,\nline two',
    page: '/contact',
  },
  '2026-11-01T09:30:00Z',
)
const popup = await add(
  { kind: 'popup', email: 'ADA@example.com', utm_source: '=HYPERLINK("x")' },
  '2026-11-02T08:00:00Z',
)
const grace = await add(
  {
    kind: 'contact',
    name: 'Grace Hopper',
    email: 'grace@example.org',
    service: 'paid-ads',
    message: 'Hello',
    websiteUrl: 'https://grace.example/',
  },
  '2026-11-03T10:00:00Z',
)

describe('export', () => {
  test('CSV by default: a header, one row per lead, quoted where needed, formulas defused', async () => {
    const { code, stdout } = await cli('export')
    expect(code).toBe(0)
    const lines = stdout.split('\r\n')
    expect(lines[0]).toBe(
      'id,created_at,kind,email,name,company,service,budget,topic,message,page,referrer_host,utm_source,utm_medium,utm_campaign,utm_term,utm_content,phone,website_url,audit_report,audit_score',
    )
    // The first lead's message holds a line break, inside its quotes.
    expect(stdout).toContain(
      `${tricky},2026-11-01T09:30:00.000Z,contact,ada@example.com,"Ada ""The Countess"" Lovelace","Engines, Ltd",analytics,,,"Line one,\nline two",/contact,,,,,,`,
    )
    expect(stdout).toContain(`${popup},2026-11-02T08:00:00.000Z,popup,ADA@example.com,,,,,,,,,"'=HYPERLINK(""x"")",,,,`)
    expect(
      stdout.endsWith(
        `${grace},2026-11-03T10:00:00.000Z,contact,grace@example.org,Grace Hopper,,paid-ads,,,Hello,,,,,,,,,https://grace.example/,,`,
      ),
    ).toBe(true)
  })

  test('JSON: every field, times as ISO dates', async () => {
    const { code, stdout } = await cli('export', '--format', 'json')
    expect(code).toBe(0)
    const leads = JSON.parse(stdout) as Record<string, unknown>[]
    expect(leads.map((lead) => lead.id)).toEqual([tricky, popup, grace])
    expect(leads[0]).toEqual({
      ...storedLead({
        id: tricky,
        kind: 'contact',
        name: 'Ada "The Countess" Lovelace',
        company: 'Engines, Ltd',
        service: 'analytics',
        message: 'Line one,\nline two',
        page: '/contact',
      }),
      createdAt: '2026-11-01T09:30:00.000Z',
    })
  })

  test('--since a day (from its start in UTC) or a moment', async () => {
    const ids = async (...args: string[]) =>
      (JSON.parse((await cli('export', '--format=json', ...args)).stdout) as { id: string }[]).map((lead) => lead.id)
    expect(await ids('--since', '2026-11-02')).toEqual([popup, grace])
    expect(await ids('--since=2026-11-02T08:00:01Z')).toEqual([grace])
    expect(await ids('--since', '2026-11-04')).toEqual([])
  })

  test('a wrong option is named, with the usage', async () => {
    const cases: [string[], string][] = [
      [['--format', 'xml'], '--format xml'],
      [['--since', 'yesterday'], '--since yesterday'],
      [['--since'], '--since'],
      [['--limit', '3'], '--limit'],
    ]
    for (const [args, named] of cases) {
      const { code, stderr } = await cli('export', ...args)
      expect(code, args.join(' ')).toBe(2)
      expect(stderr, args.join(' ')).toContain(`Cannot read "${named}"`)
      expect(stderr).toContain('Usage: npm run leads -- <command>')
    }
  })
})

test('an unknown command, or none, shows the usage', async () => {
  expect((await cli('list')).code).toBe(2)
  expect((await cli('list')).stderr).toContain('Unknown command "list"')
  expect((await cli()).stdout).toContain('erase EMAIL')
})

test('erase removes every lead of the address, in any case, with their deliveries and mail files', async () => {
  // Deliver the mails to files, as the server does without SMTP_URL.
  const worker = mailFileWorker({ store, mailDir })
  await worker.runOnce()
  // The checklist to Ada, a notice about each of the three leads.
  expect(readdirSync(mailDir)).toHaveLength(4)
  // A mail file about her that no row records any more (say, from a restored backup).
  const stray = path.join(mailDir, 'older.eml')
  writeFileSync(stray, 'To: hello@northpeak.example\nReply-To: Ada@Example.com\n\nAn old notice\n')
  // Mail files of other people whose addresses contain hers.
  const others = ['nada@example.com', 'ada@example.com.au', 'ada.b@example.com'].map((address, index) => {
    const other = path.join(mailDir, `other-${index}.eml`)
    writeFileSync(other, `To: ${address}\n\nYour checklist\n`)
    return other
  })

  const { code, stdout } = await cli('erase', 'Ada@Example.COM')
  expect(code).toBe(0)
  expect(stdout).toContain('Erased for Ada@Example.COM:')
  expect(stdout).toContain('  2 leads')
  expect(stdout).toContain(`    ${tricky}  contact  2026-11-01T09:30:00.000Z`)
  expect(stdout).toContain(`    ${popup}  popup  2026-11-02T08:00:00.000Z`)
  expect(stdout).toContain('  3 outbox rows')
  expect(stdout).toMatch(/#\d+ {2}checklist-mail {2}delivered/)
  expect(stdout).toContain('  4 mail files')
  expect(stdout).toContain(stray)

  expect((await store.exportLeads()).map((lead) => lead.id)).toEqual([grace])
  expect(existsSync(stray)).toBe(false)
  for (const other of others) expect(existsSync(other), other).toBe(true)
  for (const other of others) rmSync(other)
  const left = readdirSync(mailDir).map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
  expect(left).toHaveLength(1)
  expect(left[0]).toContain('grace@example.org')
  expect(left.join('\n')).not.toMatch(mentionOf('ada@example.com'))

  const again = await cli('erase', 'ada@example.com')
  expect(again.stdout).toBe('Nothing stored for ada@example.com.')
})

test('without a database it says where it looked', async () => {
  const stdout: string[] = []
  const code = await runLeadsCli(
    ['outbox'],
    { DATA_DIR: dir, DATABASE_PATH: path.join(dir, 'none.sqlite') },
    { log: (text) => stdout.push(text), error: (text) => stdout.push(text) },
  )
  expect(code).toBe(1)
  expect(stdout.join('')).toContain(`No lead database at ${path.join(dir, 'none.sqlite')}`)
})

test('backup copies the database while a store has it open, and will not overwrite a file', async () => {
  const target = path.join(dir, 'backup', 'leads-copy.sqlite')
  mkdirSync(path.dirname(target))
  const { code, stdout } = await cli('backup', target)
  expect(code).toBe(0)
  expect(stdout).toMatch(
    new RegExp(`^Backed up .*leads.sqlite to .*leads-copy.sqlite: \\d+ pages, 1 leads, integrity ok.$`),
  )
  const copy = openSqliteStore({ file: target, thread: false })
  expect((await copy.exportLeads()).map((lead) => lead.id)).toEqual([grace])
  await copy.close()

  const again = await cli('backup', target)
  expect(again.code).toBe(1)
  expect(again.stderr).toBe(`${target} exists already: name a new file.`)
  expect((await cli('backup')).code).toBe(2)
})

test('with DATABASE_URL, backup points to pg_dump', async () => {
  const stderr: string[] = []
  const code = await runLeadsCli(
    ['backup', path.join(dir, 'x.sqlite')],
    { DATA_DIR: dir, DATABASE_PATH: file, DATABASE_URL: 'postgres://127.0.0.1:1/none' },
    { log: () => {}, error: (text) => stderr.push(text) },
  )
  expect(code).toBe(2)
  expect(stderr.join('')).toContain('back them up with pg_dump')
})

test('with DATABASE_URL the tools work on the PostgreSQL database', async () => {
  const url = await postgres.create()
  const pgStore = await openPostgresStore({ url })
  await pgStore.insertLead({
    lead: { kind: 'popup', email: 'lin@example.net' },
    id: 'pg-lead-1',
    createdAt: Date.parse('2026-11-05T12:00:00Z'),
    deliveries: ['notify-mail'],
  })
  await pgStore.insertLead({
    lead: { kind: 'popup', email: 'long-ago@example.net' },
    id: 'pg-lead-old',
    createdAt: Date.parse('2020-01-01T12:00:00Z'),
    deliveries: ['notify-mail'],
  })
  await pgStore.close()
  const run = async (...args: string[]) => {
    const lines: string[] = []
    const code = await runLeadsCli(
      args,
      // No SQLite file there: the tools must not look for one.
      { DATA_DIR: dir, DATABASE_PATH: path.join(dir, 'none.sqlite'), DATABASE_URL: url },
      { log: (text) => lines.push(text), error: (text) => lines.push(text) },
    )
    return { code, text: lines.join('\n') }
  }
  const purged = await run('purge')
  expect(purged.code).toBe(0)
  expect(purged.text).toContain('  1 lead\n    pg-lead-old  popup  2020-01-01T12:00:00.000Z')
  const exported = await run('export', '--format', 'json')
  expect(exported.code).toBe(0)
  expect(JSON.parse(exported.text)).toMatchObject([{ id: 'pg-lead-1', email: 'lin@example.net' }])
  expect((await run('outbox')).text).toMatch(
    /1 delivery not delivered:\n {2}#\d+ {2}pending {2}notify-mail {2}lead pg-lead-1/,
  )
  expect((await run('erase', 'LIN@example.net')).text).toContain('  1 lead')
  expect((await run('export')).text.split('\r\n')).toHaveLength(1)
})

describe('purge', () => {
  // A database of its own, and a clock: "now" is 2026-11-25 at noon, so 24 months ago is 2024-11-25 at noon.
  const purgeDb = openTestStore()
  const purgeEnv = { DATA_DIR: purgeDb.dir, DATABASE_PATH: purgeDb.file }
  const purgeMail = path.join(purgeDb.dir, 'mail')
  const now = Date.parse('2026-11-25T12:00:00Z')
  async function purge(...args: string[]) {
    const stdout: string[] = []
    const stderr: string[] = []
    const code = await runLeadsCli(
      ['purge', ...args],
      purgeEnv,
      { log: (text) => stdout.push(text), error: (text) => stderr.push(text) },
      () => now,
    )
    return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
  }
  const ids = async () => (await purgeDb.store.exportLeads()).map((lead) => lead.id)
  const insert = (id: string, email: string, createdAt: string) =>
    purgeDb.store.insertLead({
      lead: { kind: 'popup', email },
      id,
      createdAt: Date.parse(createdAt),
      deliveries: ['checklist-mail', 'notify-mail'],
    })

  test('deletes the leads of every address last heard from more than 24 months ago, their deliveries and mail files', async () => {
    // Last heard from in June 2024: past 24 months.
    await insert('old-1', 'old@example.com', '2024-06-01T09:00:00Z')
    // Heard from in 2024 and again in 2025: both kept.
    await insert('kept-1', 'kept@example.com', '2024-01-01T09:00:00Z')
    await insert('kept-2', 'KEPT@example.com', '2025-12-01T09:00:00Z')
    // The mails go to files, as the server sends them without SMTP_URL.
    const worker = mailFileWorker({ store: purgeDb.store, mailDir: purgeMail })
    await worker.runOnce()
    const written = readdirSync(purgeMail)
    expect(written).toHaveLength(6)
    // A mail file about the old address that no row records (say, from a restored backup), one
    // written before the cutoff by its name, whoever it is about, and a recent one about someone kept.
    const stray = path.join(purgeMail, 'restored.eml')
    writeFileSync(stray, 'To: hello@northpeak.example\nReply-To: Old@Example.com\n\nAn old notice\n')
    const before = path.join(purgeMail, '2024-01-02T03-04-05-678Z-9-notify-mail.eml')
    writeFileSync(before, 'To: hello@northpeak.example\nReply-To: gone@example.com\n\nA notice\n')
    const recent = path.join(purgeMail, 'recent.eml')
    writeFileSync(recent, 'To: kept@example.com\n\nYour checklist\n')

    // A dry run says what would go and deletes nothing.
    const dry = await purge('--dry-run')
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(
      'Would purge (dry run, nothing deleted) the leads of every address last heard from before 2024-11-25T12:00:00.000Z (24 months):',
    )
    expect(dry.stdout).toContain('  1 lead\n    old-1  popup  2024-06-01T09:00:00.000Z')
    expect(dry.stdout).toContain('  2 outbox rows')
    expect(dry.stdout).toContain('  4 mail files')
    expect(await ids()).toEqual(['kept-1', 'old-1', 'kept-2'])
    expect(readdirSync(purgeMail)).toHaveLength(9)

    // A longer period: nothing is that old.
    const longer = await purge('--older-than', '36m')
    expect(longer.code).toBe(0)
    expect(longer.stdout).toBe(
      'Nothing to purge: no address was last heard from before 2023-11-25T12:00:00.000Z (36 months).',
    )

    const { code, stdout } = await purge()
    expect(code).toBe(0)
    expect(stdout).toContain(
      'Purged the leads of every address last heard from before 2024-11-25T12:00:00.000Z (24 months):',
    )
    expect(stdout).toContain('  1 lead\n    old-1  popup  2024-06-01T09:00:00.000Z')
    expect(stdout).toMatch(
      / {2}2 outbox rows\n {4}#\d+ {2}checklist-mail {2}delivered\n {4}#\d+ {2}notify-mail {2}delivered/,
    )
    expect(stdout).toContain('  4 mail files')
    expect(stdout).not.toMatch(/old@example\.com/i)
    expect(await ids()).toEqual(['kept-1', 'kept-2'])
    expect(existsSync(stray)).toBe(false)
    expect(existsSync(before)).toBe(false)
    expect(existsSync(recent)).toBe(true)
    const left = readdirSync(purgeMail).map((name) => readFileSync(path.join(purgeMail, name), 'utf8'))
    expect(left).toHaveLength(5)
    expect(left.join('\n')).not.toMatch(mentionOf('old@example.com'))

    // Days work too: 400 days before now reaches back to 2025-10-21, after kept's first lead, not its last.
    const days = await purge('--older-than=400d')
    expect(days.stdout).toBe(
      'Nothing to purge: no address was last heard from before 2025-10-21T12:00:00.000Z (400 days).',
    )
  })

  test('a period it cannot read, or another option, is named with the usage and deletes nothing', async () => {
    await insert('bad-args-1', 'someone@example.com', '2020-01-01T00:00:00Z')
    const cases: [string[], string][] = [
      [['--older-than'], '--older-than'],
      [['--older-than', '24'], '--older-than 24'],
      [['--older-than', '0m'], '--older-than 0m'],
      [['--older-than', '-3m'], '--older-than -3m'],
      [['--older-than=2y'], '--older-than 2y'],
      [['--force'], '--force'],
    ]
    for (const [args, named] of cases) {
      const { code, stderr } = await purge(...args)
      expect(code, args.join(' ')).toBe(2)
      expect(stderr, args.join(' ')).toContain(`Cannot read "${named}"`)
      expect(stderr).toContain('purge [--older-than PERIOD] [--dry-run]')
    }
    expect(await ids()).toContain('bad-args-1')
  })
})
