import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { healthApi } from '../api/health.ts'
import type { DeliveryKind } from '../store/store.ts'
import { migrate, openDatabase, sqliteDriver } from '../store/sqlite-db.ts'
import { sqlOperations } from '../store/sql-store.ts'
import { backoffMs, createOutboxWorker, defaultOutboxSettings, deliveriesFor, redact } from './worker.ts'

const settings = { ...defaultOutboxSettings, retryBaseMs: 1000, retryMaxMs: 60_000 }

test('backoff doubles after each failed try, capped, with half of it random', () => {
  expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, settings, () => 1))).toEqual([1000, 2000, 4000, 8000])
  expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, settings, () => 0))).toEqual([500, 1000, 2000, 4000])
  expect(backoffMs(20, settings, () => 1)).toBe(60_000)
  expect(backoffMs(20, settings, () => 0)).toBe(30_000)
})

const contact = {
  kind: 'contact',
  email: 'ada@example.com',
  name: 'Ada',
  service: 'analytics',
  message: 'Hi',
} as const

test('every lead notifies the team; a popup sign-up also gets the checklist; the webhook when set', () => {
  const popup = { kind: 'popup', email: 'ada@example.com' } as const
  expect(deliveriesFor({ webhook: false })(popup)).toEqual(['checklist-mail', 'notify-mail'])
  expect(deliveriesFor({ webhook: true })(popup)).toEqual(['checklist-mail', 'notify-mail', 'webhook'])
  expect(deliveriesFor({ webhook: true })(contact)).toEqual(['notify-mail', 'webhook'])
})

test('a contact-form lead whose topic is the free marketing audit gets the audit kit too; other topics do not', () => {
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: 'audit' })).toEqual(['checklist-mail', 'notify-mail'])
  expect(deliveriesFor({ webhook: true })({ ...contact, topic: 'audit' })).toEqual([
    'checklist-mail',
    'notify-mail',
    'webhook',
  ])
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: 'strategy-call' })).toEqual(['notify-mail'])
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: 'project' })).toEqual(['notify-mail'])
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: undefined })).toEqual(['notify-mail'])
})

test('e-mail addresses are masked in what goes to the logs', () => {
  expect(redact('550 5.1.1 <ada.l+x@example.co.uk>: mailbox unavailable')).toBe(
    '550 5.1.1 <[address]>: mailbox unavailable',
  )
  expect(redact('/contact/ada@example.com')).toBe('/contact/[address]')
})

describe('a store that cannot write', () => {
  // The review filled the disk under a running server: the worker logged outbox_error every 10 ms
  // (881 lines in 20 s) and /api/health stayed green. Here a real SQLite database refuses the
  // writes, on a fake clock: PRAGMA query_only (what a read-only file gives) and PRAGMA
  // max_page_count (a database that may not grow: SQLite's own SQLITE_FULL).
  const start = Date.parse('2026-11-23T10:00:00.000Z')

  /** A real SQLite lead database in a new folder and the outbox's part of its store, each call counted. */
  function sqliteOutbox() {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'))
    const db = openDatabase(path.join(dir, 'leads.sqlite'))
    migrate(db)
    const operations = sqlOperations(sqliteDriver(db))
    onTestFinished(() => {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    })
    const calls: string[] = []
    const counted =
      <A extends unknown[], R>(name: string, operation: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        calls.push(name)
        return operation(...args)
      }
    const store = {
      claimDue: counted('claimDue', operations.claimDue),
      nextDueAt: counted('nextDueAt', operations.nextDueAt),
      finishDeliveries: counted('finishDeliveries', operations.finishDeliveries),
      outboxBacklog: counted('outboxBacklog', operations.outboxBacklog),
    }
    /** `count` popup sign-ups, two deliveries each, stored now. */
    const addLeads = (count: number) =>
      operations.insertBatch(
        Array.from({ length: count }, (_, i) => ({
          lead: { kind: 'popup', email: `visitor${i}@example.com` } as const,
          id: randomUUID(),
          createdAt: Date.now(),
          deliveries: ['checklist-mail', 'notify-mail'] as DeliveryKind[],
        })),
      )
    return { db, store, calls, addLeads }
  }

  /** A logger keeping each line as parsed JSON. */
  function lines() {
    const logged: Record<string, unknown>[] = []
    const push = (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>)
    return {
      logged,
      log: { info: push, error: push },
      events: (event: string) => logged.filter((l) => l.event === event),
    }
  }

  function fakeClock() {
    vi.useFakeTimers({ now: start, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
  }

  test('a round that fails is tried again after 1, 2, 4, 8, 16 s, one log line each; a round that succeeds resets it', async () => {
    fakeClock()
    const { db, store, calls, addLeads } = sqliteOutbox()
    await addLeads(3)
    const delivered: number[] = []
    const { log, events } = lines()
    const worker = createOutboxWorker({
      store,
      deliver: async (delivery) => {
        delivered.push(delivery.id)
        return {}
      },
      log,
    })
    db.pragma('query_only = ON')
    worker.start()
    onTestFinished(() => worker.stop())
    await vi.advanceTimersByTimeAsync(20_000)

    // Over 20 s: five rounds (at 0, 1, 3, 7 and 15 s), each one line; not one every 10 ms.
    expect(events('outbox_error').map(({ failedRounds, retryInMs }) => [failedRounds, retryInMs])).toEqual([
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [4, 8000],
      [5, 16_000],
    ])
    expect(events('outbox_error')[0]!.error).toMatch(/readonly/)
    expect(calls.filter((call) => call === 'claimDue')).toHaveLength(5)
    expect(calls.length).toBeLessThanOrEqual(10)
    expect(delivered).toEqual([])
    expect(worker.status()).toEqual({ state: 'failing', since: start, failedRounds: 5, error: 'SQLITE_READONLY' })

    // The database writes again: the round at 31 s delivers everything and says so once.
    db.pragma('query_only = OFF')
    await vi.advanceTimersByTimeAsync(11_000)
    expect(delivered).toHaveLength(6)
    expect(events('outbox_recovered')).toEqual([
      { event: 'outbox_recovered', failedRounds: 5, since: new Date(start).toISOString() },
    ])
    expect(worker.status()).toEqual({ state: 'running' })

    // Failing again starts again from 1 s.
    await addLeads(1)
    db.pragma('query_only = ON')
    await vi.advanceTimersByTimeAsync(1000)
    expect(events('outbox_error').at(-1)).toMatchObject({ failedRounds: 1, retryInMs: 1000 })
    expect(worker.status()).toMatchObject({ state: 'failing', since: Date.now() })
  })

  test('/api/health answers 503 "failing" while the rounds fail, and 200 once one succeeds', async () => {
    fakeClock()
    const { db, store, addLeads } = sqliteOutbox()
    await addLeads(1)
    const { log } = lines()
    const worker = createOutboxWorker({ store, deliver: async () => ({}), log })
    const health = healthApi({ store, log, outboxStatus: () => worker.status() })
    db.pragma('query_only = ON')
    worker.start()
    onTestFinished(() => worker.stop())
    await vi.advanceTimersByTimeAsync(5000)
    const failing = await health.request('/')
    expect(failing.status).toBe(503)
    expect(await failing.json()).toEqual({
      ok: false,
      database: 'reachable',
      outbox: {
        pending: 2,
        failed: 0,
        worker: 'failing',
        since: new Date(start).toISOString(),
        error: 'SQLITE_READONLY',
      },
    })

    db.pragma('query_only = OFF')
    await vi.advanceTimersByTimeAsync(4000)
    const recovered = await health.request('/')
    expect(recovered.status).toBe(200)
    expect(await recovered.json()).toEqual({ ok: true, database: 'reachable', outbox: { pending: 0, failed: 0 } })
  })

  test('results it could not record (SQLITE_FULL) are recorded first once there is room, not delivered again', async () => {
    fakeClock()
    const { db, store, addLeads } = sqliteOutbox()
    await addLeads(5)
    // The database may not grow past what it holds now: SQLite answers a write that needs a page with SQLITE_FULL.
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`)
    const tries: number[] = []
    const { log, events } = lines()
    const worker = createOutboxWorker({
      store,
      // Each try fails with a long reply, which the store keeps as the delivery's last error.
      deliver: async (delivery) => {
        tries.push(delivery.id)
        throw new Error(`550 ${'the mail server says no '.repeat(40)}`)
      },
      // The next scheduled try an hour away: a second try before then would be one lost record.
      settings: { ...defaultOutboxSettings, retryBaseMs: 60 * 60_000 },
      random: () => 1,
      log,
    })
    worker.start()
    onTestFinished(() => worker.stop())
    await vi.advanceTimersByTimeAsync(20_000)
    expect(tries).toHaveLength(10)
    expect(events('outbox_error').length).toBeGreaterThanOrEqual(4)
    expect(events('outbox_error').length).toBeLessThanOrEqual(6)
    expect(events('outbox_error')[0]!.error).toMatch(/database or disk is full/)
    expect(worker.status()).toMatchObject({ state: 'failing', since: start, error: 'SQLITE_FULL' })

    // Room again: the next round records the ten failed tries, and nothing is tried twice,
    // even once their lease has run out.
    db.pragma('max_page_count = 1000000')
    await vi.advanceTimersByTimeAsync(16_000)
    expect(worker.status()).toEqual({ state: 'running' })
    expect(await store.outboxBacklog()).toEqual({ pending: 10, failed: 0 })
    const recorded = db.prepare('SELECT attempts, last_error FROM outbox').all() as {
      attempts: number
      last_error: string
    }[]
    expect(recorded.map((row) => row.attempts)).toEqual(Array(10).fill(1))
    expect(recorded[0]!.last_error).toMatch(/^550 the mail server says no/)
    await vi.advanceTimersByTimeAsync(defaultOutboxSettings.leaseMs)
    expect(new Set(tries).size).toBe(tries.length)
  })
})
