import { Hono } from 'hono'
import type { Lead } from '#app/lib/lead.ts'
import { NOT_FOUND_PATH } from '#app/lib/not-found.ts'
import { RATE_LIMIT_WINDOW_MS } from '#app/lib/retention.ts'
import { bookingsApi } from './api/bookings.ts'
import { clientErrorsApi } from './api/client-errors.ts'
import { healthApi } from './api/health.ts'
import { leadIntake } from './api/lead-intake.ts'
import { leadsApi } from './api/leads.ts'
import { clientAddressResolver, type ClientAddress } from './client-address.ts'
import { readSecurityHeaders } from './headers-file.ts'
import type { BookingService } from './booking/service.ts'
import type { OutboxWorkerStatus } from './outbox/worker.ts'
import { pagesApp } from './pages.ts'
import { createMemoryRateLimiter, unlimited } from './rate-limit.ts'
import { renderedPagesApp, type RenderPage } from './rendered-pages.ts'
import { requestLog } from './request-log.ts'
import { securityHeaders } from './security-headers.ts'
import { indexStaticFiles } from './static-files.ts'
import type { DeliveryKind, LeadStore } from './store/lead-store.ts'
import type { RateLimiterFactory } from './store/open-store.ts'

/**
 * The site's server: the pre-rendered pages and assets of `clientDir` and the
 * pages the build renders on demand (`renderPage`), with the right status,
 * caching, compression and security headers, and the small API beside them. Each part is a sub-app (or middleware) built from the
 * dependencies passed in here; server/README.md explains how to add one.
 * `app.request()` drives it in tests without a port.
 */
export function createApp({
  clientDir,
  renderPage,
  trustedProxies = 0,
  clientAddress = clientAddressResolver({ trustedProxies }),
  log = console,
  now = Date.now,
  rateLimiter = ({ limit, windowMs }) => createMemoryRateLimiter({ limit, windowMs }),
  leads,
  bookings,
  outboxStatus,
}: {
  clientDir: string
  /** The build's pages rendered on demand (server/astro/entry.ts, loaded by server/start.ts). */
  renderPage: RenderPage
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
    /** After a lead is committed: wakes the outbox worker. */
    onStored?: () => void
  }
  /** The booking API (server/booking/service.ts); none: /api/bookings is not served. */
  bookings?: BookingService
  /** The outbox worker's state, which /api/health reports (server/start.ts runs the worker). */
  outboxStatus?: () => OutboxWorkerStatus
}) {
  const files = indexStaticFiles(clientDir)
  const notFoundPage = files.get(NOT_FOUND_PATH)
  if (!notFoundPage) throw new Error(`${clientDir} has no not-found page at ${NOT_FOUND_PATH}: run the build first`)
  // Computed by the build from each page's inline scripts (scripts/postbuild.ts).
  const headers = readSecurityHeaders(clientDir)
  // The pages the headers file lists that are no file of the build: rendered on demand.
  const renderedPaths = Object.keys(headers.pages).filter((urlPath) => !files.has(urlPath))
  const intake = leadIntake({
    store: leads.store,
    log,
    now,
    deliveriesFor: leads.deliveriesFor,
    onStored: leads.onStored,
  })
  // The JSON API and the contact form's plain post count against one limit.
  const leadLimiter =
    leads.rateLimit === 0
      ? unlimited
      : rateLimiter({ scope: 'leads', limit: leads.rateLimit ?? 6, windowMs: RATE_LIMIT_WINDOW_MS })

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
          now,
        }),
      )
      .route('/api/leads', leadsApi({ intake, limiter: leadLimiter, clientAddress, now, siteOrigin: leads.siteOrigin }))
      .route(
        '/api/bookings',
        bookings
          ? bookingsApi({ service: bookings, limiter: leadLimiter, clientAddress, now, siteOrigin: leads.siteOrigin })
          : new Hono(),
      )
      .route('/api/health', healthApi({ store: leads.store, log, outboxStatus }))
      // API sub-apps go above this line: the pages answer every other path (405 for other methods).
      // Pages rendered on demand (the contact page and its form post); the others pass to the files.
      .route(
        '/',
        renderedPagesApp({
          paths: renderedPaths,
          renderPage,
          pageCsp: headers.pages,
          intake,
          limiter: leadLimiter,
          clientAddress,
          now,
          siteOrigin: leads.siteOrigin,
          booking: bookings,
        }),
      )
      .route('/', pagesApp({ files, notFoundPage, pageCsp: headers.pages }))
  )
}
