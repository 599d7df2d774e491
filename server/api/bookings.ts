import { Hono, type Context, type Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HOLD_MINUTES } from '../booking/limits.ts'
import { BOOK_AGAIN_PATH, type BookingService, type ManageOutcome } from '../booking/service.ts'
import { canonicalTimeZone } from '../booking/zoned-time.ts'
import type { ClientAddress } from '../client-address.ts'
import { retryAfterSeconds, type RateLimiter } from '../rate-limit.ts'
import type { StoredBooking } from '../store/lead-store.ts'
import { MAX_LEAD_BYTES, sameSite } from './lead-intake.ts'

/** What a held booking's answer says (docs/decisions/042-nobody-floods-the-calendar.md). */
export const HELD_MESSAGE = `We are holding this time for ${HOLD_MINUTES} minutes: confirm it with the link we emailed to you.`

/** What the API tells about a booking: the call, never who booked it. */
export function publicBooking(booking: Pick<StoredBooking, 'id' | 'start' | 'end' | 'timeZone' | 'status'>) {
  return { id: booking.id, start: booking.start, end: booking.end, timeZone: booking.timeZone, status: booking.status }
}

/**
 * The booking API (issue 26, server/README.md "The booking API",
 * docs/decisions/035-bookings.md):
 *
 * - `GET /slots?timeZone=Europe/Berlin`: the free slots, grouped by the visitor's days;
 * - `POST /`: book a slot (201; 202 held until confirmed by mail; 400 per field; 409 with the
 *   nearest free slots, or for an address with a call ahead; 429 for a network over its limit);
 * - `GET /manage?token=`: the booking a mailed link names, while the link is good;
 * - `POST /reschedule` (token, start) and `POST /cancel` (token): 200, or 410 for a link spent.
 *
 * Posts are JSON from this site, under the lead API's rate limit and size limit.
 */
export function bookingsApi({
  service,
  limiter,
  clientAddress,
  now,
  siteOrigin,
}: {
  service: BookingService
  /** The lead API's limiter: a booking counts as a lead submission. */
  limiter: RateLimiter
  clientAddress: ClientAddress
  now: () => number
  siteOrigin?: string
}) {
  /** JSON from this site, within the size and rate limits; the body parsed, or an answer. */
  const jsonChecks = [
    async (c: Context, next: Next) => {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/json') return c.json({ error: 'Send the booking as JSON' }, 415)
      if (!sameSite(c, siteOrigin)) return c.json({ error: 'Bookings are taken from this site only' }, 403)
      await next()
    },
    bodyLimit({
      maxSize: MAX_LEAD_BYTES,
      onError: (c) => c.json({ error: `A booking is at most ${MAX_LEAD_BYTES / 1024} KB` }, 413),
    }),
    async (c: Context, next: Next) => {
      const decision = await limiter.hit(clientAddress(c), now())
      if (!decision.allowed) {
        return c.json({ error: 'Too many submissions: try again shortly' }, 429, {
          'Retry-After': retryAfterSeconds(decision.retryAfterMs),
        })
      }
      await next()
    },
  ] as const

  const readBody = async (c: Context): Promise<Record<string, unknown> | null> => {
    const body: unknown = await c.req.json().catch(() => null)
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  }
  const notJson = (c: Context) => c.json({ error: 'The body is not valid JSON', fields: {} }, 400)

  /** The answer to a reschedule, a cancellation or a link's look-up. */
  const answer = (c: Context, outcome: ManageOutcome) => {
    switch (outcome.kind) {
      case 'done':
        return c.json({ booking: publicBooking(outcome.booking) }, 200)
      case 'invalid':
        return c.json({ error: 'Some fields need attention', fields: outcome.errors }, 400)
      case 'bad-link':
        return c.json({ error: outcome.message, bookAgain: BOOK_AGAIN_PATH }, 400)
      case 'spent':
        return c.json({ error: outcome.message, reason: outcome.reason, bookAgain: BOOK_AGAIN_PATH }, 410)
      case 'refused':
        return c.json({ error: outcome.message, reason: outcome.reason, nearest: outcome.nearest }, 409)
      case 'unavailable':
        return c.json({ error: outcome.message }, 503)
    }
  }

  return new Hono()
    .get('/slots', async (c) => {
      const asked = c.req.query('timeZone') ?? service.settings.timeZone
      // Answered as asked (Asia/Kolkata stays so, though ICU calls it Asia/Calcutta).
      const timeZone = canonicalTimeZone(asked) ? asked : undefined
      if (!timeZone) {
        return c.json(
          { error: 'Unknown time zone', fields: { timeZone: 'Use an IANA time zone such as Europe/Berlin' } },
          400,
        )
      }
      const found = await service.slots(now(), timeZone)
      if (!found) {
        return c.json(
          {
            error: `We cannot check the team's calendar right now, so no times are offered. Please try again shortly, or use the contact form.`,
          },
          503,
          { 'Cache-Control': 'no-store' },
        )
      }
      return c.json(
        {
          timeZone,
          teamTimeZone: service.settings.timeZone,
          slotMinutes: service.settings.slotMinutes,
          days: found.days,
        },
        200,
        // Slots change with every booking: never cached.
        { 'Cache-Control': 'no-store' },
      )
    })
    .post('/', ...jsonChecks, async (c) => {
      const body = await readBody(c)
      if (!body) return notJson(c)
      const outcome = await service.bookSlot(body, now(), clientAddress(c))
      switch (outcome.kind) {
        case 'booked':
        case 'dropped':
          return c.json({ booking: publicBooking(outcome.booking) }, 201)
        case 'held':
          // Accepted, not booked: it stands once the visitor confirms it from the mail (docs/decisions/042-nobody-floods-the-calendar.md).
          return c.json({ booking: publicBooking(outcome.booking), message: HELD_MESSAGE }, 202)
        case 'limited':
          return c.json(
            { error: outcome.message, reason: outcome.reason },
            outcome.reason === 'network-limit' ? 429 : 409,
          )
        case 'invalid':
          return c.json({ error: 'Some fields need attention', fields: outcome.errors }, 400)
        case 'refused':
          return c.json({ error: outcome.message, reason: outcome.reason, nearest: outcome.nearest }, 409)
        case 'unavailable':
          return c.json({ error: outcome.message }, 503)
      }
    })
    .get('/manage', async (c) => {
      const outcome = await service.readLink(c.req.query('token'), now())
      return answer(c, outcome)
    })
    .post('/reschedule', ...jsonChecks, async (c) => {
      const body = await readBody(c)
      if (!body) return notJson(c)
      return answer(c, await service.reschedule(body, now()))
    })
    .post('/cancel', ...jsonChecks, async (c) => {
      const body = await readBody(c)
      if (!body) return notJson(c)
      return answer(c, await service.cancel(body, now()))
    })
}
