import pg from 'pg'
import { expect, inject, test, vi } from 'vitest'
import { RATE_LIMIT_WINDOW_MS } from '#app/lib/leads/retention.ts'
import { createPostgresRateLimiter } from './postgres-rate-limit.ts'
import { createPool, held, openPostgresStore, type PostgresLeadStore } from './postgres.ts'
import { bookingStoreSuite, leadStoreSuite } from './store-suite.ts'
import { testDatabases } from './test-database.ts'

// A real PostgreSQL (the run's throwaway cluster, postgres-global-setup.ts), a new database per test.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })
const databases = testDatabases()

leadStoreSuite('PostgreSQL', {
  async fresh({ maxBatch } = {}) {
    const url = await databases.create()
    return {
      store: await openPostgresStore({ url, maxBatch }),
      another: () => openPostgresStore({ url }),
    }
  },
})

bookingStoreSuite('PostgreSQL', {
  async fresh({ maxBatch } = {}) {
    const url = await databases.create()
    return {
      store: await openPostgresStore({ url, maxBatch }),
      another: () => openPostgresStore({ url }),
    }
  },
})

async function rows<R extends pg.QueryResultRow>(url: string, sql: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(sql)).rows
  } finally {
    await client.end()
  }
}

test('instances starting at once on a new database migrate it once', async () => {
  const url = await databases.create()
  const stores = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore({ url })))
  expect(await rows(url, 'SELECT version, name FROM schema_migrations ORDER BY version')).toEqual([
    { version: 1, name: '001-leads' },
    { version: 2, name: '002-rate-limits' },
    { version: 3, name: '003-bookings' },
    { version: 4, name: '004-booking-limits' },
    { version: 5, name: '005-booking-phone' },
    { version: 6, name: '006-lead-website' },
    { version: 7, name: '007-audit-reports' },
  ])
  await Promise.all(stores.map((store) => store.close()))
  // Opening again applies nothing.
  const again = await openPostgresStore({ url })
  expect(await again.countLeads()).toBe(0)
  await again.close()
  expect(await rows(url, 'SELECT count(*)::int AS n FROM schema_migrations')).toEqual([{ n: 7 }])
})

test('a connection dropped while a transaction holds it fails that work alone, not the process, and is not pooled again', async () => {
  const url = await databases.create()
  const pool = createPool(url, 2, { error: () => {} })
  const uncaught = vi.fn()
  process.on('uncaughtException', uncaught)
  try {
    const work = held(pool, async (client) => {
      const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [
        { pid: number },
      ]
      // The server drops this connection between two queries, as a restart would.
      const ended = new Promise((resolve) => client.once('end', resolve))
      await pool.query('SELECT pg_terminate_backend($1)', [pid])
      await ended
      return client.query('SELECT 1')
    })
    await expect(work).rejects.toThrow(/terminat|not queryable/i)
    expect(uncaught).not.toHaveBeenCalled()
    // The pool goes on with a new connection.
    expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }])
    expect(pool.totalCount).toBe(1)
  } finally {
    process.off('uncaughtException', uncaught)
    await pool.end()
  }
})

test('an unreachable database stops the start with the reason', async () => {
  await expect(openPostgresStore({ url: 'postgres://postgres@127.0.0.1:1/none' })).rejects.toThrow(/ECONNREFUSED/)
})

test('the shared rate limit: two instances count one window per address', async () => {
  const url = await databases.create()
  const stores: PostgresLeadStore[] = [await openPostgresStore({ url }), await openPostgresStore({ url })]
  const [a, b] = stores.map((store) =>
    createPostgresRateLimiter(store.pool, { scope: 'leads', limit: 3, windowMs: 60_000 }),
  )
  const start = 1_000_000
  expect(await a!.hit('198.51.100.7', start)).toEqual({ allowed: true, retryAfterMs: 0 })
  expect(await b!.hit('198.51.100.7', start + 1000)).toEqual({ allowed: true, retryAfterMs: 0 })
  expect(await a!.hit('198.51.100.7', start + 2000)).toEqual({ allowed: true, retryAfterMs: 0 })
  // The fourth, on either instance, is refused until the window that opened at `start` ends.
  expect(await b!.hit('198.51.100.7', start + 10_000)).toEqual({ allowed: false, retryAfterMs: 50_000 })
  expect(await a!.hit('198.51.100.7', start + 59_999)).toEqual({ allowed: false, retryAfterMs: 1 })
  // Another address, and another endpoint's scope, count on their own.
  expect((await b!.hit('203.0.113.9', start + 10_000)).allowed).toBe(true)
  const other = createPostgresRateLimiter(stores[0]!.pool, { scope: 'client-errors', limit: 1, windowMs: 60_000 })
  expect((await other.hit('198.51.100.7', start + 10_000)).allowed).toBe(true)
  // A new window once it ended.
  expect(await a!.hit('198.51.100.7', start + 60_000)).toEqual({ allowed: true, retryAfterMs: 0 })

  // Concurrent hits from both are each counted once: 10 allowed of 25.
  const burst = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      createPostgresRateLimiter(stores[i % 2]!.pool, { scope: 'burst', limit: 10, windowMs: 60_000 }).hit('x', start),
    ),
  )
  expect(burst.filter((decision) => decision.allowed)).toHaveLength(10)
  await Promise.all(stores.map((store) => store.close()))
})

test('the shared rate limit forgets an address once its window has passed, without any further request', async () => {
  const url = await databases.create()
  const store = await openPostgresStore({ url })
  // The limiter's clock, moved by hand; its sweep timer runs every 20 ms of real time.
  let clock = 1_000_000
  const limiter = createPostgresRateLimiter(store.pool, {
    scope: 'leads',
    limit: 3,
    windowMs: RATE_LIMIT_WINDOW_MS,
    sweepEveryMs: 20,
    now: () => clock,
  })
  const held = () => rows<{ key: string }>(url, 'SELECT key FROM rate_limits ORDER BY key')
  await limiter.hit('198.51.100.7', clock)
  clock += RATE_LIMIT_WINDOW_MS / 2
  await limiter.hit('203.0.113.9', clock)
  clock += RATE_LIMIT_WINDOW_MS / 2 - 1
  // Sweeps run meanwhile, and both windows are still open.
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(await held()).toEqual([{ key: '198.51.100.7' }, { key: '203.0.113.9' }])
  clock += 1
  await expect.poll(held, { timeout: 5000 }).toEqual([{ key: '203.0.113.9' }])
  clock += RATE_LIMIT_WINDOW_MS / 2
  await expect.poll(held, { timeout: 5000 }).toEqual([])

  // Closed, it sweeps no more.
  const queries = vi.spyOn(store.pool, 'query')
  limiter.close()
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(queries).not.toHaveBeenCalled()
  await store.close()
})

test('with the database gone the limiter lets requests through and says so once', async () => {
  const url = await databases.create()
  const store = await openPostgresStore({ url })
  const log = { error: vi.fn() }
  const limiter = createPostgresRateLimiter(store.pool, { scope: 'leads', limit: 1, windowMs: 60_000 }, log)
  await store.close() // the pool is closed: every query fails
  expect(await limiter.hit('a', 0)).toEqual({ allowed: true, retryAfterMs: 0 })
  expect(await limiter.hit('a', 1)).toEqual({ allowed: true, retryAfterMs: 0 })
  expect(log.error).toHaveBeenCalledTimes(1)
  expect(log.error.mock.calls[0]![0]).toMatch(/"event":"rate_limit_unavailable"/)
})

test('with the database gone, a batch is refused whole, not retried lead by lead', async () => {
  const url = await databases.create()
  // Quiet: the pool logs the connections the drop cut.
  const store = await openPostgresStore({ url, log: { error: () => {} } })
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await admin.connect()
  await admin.query(`DROP DATABASE ${new URL(url).pathname.slice(1)} WITH (FORCE)`)
  await admin.end()
  const connections = vi.spyOn(store.pool, 'connect')
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, (_, i) =>
      store.insertLead({
        lead: { kind: 'popup', email: `gone-${i}@example.com` },
        id: `gone-${i}`,
        createdAt: 1,
        deliveries: ['notify-mail'],
      }),
    ),
  )
  expect(results.every((result) => result.status === 'rejected')).toBe(true)
  // One connection per batch (the first lead may go alone): no retry of each lead on a dead database.
  expect(connections.mock.calls.length).toBeLessThanOrEqual(2)
  await store.close()
})

test('the database itself holds one confirmed call per start: a second is refused, a cancelled one is not counted', async () => {
  const url = await databases.create()
  const store = await openPostgresStore({ url })
  await store.close()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const id of ['l1', 'l2', 'l3']) {
      await client.query("INSERT INTO leads (id, created_at, kind, email) VALUES ($1, 1, 'booking', 'a@example.com')", [
        id,
      ])
    }
    const insert = (id: string, lead: string, status: string) =>
      client.query(
        "INSERT INTO bookings VALUES ($1, $2, '2026-12-02T14:00:00.000Z', '2026-12-02T14:30:00.000Z', 'UTC', $1, 0, $3, 1, 1)",
        [id, lead, status],
      )
    await insert('b1', 'l1', 'confirmed')
    await expect(insert('b2', 'l2', 'confirmed')).rejects.toThrow(/bookings_one_per_slot/)
    await insert('b3', 'l3', 'cancelled')
    await expect(client.query("UPDATE bookings SET status = 'confirmed' WHERE id = 'b3'")).rejects.toThrow(
      /bookings_one_per_slot/,
    )
  } finally {
    await client.end()
  }
})
