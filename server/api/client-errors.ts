import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ClientAddress } from '../http/client-address.ts'
import { retryAfterSeconds, type RateLimiter } from '../store/rate-limit.ts'

/**
 * POST a render error a visitor saw (app/components/error-fallback.tsx) as
 * `{ message, path }`; it is logged for the team as one JSON line. Answers
 * 204, or 400 / 413 / 429 with the reason.
 */
export function clientErrorsApi({
  limiter,
  clientAddress,
  log,
  now,
}: {
  /** Counts reports per client address. */
  limiter: RateLimiter
  clientAddress: ClientAddress
  log: Pick<Console, 'error'>
  now: () => number
}) {
  return new Hono().post(
    '/',
    bodyLimit({ maxSize: 4096, onError: (c) => c.text('Report too large', 413) }),
    async (c) => {
      const decision = await limiter.hit(clientAddress(c), now())
      if (!decision.allowed) {
        return c.text('Too many reports', 429, { 'Retry-After': retryAfterSeconds(decision.retryAfterMs) })
      }
      const report = (await c.req.json().catch(() => null)) as { message?: unknown; path?: unknown } | null
      if (!report || typeof report.message !== 'string' || typeof report.path !== 'string') {
        return c.text('Expected JSON with "message" and "path" strings', 400)
      }
      log.error(
        JSON.stringify({
          event: 'client-error',
          message: report.message.slice(0, 500),
          path: report.path.slice(0, 200),
        }),
      )
      return c.body(null, 204)
    },
  )
}
