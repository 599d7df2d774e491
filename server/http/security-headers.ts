import type { MiddlewareHandler } from 'hono'

/**
 * Puts the security headers on every response: `common` always, and
 * `fallbackCsp` as the Content-Security-Policy of any response that did not
 * set its own (pages set theirs, server/http/pages.ts).
 */
export function securityHeaders({
  common,
  fallbackCsp,
}: {
  common: Record<string, string>
  fallbackCsp: string
}): MiddlewareHandler {
  return async (c, next) => {
    await next()
    // Set after the handler so no response goes out without them.
    const headers = c.res.headers
    for (const [name, value] of Object.entries(common)) headers.set(name, value)
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', fallbackCsp)
  }
}
