import type { MiddlewareHandler } from 'hono'
import { redact } from '../outbox/worker.ts'

/**
 * One JSON line per request: method, path (without the query string, where
 * campaign parameters and anything else a link carries would be), status and
 * duration in ms. Nothing a visitor typed goes in, and an e-mail address in a
 * path is masked.
 */
export function requestLog({ log }: { log: Pick<Console, 'info'> }): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now()
    await next()
    log.info(
      JSON.stringify({
        event: 'request',
        method: c.req.method,
        path: redact(c.req.path).slice(0, 300),
        status: c.res.status,
        ms: Math.round((performance.now() - start) * 10) / 10,
      }),
    )
  }
}
