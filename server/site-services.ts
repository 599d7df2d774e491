import type { LeadIntake } from './leads/intake.ts'
import type { BookingService } from './booking/service.ts'
import type { RateLimiter } from './store/rate-limit.ts'
import type { AuditService } from './audit/service.ts'

/**
 * What the process sets up once (server/start.ts) and hands every request
 * Astro answers as `Astro.locals.services` (server/app.ts): the site's pages,
 * its middleware and its actions (app/middleware.ts, app/actions/index.ts)
 * reach the store and the clock through these alone.
 */
export interface SiteServices {
  /** Checks a lead for bots and stores it with its deliveries (server/leads/intake.ts). */
  takeLead: LeadIntake
  /** The booking calendar (server/booking/service.ts). */
  booking: BookingService
  /** The instant audit: grades a website, keeps its report (server/audit/service.ts). */
  audit: AuditService
  /** Counts every write (a lead, a booking, a move or a cancel) per client address (LEAD_RATE_LIMIT). */
  writeLimiter: RateLimiter
  /** The clock, in ms since the epoch. */
  now: () => number
  /** SITE_ORIGIN: posts from it are same-site behind a proxy that rewrites Host. */
  siteOrigin?: string
}
