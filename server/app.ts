import { Hono } from 'hono'
import { NOT_FOUND_PATH } from '#app/lib/not-found.ts'
import { clientErrorsApi } from './api/client-errors.ts'
import { clientAddressResolver, type ClientAddress } from './client-address.ts'
import { readSecurityHeaders } from './headers-file.ts'
import { pagesApp } from './pages.ts'
import { createMemoryRateLimiter } from './rate-limit.ts'
import { securityHeaders } from './security-headers.ts'
import { indexStaticFiles } from './static-files.ts'

/**
 * The site's server: the pre-rendered pages and assets of `clientDir`, with
 * the right status, caching, compression and security headers, and the small
 * API beside them. Each part is a sub-app (or middleware) built from the
 * dependencies passed in here; server/README.md explains how to add one.
 * `app.request()` drives it in tests without a port.
 */
export function createApp({
  clientDir,
  trustedProxies = 0,
  clientAddress = clientAddressResolver({ trustedProxies }),
  log = console,
  now = Date.now,
}: {
  clientDir: string
  /** See server/client-address.ts. */
  trustedProxies?: number
  /** Tests give one: `app.request()` has no socket. */
  clientAddress?: ClientAddress
  log?: Pick<Console, 'error'>
  /** The clock the rate limits count with, in ms since the epoch. */
  now?: () => number
}) {
  const files = indexStaticFiles(clientDir)
  const notFoundPage = files.get(NOT_FOUND_PATH)
  if (!notFoundPage) throw new Error(`${clientDir} has no not-found page at ${NOT_FOUND_PATH}: run the build first`)
  // Computed by the build from each page's inline scripts (scripts/postbuild.ts).
  const headers = readSecurityHeaders(clientDir)

  return (
    new Hono()
      .use(securityHeaders(headers))
      .route(
        '/api/client-errors',
        clientErrorsApi({
          limiter: createMemoryRateLimiter({ limit: 10, windowMs: 60_000 }),
          clientAddress,
          log,
          now,
        }),
      )
      // API sub-apps go above this line: the pages answer every other path (405 for other methods).
      .route('/', pagesApp({ files, notFoundPage, pageCsp: headers.pages }))
  )
}
