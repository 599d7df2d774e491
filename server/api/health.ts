import { Hono } from 'hono'
import type { OutboxWorkerStatus } from '../outbox/worker.ts'
import type { Store } from '../store/store.ts'

/** How long the database may take to answer before the instance counts as unhealthy. */
export const HEALTH_TIMEOUT_MS = 3000

/**
 * `GET /api/health`, for load balancers and monitoring (docs/deploy.md): 200
 * `{ ok: true, database: "reachable", outbox: { pending, failed } }` when the
 * lead database answers, 503 `{ ok: false, database: "unreachable" }` when it
 * does not (within `timeoutMs`), and 503 `{ ok: false, database: "reachable",
 * outbox: { pending, failed, worker: "failing", since, error } }` while the
 * outbox worker's rounds fail (a full disk: leads cannot be stored either).
 * Counts and states only: no lead or address; `error` is the worker's
 * (`OutboxWorkerStatus`: a code such as SQLITE_FULL, addresses masked).
 * Checks that arrive while one is under way share its answer, so a flood of
 * them costs the database one query at a time.
 */
export function healthApi({
  store,
  log,
  timeoutMs = HEALTH_TIMEOUT_MS,
  outboxStatus = () => ({ state: 'running' }),
}: {
  store: Pick<Store, 'outboxBacklog'>
  log: Pick<Console, 'error'>
  timeoutMs?: number
  /** The outbox worker's state (server/outbox/worker.ts); running when none is given. */
  outboxStatus?: () => OutboxWorkerStatus
}) {
  let inFlight: Promise<{ pending: number; failed: number } | null> | null = null

  function check() {
    inFlight ??= new Promise<{ pending: number; failed: number } | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs)
      store.outboxBacklog().then(
        (backlog) => {
          clearTimeout(timer)
          resolve(backlog)
        },
        (error: unknown) => {
          clearTimeout(timer)
          log.error(JSON.stringify({ event: 'health_database_unreachable', error: String(error).slice(0, 300) }))
          resolve(null)
        },
      )
    }).finally(() => {
      inFlight = null
    })
    return inFlight
  }

  return new Hono().get('/', async (c) => {
    const backlog = await check()
    c.header('Cache-Control', 'no-store')
    if (!backlog) return c.json({ ok: false, database: 'unreachable' }, 503)
    const worker = outboxStatus()
    if (worker.state === 'failing') {
      const { since, error } = worker
      const outbox = { ...backlog, worker: 'failing', since: new Date(since).toISOString(), error }
      return c.json({ ok: false, database: 'reachable', outbox }, 503)
    }
    return c.json({ ok: true, database: 'reachable', outbox: backlog }, 200)
  })
}
