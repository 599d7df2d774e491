import { createHmac, timingSafeEqual } from 'node:crypto'
import { page } from '#app/lib/site/registry.ts'

/**
 * The links of a booking's mails (docs/decisions/035-bookings.md):
 * `<action>.<booking id>.<sequence>.<mac>`, the MAC an HMAC-SHA256 under
 * BOOKING_SECRET of the other three, base64url. Nothing is stored per link: a
 * reschedule or cancel link is good while the booking is confirmed, its call
 * ahead and still at the sequence it names, so the first change (a reschedule
 * or the cancellation raises the sequence) spends every link sent before it; a
 * confirm link, while the booking is held and its hold has not run out
 * (docs/decisions/042-nobody-floods-the-calendar.md).
 */
export type BookingAction = 'reschedule' | 'cancel' | 'confirm'

export interface BookingToken {
  action: BookingAction
  id: string
  sequence: number
}

/** The page the links open (server/booking/README.md, "Links"): `/book/manage?token=...`, as the registry lists it. */
export const MANAGE_PATH = page('/book/manage').path

export function signBookingToken(secret: string, { action, id, sequence }: BookingToken): string {
  return `${action}.${id}.${sequence}.${mac(secret, action, id, sequence)}`
}

/** The token's content when its MAC holds under `secret`; null for anything else. */
export function readBookingToken(secret: string, token: unknown): BookingToken | null {
  if (typeof token !== 'string' || token.length > 200) return null
  const match = /^(reschedule|cancel|confirm)\.([A-Za-z0-9-]{1,80})\.(0|[1-9]\d{0,5})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const [, action, id, sequence, given] = match as unknown as [string, BookingAction, string, string, string]
  const expected = Buffer.from(mac(secret, action, id, Number(sequence)))
  const received = Buffer.from(given)
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null
  return { action, id, sequence: Number(sequence) }
}

/** The link of one action on a booking at its current sequence, on `origin`. */
export function manageLink(origin: string, secret: string, token: BookingToken): string {
  return `${origin}${MANAGE_PATH}?token=${signBookingToken(secret, token)}`
}

function mac(secret: string, action: BookingAction, id: string, sequence: number): string {
  return createHmac('sha256', secret).update(`northpeak-booking-link:${action}:${id}:${sequence}`).digest('base64url')
}
