import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import type { Lead } from '#app/lib/lead.ts'
import { NOT_FOUND_PATH } from '#app/lib/not-found.ts'
import { clientErrorsApi } from './api/client-errors.ts'
import { healthApi } from './api/health.ts'
import { leadsApi } from './api/leads.ts'
import { clientAddressResolver, type ClientAddress } from './client-address.ts'
import { readSecurityHeaders } from './headers-file.ts'
import { contactPageApp, CONTACT_PAGE } from './contact-page.ts'
import { pagesApp } from './pages.ts'
import { createMemoryRateLimiter, unlimited } from './rate-limit.ts'
import { requestLog } from './request-log.ts'
import { securityHeaders } from './security-headers.ts'
import { indexStaticFiles } from './static-files.ts'
import type { DeliveryKind, LeadStore } from './store/lead-store.ts'
import type { RateLimiterFactory } from './store/open-store.ts'

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
  rateLimiter = ({ limit, windowMs }) => createMemoryRateLimiter({ limit, windowMs }),
  leads,
}: {
  clientDir: string
  /** See server/client-address.ts. */
  trustedProxies?: number
  /** Tests give one: `app.request()` has no socket. */
  clientAddress?: ClientAddress
  log?: Pick<Console, 'info' | 'error'>
  /** The clock the rate limits count with, in ms since the epoch. */
  now?: () => number
  /**
   * Makes each endpoint's limiter: in memory by default; in the database, shared
   * by every instance, with PostgreSQL (server/store/open-store.ts).
   */
  rateLimiter?: RateLimiterFactory
  /** What the lead API needs (server/start.ts opens the store and runs the outbox worker). */
  leads: {
    store: LeadStore
    /** Submissions a minute per client address (LEAD_RATE_LIMIT); 0: no limit. */
    rateLimit?: number
    /** The outbox rows written with each lead (server/outbox/worker.ts). */
    deliveriesFor: (lead: Lead) => DeliveryKind[]
    /** SITE_ORIGIN: posts from it are same-site behind a proxy that rewrites Host. */
    siteOrigin?: string
    /** Signs the form cookie; a new random one per process by default (it lives 10 minutes). */
    formCookieSecret?: string
    /** After a lead is committed: wakes the outbox worker. */
    onStored?: () => void
  }
}) {
  const files = indexStaticFiles(clientDir)
  const notFoundPage = files.get(NOT_FOUND_PATH)
  if (!notFoundPage) throw new Error(`${clientDir} has no not-found page at ${NOT_FOUND_PATH}: run the build first`)
  // Computed by the build from each page's inline scripts (scripts/postbuild.ts).
  const headers = readSecurityHeaders(clientDir)
  const formCookieSecret = leads.formCookieSecret ?? randomBytes(32).toString('hex')

  return (
    new Hono()
      .use(requestLog({ log }))
      .use(securityHeaders(headers))
      .route(
        '/api/client-errors',
        clientErrorsApi({
          limiter: rateLimiter({ scope: 'client-errors', limit: 10, windowMs: 60_000 }),
          clientAddress,
          log,
          now,
        }),
      )
      .route(
        '/api/leads',
        leadsApi({
          store: leads.store,
          limiter:
            leads.rateLimit === 0
              ? unlimited
              : rateLimiter({ scope: 'leads', limit: leads.rateLimit ?? 6, windowMs: 60_000 }),
          clientAddress,
          log,
          now,
          deliveriesFor: leads.deliveriesFor,
          formCookieSecret,
          siteOrigin: leads.siteOrigin,
          onStored: leads.onStored,
        }),
      )
      .route('/api/health', healthApi({ store: leads.store, log }))
      // API sub-apps go above this line: the pages answer every other path (405 for other methods).
      // The contact page after a refused form post; otherwise it passes to the pages.
      .route(CONTACT_PAGE, contactPageApp({ files, pageCsp: headers.pages, formCookieSecret, now }))
      .route('/', pagesApp({ files, notFoundPage, pageCsp: headers.pages }))
  )
}
