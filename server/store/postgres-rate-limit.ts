import type pg from 'pg'
import { RATE_LIMIT_SWEEP_MS } from '#app/lib/leads/retention.ts'
import type { RateLimiter, SweepOptions } from './rate-limit.ts'

/**
 * The rate limiter several server instances share: the same fixed window per
 * key as `createMemoryRateLimiter` (server/store/rate-limit.ts), counted in the
 * PostgreSQL table `rate_limits` (migration 002), one row per scope and key.
 * One statement counts and decides: the row's lock makes concurrent hits from
 * any instance count one after another. A timer deletes the scope's finished
 * windows every `sweepEveryMs` (unref'd; `close()` stops it), so a row, and
 * the address in it, lasts at most `windowMs` plus one sweep after the last
 * request, whether or not another request comes (the privacy policy's "one
 * minute", app/lib/leads/retention.ts). When the database does not answer,
 * the request is let through (and that logged, once a window): the lead it
 * carries then fails to store with a 503 anyway, and a client error report
 * needs no database.
 */
export function createPostgresRateLimiter(
  pool: pg.Pool,
  {
    scope,
    limit,
    windowMs,
    sweepEveryMs = RATE_LIMIT_SWEEP_MS,
    now: clock = Date.now,
  }: { scope: string; limit: number; windowMs: number } & SweepOptions,
  log: Pick<Console, 'error'> = console,
): RateLimiter {
  let lastFailureLogged = -Infinity
  let sweeping = false
  const timer = setInterval(() => {
    // One sweep at a time; a failed one only leaves the rows to the next.
    if (sweeping) return
    sweeping = true
    pool
      .query({
        name: 'rate-limit-sweep',
        text: 'DELETE FROM rate_limits WHERE scope = $1 AND window_start <= $2',
        values: [scope, clock() - windowMs],
      })
      .catch(() => {})
      .finally(() => {
        sweeping = false
      })
  }, sweepEveryMs)
  timer.unref()
  return {
    close() {
      clearInterval(timer)
    },
    async hit(key, now) {
      let rows: { window_start: number; count: number }[]
      try {
        ;({ rows } = await pool.query<{ window_start: number; count: number }>({
          name: 'rate-limit-hit',
          text: `INSERT INTO rate_limits AS r (scope, key, window_start, count) VALUES ($1, $2, $3, 1)
               ON CONFLICT (scope, key) DO UPDATE SET
                 window_start = CASE WHEN r.window_start <= $3 - $4 THEN $3 ELSE r.window_start END,
                 count = CASE WHEN r.window_start <= $3 - $4 THEN 1 ELSE r.count + 1 END
               RETURNING window_start, count`,
          values: [scope, key, now, windowMs],
        }))
      } catch (error) {
        if (now - lastFailureLogged >= windowMs) {
          lastFailureLogged = now
          log.error(
            JSON.stringify({ event: 'rate_limit_unavailable', scope, error: (error as Error).message.slice(0, 300) }),
          )
        }
        return { allowed: true, retryAfterMs: 0 }
      }
      const { window_start: start, count } = rows[0]!
      if (count <= limit) return { allowed: true, retryAfterMs: 0 }
      return { allowed: false, retryAfterMs: start + windowMs - now }
    },
  }
}
