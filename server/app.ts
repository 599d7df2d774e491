import { Hono } from 'hono'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { RATE_LIMIT_WINDOW_MS } from '#app/lib/leads/retention.ts'
import { clientErrorsApi } from './api/client-errors.ts'
import { healthApi } from './api/health.ts'
import { clientAddressResolver, type ClientAddress } from './http/client-address.ts'
import { readSecurityHeaders } from './hosting/headers-file.ts'
import type { OutboxWorkerStatus } from './outbox/worker.ts'
import { pagesApp, type RenderPage } from './http/pages.ts'
import { createMemoryRateLimiter } from './store/rate-limit.ts'
import { requestLog } from './http/request-log.ts'
import { securityHeaders } from './http/security-headers.ts'
import type { SiteServices } from './site-services.ts'
import { indexStaticFiles } from './hosting/static-files.ts'
import type { Store } from './store/store.ts'
import type { RateLimiterFactory } from './store/open-store.ts'

/**
 * The site's server: the pre-rendered pages and assets of `clientDir`, and
 * what the build answers on demand (`renderPage`: pages, actions, the lead
 * endpoint), each with the right status, caching, compression and security
 * headers; health and client errors beside them. Each part is a sub-app (or
 * middleware) built from the dependencies passed in here; server/README.md
 * explains how to add one. `app.request()` drives it in tests without a port.
 */
export function createApp({
  clientDir,
  renderPage,
  services,
  store,
  trustedProxies = 0,
  clientAddress = clientAddressResolver({ trustedProxies }),
  log = console,
  rateLimiter = ({ limit, windowMs }) => createMemoryRateLimiter({ limit, windowMs }),
  outboxStatus,
}: {
  clientDir: string
  /** The build's on-demand routes (server/astro/entry.ts, loaded by server/start.ts). */
  renderPage: RenderPage
  /** What the process set up once, handed to every request Astro answers (server/site-services.ts). */
  services: SiteServices
  /** The store /api/health asks. */
  store: Store
  /** See server/http/client-address.ts. */
  trustedProxies?: number
  /** Tests give one: `app.request()` has no socket. */
  clientAddress?: ClientAddress
  log?: Pick<Console, 'info' | 'error'>
  /**
   * Makes the client errors' limiter: in memory by default; in the database,
   * shared by every instance, with PostgreSQL (server/store/open-store.ts).
   */
  rateLimiter?: RateLimiterFactory
  /** The outbox worker's state, which /api/health reports (server/start.ts runs the worker). */
  outboxStatus?: () => OutboxWorkerStatus
}) {
  const files = indexStaticFiles(clientDir)
  const notFoundPage = files.get(NOT_FOUND_PATH)
  if (!notFoundPage) throw new Error(`${clientDir} has no not-found page at ${NOT_FOUND_PATH}: run the build first`)
  // Computed by the build from each page's inline scripts (scripts/postbuild.ts).
  const headers = readSecurityHeaders(clientDir)

  return (
    new Hono()
      .use(requestLog({ log }))
      .use(securityHeaders(headers))
      .route(
        '/api/client-errors',
        clientErrorsApi({
          limiter: rateLimiter({ scope: 'client-errors', limit: 10, windowMs: RATE_LIMIT_WINDOW_MS }),
          clientAddress,
          log,
          now: services.now,
        }),
      )
      .route('/api/health', healthApi({ store, log, outboxStatus }))
      // Last: the files of the build, then what Astro answers on demand, then the not-found page.
      .route(
        '/',
        pagesApp({
          files,
          notFoundPage,
          pageCsp: headers.pages,
          redirects: headers.redirects,
          renderPage,
          services,
          clientAddress,
        }),
      )
  )
}
