import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Http2SecureServer } from 'node:http2'
import { createApp } from './app.ts'
import { loadRenderer } from './http/pages.ts'
import { loadAvailability } from './booking/availability.ts'
import { calendarAccount, createBusyReader } from './booking/caldav.ts'
import { bookingSecret } from './booking/secret.ts'
import { bookingService, type BusyTime } from './booking/service.ts'
import { prepareDataFolder } from './data-folder.ts'
import type { ServerEnv } from './env.ts'
import { createMailer } from './outbox/mail.ts'
import {
  bookingDeliveriesFor,
  createDeliver,
  createOutboxWorker,
  defaultOutboxSettings,
  deliveriesFor,
} from './outbox/worker.ts'
import { auditService } from './audit/service.ts'
import { createAuditFetch } from './audit/safe-fetch.ts'
import { pageSpeedInsights } from './audit/field-data.ts'
import { RATE_LIMIT_WINDOW_MS } from '#app/lib/leads/retention.ts'
import { leadIntake } from './leads/intake.ts'
import { unlimited, type RateLimiter } from './store/rate-limit.ts'
import type { SiteServices } from './site-services.ts'
import { startPurgeSchedule } from './leads/retention.ts'
import { openLeadStore, type RateLimiterFactory } from './store/open-store.ts'
import { redirectToHttps, sessionCloser, tlsServerOptions } from './http/tls.ts'
import { LISTENER_LIMITS, listenWithLimits, withLimits, type ListenerLimits } from './http/listener.ts'

/**
 * Everything the running server is: the lead store (SQLite, created with its
 * folder on first start, or PostgreSQL with DATABASE_URL; migrated either
 * way), the outbox worker, the purge of leads past their retention (at start,
 * then daily: server/leads/retention.ts), the composed app, listening. Used by
 * index.ts and by the tests that need a real port; `close()` stops taking
 * requests, finishes those in flight, stops the worker, the purge and the rate
 * limits' sweeps, and closes the store.
 */
export async function startServer(
  env: ServerEnv,
  {
    log = console,
    purgeEveryMs,
    busy,
    limits: someLimits = {},
  }: {
    log?: Pick<Console, 'info' | 'error'>
    /** The team's busy time for the booking slots (the calendar reader); none by default. */
    busy?: BusyTime
    /** How often the purge runs; daily (LEAD_PURGE_EVERY_MS) unless a test asks for less. */
    purgeEveryMs?: number
    /** The listener's timeouts and connection cap (server/http/listener.ts), LISTENER_LIMITS unless a test asks for less. */
    limits?: Partial<ListenerLimits>
  } = {},
) {
  // A certificate that cannot be used stops the start before the store opens,
  // and so does a build without its server part (the pages rendered on demand).
  const tls = tlsServerOptions(env)
  const renderPage = await loadRenderer(path.dirname(env.CLIENT_DIR))
  // The booking settings are checked before the store opens: a wrong file stops the start, naming the field.
  const availability = loadAvailability()
  // The data folder (0700, docs/deploy.md) and the link secret, before the store: a folder the
  // server cannot use, or a secret too short, stops the start with the path and what is wrong.
  prepareDataFolder(env.DATA_DIR, 'DATA_DIR')
  const links = bookingSecret(env)
  const { store, rateLimiter, kind } = await openLeadStore(env, { log })
  const mailDir = path.join(env.DATA_DIR, 'mail')
  if (!env.SMTP_URL) {
    // Fine on a laptop; in production the visitors' checklist mails would never leave the machine.
    log.error(
      JSON.stringify({
        event: 'mail_to_files',
        warning: 'SMTP_URL is not set: no mail is sent, each is written to a file in mailDir',
        mailDir: path.resolve(mailDir),
      }),
    )
  }
  // Each endpoint's limiter, kept to stop their sweeps on close.
  const limiters: RateLimiter[] = []
  const webhook =
    env.LEAD_WEBHOOK_URL && env.LEAD_WEBHOOK_SECRET
      ? { url: env.LEAD_WEBHOOK_URL, secret: env.LEAD_WEBHOOK_SECRET }
      : undefined
  if (links.generated && env.DATABASE_URL) {
    log.error(
      JSON.stringify({
        event: 'booking_secret_generated',
        warning:
          'BOOKING_SECRET is not set: this instance signs booking links with its own secret; instances sharing DATABASE_URL must share BOOKING_SECRET',
      }),
    )
  }
  const worker = createOutboxWorker({
    store,
    deliver: createDeliver({
      sendMail: createMailer({ smtpUrl: env.SMTP_URL, mailDir }),
      webhook,
      origin: env.SITE_ORIGIN,
      mailFrom: env.MAIL_FROM,
      notifyTo: env.LEAD_NOTIFY_TO,
      bookingSecret: links.secret,
      teamTimeZone: availability.timeZone,
      meetingUrl: env.MEETING_URL,
    }),
    settings: {
      ...defaultOutboxSettings,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
      leaseMs: env.OUTBOX_LEASE_MS,
    },
    log,
  })
  const limiterOf: RateLimiterFactory = (options) => {
    const limiter = rateLimiter(options)
    limiters.push(limiter)
    return limiter
  }
  const now = Date.now
  // The grader names the site it works for in every request (docs/decisions/054-the-instant-audit.md).
  const auditPolicy = {
    userAgent: `NorthpeakAudit/1.0 (+${new URL('/audit', env.SITE_ORIGIN).href})`,
    allowHosts: env.AUDIT_ALLOW_HOSTS,
  }
  const HOUR_MS = 60 * 60 * 1000
  let app
  try {
    // Set up once, handed to every request Astro answers (server/site-services.ts).
    const services: SiteServices = {
      takeLead: leadIntake({
        store,
        log,
        now,
        deliveriesFor: deliveriesFor({ webhook: Boolean(webhook) }),
        onStored: () => worker.wake(),
      }),
      booking: bookingService({
        store,
        settings: availability,
        busy: busy ?? calendarBusy(env, availability.timeZone),
        secret: links.secret,
        deliveries: bookingDeliveriesFor({ webhook: Boolean(webhook) }),
        onStored: () => worker.wake(),
        log,
        limits: { perNetworkPerDay: env.BOOKING_NETWORK_LIMIT, surgePerDay: env.BOOKING_SURGE_LIMIT },
        meetingUrl: env.MEETING_URL,
        origin: env.SITE_ORIGIN,
      }),
      // Every write counts against one limit: a lead, a booking, a move or a cancel.
      writeLimiter:
        env.LEAD_RATE_LIMIT === 0
          ? unlimited
          : limiterOf({ scope: 'leads', limit: env.LEAD_RATE_LIMIT, windowMs: RATE_LIMIT_WINDOW_MS }),
      audit: auditService({
        store,
        fetch: createAuditFetch(auditPolicy),
        policy: auditPolicy,
        fieldData: env.PSI_API_KEY ? pageSpeedInsights({ key: env.PSI_API_KEY, endpoint: env.PSI_API_URL }) : undefined,
        visitorLimiter:
          env.AUDIT_VISITOR_LIMIT === 0
            ? unlimited
            : limiterOf({ scope: 'audit-visitor', limit: env.AUDIT_VISITOR_LIMIT, windowMs: HOUR_MS }),
        hostLimiter:
          env.AUDIT_HOST_LIMIT === 0
            ? unlimited
            : limiterOf({ scope: 'audit-host', limit: env.AUDIT_HOST_LIMIT, windowMs: HOUR_MS }),
        concurrency: env.AUDIT_CONCURRENCY,
        now,
        log,
      }),
      now,
      siteOrigin: env.SITE_ORIGIN,
    }
    app = createApp({
      clientDir: env.CLIENT_DIR,
      renderPage,
      services,
      store,
      trustedProxies: env.TRUSTED_PROXIES,
      log,
      rateLimiter: limiterOf,
      // /api/health answers 503 while the worker's rounds fail (a full disk, the database gone).
      outboxStatus: () => worker.status(),
    })
  } catch (error) {
    for (const limiter of limiters) limiter.close()
    await store.close()
    throw error
  }
  // The database answers before the server takes its first lead.
  await store.countLeads()
  // Timeouts for headers and bodies and a cap on connections (server/README.md, "Connections").
  const limits = { ...LISTENER_LIMITS, ...someLimits }
  const server = listenWithLimits({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, tls, limits })
  const closeSessions = tls ? sessionCloser(server as Http2SecureServer) : () => {}
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const redirect =
    tls && env.HTTP_REDIRECT_PORT
      ? withLimits(redirectToHttps(port), limits).listen(env.HTTP_REDIRECT_PORT, env.HOST)
      : null
  if (redirect) await once(redirect, 'listening')
  worker.start()
  const purge = startPurgeSchedule({ store, mailDir, everyMs: purgeEveryMs, log })

  return {
    port,
    store,
    /** Which database holds the leads: `sqlite` or `postgres`. */
    database: kind,
    /** `https` with TLS_CERT_FILE and TLS_KEY_FILE (HTTP/2 and HTTP/1.1), else `http`. */
    protocol: tls ? ('https' as const) : ('http' as const),
    worker,
    /** The port that redirects plain HTTP to HTTPS (HTTP_REDIRECT_PORT), if any. */
    redirectPort: redirect ? (redirect.address() as AddressInfo).port : undefined,
    async close() {
      const closed = Promise.all(
        [server, redirect].map(
          (listener) => new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve())),
        ),
      )
      closeSessions()
      await closed
      for (const limiter of limiters) limiter.close()
      await purge.stop()
      await worker.stop()
      await store.close()
    },
  }
}

/**
 * The team's busy time from its calendar over CalDAV (CALDAV_URL and its
 * account; server/booking/caldav.ts), one answer serving page views for a
 * minute; none without CALDAV_URL. A calendar that cannot be read throws, with
 * the reader's reason and detail (never the password): no slot is offered and
 * no booking taken against it.
 */
function calendarBusy(env: ServerEnv, timeZone: string): BusyTime | undefined {
  const account = calendarAccount(env)
  if (!account) return undefined
  const reader = createBusyReader({ ...account, timeZone })
  return async (window) => {
    const answer = await reader.read(window)
    if (!answer.ok) throw new Error(`calendar ${answer.reason}: ${answer.detail}`)
    return answer.busy
  }
}
