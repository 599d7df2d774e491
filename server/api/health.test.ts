import pg from 'pg'
import { describe, expect, inject, test, vi } from 'vitest'
import type { OutboxWorkerStatus } from '../outbox/worker.ts'
import { createTestDatabase } from '../store/test-database.ts'
import { startTestServer } from '../test-server.ts'
import { healthApi } from './health.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

const log = { error: vi.fn() }

describe('alone, with a store that answers as told', () => {
  test('200 with the outbox counts when the database answers, never cached', async () => {
    const app = healthApi({ store: { outboxBacklog: async () => ({ pending: 3, failed: 1 }) }, log })
    const response = await app.request('/')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ ok: true, database: 'reachable', outbox: { pending: 3, failed: 1 } })
  })

  test('503 when the database fails or does not answer in time', async () => {
    const failing = healthApi({
      store: { outboxBacklog: () => Promise.reject(new Error('connect ECONNREFUSED')) },
      log,
    })
    const failed = await failing.request('/')
    expect(failed.status).toBe(503)
    expect(await failed.json()).toEqual({ ok: false, database: 'unreachable' })

    const silent = healthApi({ store: { outboxBacklog: () => new Promise(() => {}) }, log, timeoutMs: 50 })
    const timedOut = await silent.request('/')
    expect(timedOut.status).toBe(503)
    expect(await timedOut.json()).toEqual({ ok: false, database: 'unreachable' })
  })

  test("503 while the outbox worker's rounds fail, with counts and state only; as before once it runs again", async () => {
    const since = Date.parse('2026-11-23T10:00:00.000Z')
    let status: OutboxWorkerStatus = { state: 'failing', since, failedRounds: 4, error: 'SQLITE_FULL' }
    const app = healthApi({
      store: { outboxBacklog: async () => ({ pending: 7, failed: 0 }) },
      log,
      outboxStatus: () => status,
    })
    const failing = await app.request('/')
    expect(failing.status).toBe(503)
    expect(failing.headers.get('cache-control')).toBe('no-store')
    expect(await failing.json()).toEqual({
      ok: false,
      database: 'reachable',
      outbox: { pending: 7, failed: 0, worker: 'failing', since: '2026-11-23T10:00:00.000Z', error: 'SQLITE_FULL' },
    })

    status = { state: 'running' }
    const running = await app.request('/')
    expect(running.status).toBe(200)
    expect(await running.json()).toEqual({ ok: true, database: 'reachable', outbox: { pending: 7, failed: 0 } })
  })

  test('checks that arrive together share one query', async () => {
    let queries = 0
    const app = healthApi({
      store: {
        outboxBacklog: async () => {
          queries += 1
          await new Promise((resolve) => setTimeout(resolve, 20))
          return { pending: 0, failed: 0 }
        },
      },
      log,
    })
    const answers = await Promise.all(Array.from({ length: 20 }, () => app.request('/')))
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
    expect(queries).toBe(1)
    await app.request('/')
    expect(queries).toBe(2)
  })
})

test('the real server on SQLite: 200, counts only', async () => {
  const server = await startTestServer()
  const response = await fetch(`${server.url}/api/health`)
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ ok: true, database: 'reachable', outbox: { pending: 0, failed: 0 } })
})

test('the real server on PostgreSQL: 200 while the database is there, 503 once it is gone', async () => {
  const url = await createTestDatabase()
  const server = await startTestServer({ DATABASE_URL: url, LEAD_RATE_LIMIT: '0' })
  expect(server.database).toBe('postgres')
  const lead = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    body: JSON.stringify({
      kind: 'contact',
      name: 'Ada',
      email: 'ada@example.com',
      service: 'paid-ads',
      message: 'Hi',
    }),
    headers: { 'content-type': 'application/json' },
  })
  expect(lead.status).toBe(201)
  const healthy = await fetch(`${server.url}/api/health`)
  expect(healthy.status).toBe(200)
  const body = (await healthy.json()) as { ok: boolean; outbox: { pending: number; failed: number } }
  expect(body.ok).toBe(true)
  expect(body.outbox.pending + body.outbox.failed).toBeLessThanOrEqual(1)
  expect(JSON.stringify(body)).not.toContain('ada@example.com')

  // The database disappears under the running server: its connections are cut.
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await admin.connect()
  await admin.query(`DROP DATABASE ${new URL(url).pathname.slice(1)} WITH (FORCE)`)
  await admin.end()
  const down = await fetch(`${server.url}/api/health`)
  expect(down.status).toBe(503)
  expect(await down.json()).toEqual({ ok: false, database: 'unreachable' })
})
