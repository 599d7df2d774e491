import { readdirSync } from 'node:fs'
import pg from 'pg'
import { afterAll, expect, test, vi } from 'vitest'
import { freePort, smtpReceiver, waitFor, webhookReceiver } from './outbox/test-receivers.ts'
import { createTestDatabase } from './store/test-database.ts'
import { startServerProcess } from './test-server.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

// Two server processes behind an imagined load balancer, on one PostgreSQL
// database (docs/decisions/020-postgresql-for-several-instances.md): leads
// posted to either are stored once, the rate limit counts across both, and
// both outbox workers together deliver each lead once.
const SECRET = 'whsec-two-0123456789abcdef'
const url = await createTestDatabase()
// The webhook receiver is down at first (started in the last test); slow once up, so rounds overlap.
const hookPort = await freePort()
const hook = await webhookReceiver({ secret: SECRET, port: hookPort, delayMs: 20 })
const smtp = await smtpReceiver()
const settings = {
  DATABASE_URL: url,
  // As behind one proxy: X-Forwarded-For names the client, so the test can play many visitors.
  TRUSTED_PROXIES: '1',
  LEAD_RATE_LIMIT: '6',
  LEAD_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/hooks/leads`,
  LEAD_WEBHOOK_SECRET: SECRET,
  SMTP_URL: smtp.url,
  OUTBOX_RETRY_BASE_MS: '50',
  OUTBOX_MAX_ATTEMPTS: '30',
}
// Started together: both migrate the new database at once.
const [a, b] = await Promise.all([startServerProcess(settings), startServerProcess(settings)])
const db = new pg.Pool({ connectionString: url, max: 2 })
// The database is dropped after the tests, perhaps before the pool has closed its connections.
db.on('error', () => {})
afterAll(() => db.end())

async function post(server: { url: string }, visitor: string, email: string, key?: string) {
  const response = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    body: JSON.stringify({ kind: 'popup', email }),
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': visitor,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  })
  const body = (await response.json()) as { id?: string }
  return { status: response.status, id: body.id, retryAfter: response.headers.get('retry-after') }
}

const count = async (sql: string, values: unknown[] = []) =>
  Number((await db.query<{ n: string }>(sql, values)).rows[0]!.n)

test('both announce PostgreSQL, and the schema was migrated once', async () => {
  expect(a.output.join('')).toContain('leads in PostgreSQL')
  expect(b.output.join('')).toContain('leads in PostgreSQL')
  // One row per migration the store holds, each applied by one of the two.
  const migrations = readdirSync(new URL('./store/migrations/', import.meta.url)).filter((file) =>
    file.endsWith('.postgres.sql'),
  )
  expect(migrations.length).toBeGreaterThanOrEqual(5)
  expect(await count('SELECT count(*) AS n FROM schema_migrations')).toBe(migrations.length)
})

test('leads posted to both are stored once each; a key sent to both is one lead', async () => {
  // 120 visitors, each to one instance in turn, and 30 retried submissions that reach both.
  const single = await Promise.all(
    Array.from({ length: 120 }, (_, i) =>
      post(i % 2 === 0 ? a : b, `198.51.100.${i}`, `single-${i}@example.com`, `single-${i}`),
    ),
  )
  const twice = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const [first, second] = await Promise.all([
        post(a, `203.0.113.${i}`, `twice-${i}@example.com`, `twice-${i}`),
        post(b, `203.0.113.${i}`, `twice-${i}@example.com`, `twice-${i}`),
      ])
      return { first, second }
    }),
  )
  expect(single.every((answer) => answer.status === 201)).toBe(true)
  for (const { first, second } of twice) {
    expect([first.status, second.status]).toEqual([201, 201])
    expect(first.id).toBe(second.id)
  }
  expect(await count('SELECT count(*) AS n FROM leads')).toBe(150)
  expect(await count('SELECT count(DISTINCT email) AS n FROM leads')).toBe(150)
  const stored = new Set((await db.query<{ id: string }>('SELECT id FROM leads')).rows.map((row) => row.id))
  for (const answer of [...single, ...twice.map(({ first }) => first)]) expect(stored.has(answer.id!)).toBe(true)
})

test('the rate limit counts one address across both instances', async () => {
  const visitor = '192.0.2.77'
  const statuses: number[] = []
  for (let i = 0; i < 6; i += 1)
    statuses.push((await post(i % 2 === 0 ? a : b, visitor, `limited-${i}@example.com`)).status)
  // Each instance saw only three: a limit per process would let both of these through.
  const refusedByA = await post(a, visitor, 'limited-6@example.com')
  const refusedByB = await post(b, visitor, 'limited-7@example.com')
  expect(statuses).toEqual([201, 201, 201, 201, 201, 201])
  expect([refusedByA.status, refusedByB.status]).toEqual([429, 429])
  expect(Number(refusedByA.retryAfter)).toBeGreaterThan(0)
  expect(Number(refusedByA.retryAfter)).toBeLessThanOrEqual(60)
  // Another address is not held back.
  expect((await post(b, '192.0.2.78', 'other@example.com')).status).toBe(201)
})

test('the two outbox workers, claiming at the same moment, deliver each lead once between them', async () => {
  const leads = await count('SELECT count(*) AS n FROM leads')
  expect(leads).toBe(157)
  // The mails went out; every webhook failed at least once (the receiver is down) and waits.
  await waitFor(
    async () => (await count("SELECT count(*) AS n FROM outbox WHERE kind = 'webhook' AND attempts = 0")) === 0,
    20_000,
    'a failed try of every webhook',
  )
  expect(smtp.received).toHaveLength(2 * leads)

  // Hold both workers' claims until both wait, then let them go at once: without row locks
  // (FOR UPDATE SKIP LOCKED) they would take the same deliveries. A claim reads `leads`;
  // recording a round's results does not, so only claims wait on this lock.
  const gate = await db.connect()
  await gate.query('BEGIN')
  await gate.query('LOCK TABLE leads IN ACCESS EXCLUSIVE MODE')
  await hook.start()
  await waitFor(
    async () =>
      (await count(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE OF outbox SKIP LOCKED%'",
      )) === 2,
    10_000,
    'both workers waiting to claim',
  )
  await gate.query('COMMIT')
  gate.release()

  await waitFor(
    async () => (await count("SELECT count(*) AS n FROM outbox WHERE state <> 'delivered'")) === 0,
    40_000,
    'every delivery',
  )
  // Anything sent twice would arrive by now.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const webhookLeads = hook.received.map((call) => call.body.lead.id)
  expect(webhookLeads).toHaveLength(leads)
  expect(new Set(webhookLeads).size).toBe(leads)
  expect(new Set(hook.received.map((call) => call.delivery)).size).toBe(leads)
  expect(hook.received.every((call) => call.signatureValid)).toBe(true)
  // A popup sign-up gets the checklist and the team's notice, once each.
  expect(smtp.received).toHaveLength(2 * leads)
  // Both workers took part.
  const deliveredBy = (server: { output: string[] }) =>
    server.output
      .join('')
      .split('\n')
      .filter((line) => line.includes('"event":"delivered"')).length
  expect(deliveredBy(a)).toBeGreaterThan(0)
  expect(deliveredBy(b)).toBeGreaterThan(0)
  expect(deliveredBy(a) + deliveredBy(b)).toBe(3 * leads)
})
