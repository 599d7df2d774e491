/**
 * What the server hands the booking pages it renders for each request
 * (server/rendered-pages.ts; docs/product.md#booking): `Astro.locals.booking`
 * for /book, the free times it may offer or why it offers none, and a refused
 * post's form state; `Astro.locals.bookingLink` for /book/manage, the call a
 * mailed link names and what the link may still do. The pages render only
 * this: they read no store, no calendar and no secret.
 */
import type { BookingFormState } from './booking-form.ts'

export type BookingOffer =
  /** The free starts (UTC instants), checked against the bookings and the team's calendar. */
  | { ok: true; starts: string[] }
  /** The team's calendar did not answer: no time can be checked, so none is offered. */
  | { ok: false; reason: 'calendar-unavailable' }

/** A refused post: the form shows it, and the page answers with `status`. */
export interface RefusedBooking {
  state: BookingFormState
  status: 400 | 409 | 410 | 429 | 503
}

export interface BookingPageData {
  offer: BookingOffer
  /** The team's IANA zone (server/booking/availability.yaml): the times' zone when the visitor's is not known. */
  teamTimeZone: string
  refused?: RefusedBooking
}

/** A booked call as its page shows it: never who booked it. */
export interface CallTime {
  start: string
  end: string
  /** The zone the visitor booked in: the page shows the call on its clock. */
  timeZone: string
  /** `held`: kept for the visitor until they confirm it from the mail (docs/decisions/042-nobody-floods-the-calendar.md). */
  status: 'confirmed' | 'canceled' | 'held'
}

export type BookingLinkData =
  /** No link at all: the page says where its links come from. */
  | { kind: 'none' }
  /** A good link: the call, what the link does, and for a move the free times. */
  | {
      kind: 'good'
      action: 'reschedule' | 'cancel' | 'confirm'
      token: string
      call: CallTime
      /** Just booked: the page says so first (the booking form lands here). */
      justBooked: boolean
      /** For a move: the free times, and the team's zone. */
      offer?: BookingOffer
      teamTimeZone: string
      refused?: RefusedBooking
    }
  /** The link did its work: the call as it is now. */
  | { kind: 'done'; action: 'rescheduled' | 'canceled' | 'confirmed'; call: CallTime }
  /**
   * Just booked during a surge: the time is held for `holdMinutes` until the
   * visitor confirms it from the mail; the page has no link to give (it went
   * to the address only).
   */
  | { kind: 'held'; call: CallTime; holdMinutes: number }
  /** A link used once, for a canceled call, or never good: why, in words (400 or 410). */
  | { kind: 'spent'; message: string; status: 400 | 410 }
