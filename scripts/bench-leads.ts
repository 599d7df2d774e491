// Load test of the lead API: `npm run bench:leads`.
// Starts the real server (a temporary DATA_DIR, LEAD_RATE_LIMIT=0, a loopback
// port), runs autocannon against POST /api/leads with every request a distinct
// valid lead, then reads the database: every id answered 201 must be in it.
// Rows equal the 2xx count, plus at most one request per connection that was
// committed while autocannon stopped without reading its answer
// (docs/decisions/018-leads-in-sqlite-group-commit.md).
// BENCH_SECONDS and BENCH_CONNECTIONS change the run (10 s, 50 connections).
// On PostgreSQL instead of SQLite: `npm run bench:leads -- --postgres` starts a
// throwaway cluster (Debian's postgresql, as the tests do, fsync on), or
// BENCH_DATABASE_URL names an empty database to use (its tables are created).
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import pg from 'pg'
import { freePort } from '#server/free-port.ts'
import { startPostgresCluster } from '#server/store/test-postgres.ts'
import { waitForServer } from './wait-for-server.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50)
const targets = { perSecond: 2000, p99Ms: 50 }

if (!existsSync('build/client/index.html')) {
  console.log('No build yet: building first.')
  if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
}

const cluster = process.argv.includes('--postgres') ? await startPostgresCluster() : null
const databaseUrl = cluster ? await cluster.createDatabase('bench') : process.env.BENCH_DATABASE_URL
console.log(
  `Leads in ${databaseUrl ? `PostgreSQL (${cluster ? 'a throwaway cluster' : 'BENCH_DATABASE_URL'})` : 'SQLite'}`,
)

const port = await freePort()
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-leads-'))
const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LEAD_RATE_LIMIT: '0',
    DATABASE_URL: databaseUrl ?? '',
  },
  // One log line per request: not what is measured.
  stdio: ['ignore', 'ignore', 'inherit'],
})
const exited = once(server, 'exit')
process.on('exit', () => {
  server.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})
const base = `http://127.0.0.1:${port}`
await waitForServer(base, { tries: 100, intervalMs: 100 })

let sent = 0
/** The ids of the leads answered 201. */
const answered: string[] = []
/** Every request a new lead: popup sign-ups and contact forms in turn. */
function nextLead(): string {
  sent += 1
  const attribution = { page: '/blog/seo-strategy-2025', referrerHost: 'www.google.com', utm_source: 'bench' }
  return JSON.stringify(
    sent % 2 === 0
      ? { kind: 'popup', email: `visitor-${sent}@example.com`, ...attribution }
      : {
          kind: 'contact',
          name: `Visitor ${sent}`,
          email: `visitor-${sent}@example.com`,
          service: 'paid-ads',
          budget: '5k-15k',
          message: `Lead number ${sent}: we would like to grow our pipeline from search and paid social.`,
          ...attribution,
        },
  )
}

console.log(`POST ${base}/api/leads: ${connections} connections for ${seconds} s`)
const pressureBefore = cpuPressure()
const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      path: '/api/leads',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: nextLead() }),
      onResponse: (status, body) => {
        if (status === 201) answered.push((JSON.parse(body) as { id: string }).id)
      },
    },
  ],
})

const pressureAfter = cpuPressure()
// Stop the server as a deploy would (SIGTERM: requests in flight finish), then count.
server.kill('SIGTERM')
await exited
const { rows, stored, deliveries } = databaseUrl ? await readPostgres(databaseUrl) : readSqlite()
const missing = answered.filter((id) => !stored.has(id)).length
await cluster?.stop()

const ok = result['2xx']
const perSecond = ok / result.duration
const report = {
  'requests/s (mean)': Math.round(result.requests.average),
  'stored leads/s': Math.round(perSecond),
  'latency p50 ms': result.latency.p50,
  'latency p99 ms': result.latency.p99,
  'latency max ms': result.latency.max,
  '2xx': ok,
  'non-2xx': result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  'rows in the database': rows,
  '201 ids missing from it': missing,
  // autocannon stops with one request in flight per connection: committed, its answer not read.
  'rows committed, answer unread': rows - answered.length,
  'outbox rows': deliveries.map(({ state, n }) => `${n} ${state}`).join(', '),
  // Share of the run during which some task (this bench's own included) waited for a CPU:
  // well above what the bench causes alone (about 20-40%), other work shared the machine.
  'CPU pressure during the run':
    pressureBefore === null || pressureAfter === null
      ? 'unknown'
      : `${Math.round((pressureAfter - pressureBefore) / (result.duration * 10_000))}%`,
}
console.table(report)

const problems = [
  missing > 0 && `${missing} answered leads are not in the database`,
  (rows < ok || rows - ok > connections) && `rows (${rows}) do not match the 2xx answers (${ok})`,
  result.errors + result.timeouts + result.non2xx > 0 && 'errors, timeouts or non-2xx answers',
  perSecond < targets.perSecond && `under ${targets.perSecond} stored leads/s`,
  result.latency.p99 >= targets.p99Ms && `p99 not under ${targets.p99Ms} ms`,
].filter(Boolean)
console.log(problems.length === 0 ? 'All targets met.' : `Missed: ${problems.join('; ')}.`)
process.exitCode = missing === 0 && answered.length === ok ? 0 : 1

interface Counts {
  rows: number
  stored: Set<string>
  deliveries: { state: string; n: number }[]
}

function readSqlite(): Counts {
  const db = new Database(path.join(dataDir, 'leads.sqlite'), { readonly: true })
  try {
    return {
      rows: (db.prepare('SELECT count(*) AS n FROM leads').get() as { n: number }).n,
      stored: new Set(db.prepare('SELECT id FROM leads').pluck().all() as string[]),
      deliveries: db.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state').all() as Counts['deliveries'],
    }
  } finally {
    db.close()
  }
}

async function readPostgres(url: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const ids = (await client.query<{ id: string }>('SELECT id FROM leads')).rows.map((row) => row.id)
    const deliveries = await client.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM outbox GROUP BY state',
    )
    return { rows: ids.length, stored: new Set(ids), deliveries: deliveries.rows }
  } finally {
    await client.end()
  }
}

/** Linux's total time (µs) some task waited for a CPU, or null where the kernel does not say. */
function cpuPressure(): number | null {
  try {
    const total = /some .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]
    return total === undefined ? null : Number(total)
  } catch {
    return null
  }
}
