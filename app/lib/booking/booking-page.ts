/**
 * What the booking pages show (docs/product.md#booking), read from the booking
 * service the process hands them (Astro.locals.services.booking,
 * server/site-services.ts): /book, the free times it may offer or why it
 * offers none; /book/manage, the call a mailed link names and what the link
 * may still do; and what the booking actions (app/actions/booking.ts) answer.
 * A page is told a call's time, never who booked it.
 */
import { BOOKED_RECHECK_MS, type BookingService } from '#server/booking/service.ts'
import { parseInstant } from '#server/booking/zoned-time.ts'
import type { StoredBooking } from '#server/store/store.ts'
import type { CallCalendar } from '#server/booking/call-calendar.ts'
import { knownTimeZone } from './booking-days.ts'
import { ZONE_PARAM, type BookingFormState } from './booking-form.ts'

export type BookingOffer =
  /**
   * The free starts (UTC instants), checked against the bookings and the
   * team's calendar, and the instant (epoch ms) the clock changes them.
   */
  | { ok: true; starts: string[]; until: number }
  /** The team's calendar did not answer: no time can be checked, so none is offered. */
  | { ok: false; reason: 'calendar-unavailable' }

/** A refused post: the form shows it, and the page answers with `status`. */
export interface RefusedBooking {
  state: BookingFormState
  status: number
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

/** What a booking action answers: where the visitor goes next, the call as it changed, or the form again. */
export type BookingWrite =
  /** Booked, held or (a bot's) dropped: the page to go to (303). */
  | { kind: 'next'; to: string }
  /** A link did its work: the call as it is now, and while it stands what goes into calendars. */
  | { kind: 'done'; action: 'rescheduled' | 'canceled' | 'confirmed'; call: CallTime; calendar?: BookerCalendar }
  /** The form again, with its errors and what was typed. */
  | { kind: 'refused'; refused: RefusedBooking }
  /** The link is not (or no longer) good: why, in words (400 or 410). */
  | { kind: 'spent'; message: string; status: 400 | 410 }

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
      /** What goes into the booker's calendar (the confirmation's "Add to calendar"). */
      calendar: BookerCalendar
      /** For a move: the free times. */
      offer?: BookingOffer
      refused?: RefusedBooking
    }
  /** The link did its work: the call as it is now. */
  | { kind: 'done'; action: 'rescheduled' | 'canceled' | 'confirmed'; call: CallTime; calendar?: BookerCalendar }
  /**
   * Just booked during a surge: the time is held for `holdMinutes` until the
   * visitor confirms it from the mail; the page has no link to give (it went
   * to the address only).
   */
  | { kind: 'held'; call: CallTime; holdMinutes: number }
  /** A link used once, for a canceled call, or never good: why, in words (400 or 410). */
  | { kind: 'spent'; message: string; status: 400 | 410 }

/**
 * What the confirmation links to for its booker: the calendar file (on this
 * site, by the booking's link) and Google Calendar's template
 * (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
 */
export interface BookerCalendar {
  file: string
  google: string
  /** The links to move and to cancel the call, on this site. */
  reschedule: string
  cancel: string
}

/** A call's calendar links as the booking pages give them: paths on this site, whatever SITE_ORIGIN is. */
export function bookerCalendar(calendar: CallCalendar): BookerCalendar {
  const local = (link: string) => {
    const url = new URL(link)
    return `${url.pathname}${url.search}`
  }
  return {
    file: local(calendar.file),
    google: calendar.google,
    reschedule: local(calendar.reschedule),
    cancel: local(calendar.cancel),
  }
}

/** The query flag of the page the booking form lands on: the call was just booked. */
export const JUST_BOOKED_PARAM = 'booked'
/**
 * The query parameter of the page a held booking lands on: the start of the
 * time held, the only thing about it the page is told (the link to confirm
 * it goes to the address alone).
 */
export const HELD_PARAM = 'held'

/** A stored call as its page shows it. */
export const callTime = (booking: Pick<StoredBooking, 'start' | 'end' | 'timeZone' | 'status'>): CallTime => ({
  start: booking.start,
  end: booking.end,
  timeZone: booking.timeZone,
  // The store's word is the iCalendar one; the page's, the site's spelling.
  status: booking.status === 'confirmed' ? 'confirmed' : booking.status === 'held' ? 'held' : 'canceled',
})

/** The free starts to offer at `now`: none when the team's calendar cannot tell. */
export async function offerAt(service: BookingService, now: number): Promise<BookingOffer> {
  const found = await service.slots(now, service.settings.timeZone)
  return found
    ? { ok: true, starts: found.slots.map((slot) => slot.start), until: found.until }
    : { ok: false, reason: 'calendar-unavailable' }
}

/**
 * The cache tag of every rendering of /book's free times (Astro.cache): the
 * booking actions drop them all once a call is booked, moved, canceled or
 * confirmed through this process (app/actions/index.ts).
 */
export const FREE_TIMES_TAG = 'free-times'

/**
 * How long a rendering of the free times at `now` may be served to every
 * visitor who asks for the same zone and week, in seconds: as long as the
 * booking service trusts its read of the calls booked (BOOKED_RECHECK_MS), so
 * a call another instance or the team's CLI books shows as taken as soon as it
 * did when each view was rendered; never past the moment the clock changes
 * the times. Null, not kept: no times to offer (a calendar that did not answer
 * is asked again on the next view), or the clock changes them within that.
 */
export function offerKeptSeconds(offer: BookingOffer, now: number): number | null {
  const seconds = BOOKED_RECHECK_MS / 1000
  return offer.ok && offer.starts.length > 0 && offer.until - now >= BOOKED_RECHECK_MS ? seconds : null
}

/**
 * What /book/manage shows for its address (`query`) at `now`: the time a
 * held booking is kept for (`?held=`, on the zone's clock, else the team's:
 * anyone may open it with any time, and it says nothing else), or the call a
 * link names and what it may do (`?token=`), or where links come from.
 */
export async function linkView(
  service: BookingService,
  query: URLSearchParams,
  now: number,
  holdMinutes: number,
  refused?: RefusedBooking,
): Promise<BookingLinkData> {
  const held = query.get(HELD_PARAM)
  if (held !== null) {
    let at: number
    try {
      at = parseInstant(held)
    } catch {
      return { kind: 'none' }
    }
    const timeZone = knownTimeZone(query.get(ZONE_PARAM)) ?? service.settings.timeZone
    const end = new Date(at + service.settings.slotMinutes * 60_000).toISOString()
    return { kind: 'held', call: { start: new Date(at).toISOString(), end, timeZone, status: 'held' }, holdMinutes }
  }
  const token = query.get('token')
  if (token === null) return { kind: 'none' }
  const outcome = await service.readLink(token, now)
  if (outcome.kind === 'bad-link') return { kind: 'spent', message: outcome.message, status: 400 }
  if (outcome.kind === 'spent') return { kind: 'spent', message: outcome.message, status: 410 }
  const action = service.linkAction(token)
  if (outcome.kind !== 'done' || !action) throw new Error(`A link's look-up gave ${outcome.kind}`)
  return {
    kind: 'good',
    action,
    token,
    call: callTime(outcome.booking),
    justBooked: query.has(JUST_BOOKED_PARAM),
    calendar: bookerCalendar(service.callCalendar(outcome.booking)),
    offer: action === 'reschedule' ? await offerAt(service, now) : undefined,
    refused,
  }
}
