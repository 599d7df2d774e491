import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, test } from 'vitest'
import type { NewLead } from './lead-store.ts'
import { openSqliteStore } from './sqlite.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'leads-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let n = 0
function newLead(extra: Partial<NewLead> = {}): NewLead {
  n += 1
  return {
    lead: { kind: 'popup', email: `visitor-${n}@example.com` },
    id: `lead-${n}`,
    createdAt: 1_800_000_000_000 + n,
    deliveries: ['checklist-mail', 'notify-mail'],
    ...extra,
  }
}

test('creates the database with its folder, in WAL mode, migrated once', async () => {
  const file = path.join(dir, 'new', 'leads.sqlite')
  const store = openSqliteStore({ file })
  await store.close()
  const again = openSqliteStore({ file })
  await again.close()
  const db = new Database(file, { readonly: true })
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
  expect(db.prepare('SELECT version, name FROM schema_migrations').all()).toEqual([
    { version: 1, name: '001-leads.sql' },
  ])
  db.close()
})

test('a burst of concurrent inserts: all committed, each answer after its commit, with its outbox rows', async () => {
  const file = path.join(dir, 'burst.sqlite')
  const store = openSqliteStore({ file, maxBatch: 64 })
  const leads = Array.from({ length: 300 }, () => newLead())
  const answers = await Promise.all(leads.map((lead) => store.insertLead(lead)))
  expect(answers).toEqual(leads.map((lead) => ({ id: lead.id, created: true })))
  // Another connection sees every one of them as soon as the promises resolved.
  const db = new Database(file, { readonly: true })
  expect(db.prepare('SELECT count(*) FROM leads').pluck().get()).toBe(300)
  expect(db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(600)
  db.close()
  await store.close()
})

test('the same idempotency key in one batch and across batches is one lead', async () => {
  const store = openSqliteStore({ file: path.join(dir, 'idempotent.sqlite') })
  const key = 'retry-key-1'
  const first = newLead({ idempotencyKey: key })
  const answers = await Promise.all([store.insertLead(first), store.insertLead(newLead({ idempotencyKey: key }))])
  expect(answers).toEqual([
    { id: first.id, created: true },
    { id: first.id, created: false },
  ])
  expect(await store.insertLead(newLead({ idempotencyKey: key }))).toEqual({ id: first.id, created: false })
  expect(await store.countLeads()).toBe(1)
  await store.close()
})

test('a lead that cannot be stored fails alone; the rest of its batch is kept', async () => {
  const store = openSqliteStore({ file: path.join(dir, 'partial.sqlite') })
  const good = newLead()
  const results = await Promise.allSettled([
    store.insertLead(good),
    store.insertLead({ ...newLead(), id: good.id }), // the same id twice
    store.insertLead(newLead()),
  ])
  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
  expect(await store.countLeads()).toBe(2)
  await store.close()
})

test('close commits what is still queued', async () => {
  const file = path.join(dir, 'close.sqlite')
  const store = openSqliteStore({ file })
  const inserted = Array.from({ length: 20 }, () => store.insertLead(newLead()))
  await store.close()
  await Promise.all(inserted)
  const db = new Database(file, { readonly: true })
  expect(db.prepare('SELECT count(*) FROM leads').pluck().get()).toBe(20)
  db.close()
})

test('the outbox: claims lease rows, results are recorded, failed ones can be retried', async () => {
  const store = openSqliteStore({ file: path.join(dir, 'outbox.sqlite'), thread: false })
  const lead = newLead()
  await store.insertLead(lead)
  const now = lead.createdAt
  const claimed = await store.claimDue(now, now + 60_000, 10)
  expect(claimed.map((delivery) => delivery.kind)).toEqual(['checklist-mail', 'notify-mail'])
  expect(claimed[0]!.lead).toMatchObject({ id: lead.id, email: lead.lead.email, kind: 'popup' })
  // Leased: not due again until the lease ends.
  expect(await store.claimDue(now + 1, now + 60_000, 10)).toEqual([])
  expect(await store.nextDueAt()).toBe(now + 60_000)

  const [mail, notice] = claimed
  await store.finishDeliveries([
    { id: mail!.id, delivered: true, at: now + 5 },
    { id: notice!.id, delivered: false, error: 'SMTP down', retryAt: null },
  ])
  const undelivered = await store.listUndelivered()
  expect(undelivered).toMatchObject([{ id: notice!.id, state: 'failed', attempts: 1, lastError: 'SMTP down' }])
  expect(await store.retryDelivery(notice!.id, now + 10)).toBe(true)
  expect(await store.retryDelivery(mail!.id, now + 10)).toBe(false) // delivered already
  expect(await store.claimDue(now + 10, now + 60_000, 10)).toMatchObject([{ id: notice!.id, attempts: 0 }])
  await store.close()
})
