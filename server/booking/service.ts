import { randomUUID } from 'node:crypto'
import { bookingLeadSchema, fieldErrors, type BookingLead } from '#app/lib/lead.ts'
import { site } from '#app/lib/site.ts'
import { botSign } from '../api/lead-intake.ts'
import type { BookingChange, BookingRules, DeliveryKind, LeadStore, StoredBooking } from '../store/lead-store.ts'
import type { Availability } from './availability.ts'
import {
  busyWindow,
  freeSlots,
  groupByDay,
  isBookable,
  nearestFree,
  type Interval,
  type NotBookable,
  type Slot,
  type SlotDay,
} from './slots.ts'
import { readBookingToken, signBookingToken, type BookingAction } from './tokens.ts'
import { canonicalTimeZone, parseInstant } from './zoned-time.ts'

/** How many free slots a refusal offers instead. */
export const NEAREST_OFFERED = 3

/** Where a visitor whose slot or link failed can book again (the booking page, issue 26). */
export const BOOK_AGAIN_PATH = '/book'

/** What the booking form sends (`POST /api/bookings`, or the page's plain post): the slot and the lead's fields. */
export type BookingRequest = Record<string, unknown>

/** The team's busy time over a window (the CalDAV reader, or none); throws when it cannot tell. */
export type BusyTime = (window: Interval) => Promise<Interval[]>

/** A change refused: why, in words for the visitor, and the nearest free slots instead. */
export interface SlotRefusal {
  reason: NotBookable
  message: string
  nearest: Slot[]
}

export type BookingOutcome =
  /** Booked: the lead, the call and its deliveries committed together. */
  | { kind: 'booked'; booking: StoredBooking }
  /** A bot's (../api/lead-intake.ts, `botSign`): answered like a person's, stored nowhere. */
  | { kind: 'dropped'; booking: Pick<StoredBooking, 'id' | 'start' | 'end' | 'timeZone' | 'status'> }
  /** A field is wrong: one message per field; nothing stored. */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** The slot is taken or no longer bookable: nothing stored. */
  | ({ kind: 'refused' } & SlotRefusal)
  /** The team's calendar or the store did not answer: nothing stored, try again. */
  | { kind: 'unavailable'; message: string }

export type ManageOutcome =
  | { kind: 'done'; booking: StoredBooking }
  | { kind: 'invalid'; errors: Record<string, string> }
  /** The link was never good (altered, cut short): 400. */
  | { kind: 'bad-link'; message: string }
  /** The link was good once: the booking changed or was cancelled since. 410. */
  | { kind: 'spent'; message: string; reason: 'changed' | 'cancelled' | 'not-found' }
  | ({ kind: 'refused' } & SlotRefusal)
  | { kind: 'unavailable'; message: string }

const CALENDAR_DOWN = `We cannot check the team's calendar right now, so we cannot offer or book times. Please try again in a few minutes, or write to us through the contact form.`
const STORE_DOWN = 'The booking could not be stored: please try again.'

/** Why a start cannot be booked, as the visitor reads it. */
export function refusalMessage(reason: NotBookable, settings: Availability): string {
  switch (reason) {
    case 'taken':
      return 'That time has just been booked by someone else. Pick one of the nearest free times instead.'
    case 'too-soon':
      return `That time is too soon: calls are booked at least ${settings.minimumNoticeHours} hours ahead. Pick one of the nearest free times instead.`
    case 'beyond-horizon':
      return `That time is too far ahead: calls can be booked up to ${settings.horizonDays} days ahead. Pick one of the nearest free times instead.`
    case 'day-full':
      return 'That day is fully booked. Pick one of the nearest free times instead.'
    case 'not-a-slot':
      return `That is not one of the call times we offer. Pick one of the nearest free times instead.`
  }
}

/** What a spent or unknown link says, with the way to book again. */
export function spentMessage(reason: 'changed' | 'cancelled' | 'not-found'): string {
  switch (reason) {
    case 'changed':
      return 'This link has already been used: the call was changed after this email was sent. Use the links in the latest email about your call, or book a new time.'
    case 'cancelled':
      return 'This call was canceled, so its links no longer work. You are welcome to book a new time.'
    case 'not-found':
      return 'We have no record of this call any more. You are welcome to book a new time.'
  }
}

export const BAD_LINK =
  'This link is not valid: it may have been cut short. Open it again from the email, or book a new time.'

/**
 * Booking the strategy call (issue 26, docs/decisions/035-bookings.md): the
 * functions the JSON API (../api/bookings.ts) and the booking page's plain
 * form post both call, so both behave alike. `now` is epoch ms.
 */
export function bookingService({
  store,
  settings,
  busy = async () => [],
  secret,
  deliveries,
  onStored = () => {},
  log,
  newId = randomUUID,
  uidDomain = new URL(site.origin).hostname,
}: {
  store: LeadStore
  settings: Availability
  busy?: BusyTime
  /** BOOKING_SECRET: signs the links (./tokens.ts). */
  secret: string
  /** The outbox rows written with each change (../outbox/worker.ts, `bookingDeliveriesFor`). */
  deliveries: DeliveryKind[]
  /** After a change is committed: wakes the outbox worker. */
  onStored?: () => void
  log: Pick<Console, 'info'>
  newId?: () => string
  /** The right-hand side of each invitation's UID. */
  uidDomain?: string
}) {
  /** The rules a start is checked with at `now`: null when the calendar cannot tell the busy time. */
  async function rulesAt(now: number): Promise<BookingRules | null> {
    try {
      return { settings, now, busy: await busy(busyWindow(settings, now)) }
    } catch (error) {
      log.info(
        JSON.stringify({
          event: 'booking_calendar_unavailable',
          error: String((error as Error).message).slice(0, 200),
        }),
      )
      return null
    }
  }

  const bookedFor = (now: number) => store.bookedCalls(new Date(now - 2 * 24 * 60 * 60 * 1000).toISOString())

  async function refusal(
    reason: NotBookable,
    start: string,
    rules: BookingRules,
    except?: string,
  ): Promise<SlotRefusal> {
    const booked = (await bookedFor(rules.now)).filter((call) => call.start !== except)
    return {
      reason,
      message: refusalMessage(reason, settings),
      nearest: nearestFree(start, NEAREST_OFFERED, { ...rules, booked }),
    }
  }

  /** Checks the start and the visitor's zone: the field errors, or the start as the engine writes it. */
  function readSlotFields(body: Record<string, unknown>): {
    errors: Record<string, string>
    start?: string
    timeZone?: string
  } {
    const errors: Record<string, string> = {}
    let start: string | undefined
    try {
      if (typeof body.start !== 'string') throw new RangeError('missing')
      start = new Date(parseInstant(body.start)).toISOString()
    } catch {
      errors.start = 'Choose one of the times offered'
    }
    // Kept as the visitor's browser names it (Asia/Kolkata, which ICU calls Asia/Calcutta) once Intl knows it.
    const timeZone = typeof body.timeZone === 'string' && canonicalTimeZone(body.timeZone) ? body.timeZone : undefined
    if (!timeZone) errors.timeZone = 'Choose your time zone from the list, such as Europe/Berlin'
    return { errors, start, timeZone }
  }

  return {
    settings,

    /** The token of a link to `action` on the booking as it is now (./tokens.ts): the booking page's landing. */
    linkToken(booking: Pick<StoredBooking, 'id' | 'sequence'>, action: BookingAction): string {
      return signBookingToken(secret, { action, id: booking.id, sequence: booking.sequence })
    },

    /** What a link's token is for, when it is one of ours. */
    linkAction(token: unknown): BookingAction | undefined {
      return readBookingToken(secret, token)?.action
    },

    /** The free slots from `now` on, grouped by the visitor's days; null when the calendar cannot tell. */
    async slots(now: number, visitorTimeZone: string): Promise<{ slots: Slot[]; days: SlotDay[] } | null> {
      const rules = await rulesAt(now)
      if (!rules) return null
      const slots = freeSlots({ ...rules, booked: await bookedFor(now) })
      return { slots, days: groupByDay(slots, visitorTimeZone) }
    },

    /** Books the slot `request.start` for the visitor in `request`: the whole of `POST /api/bookings`. */
    async bookSlot(request: BookingRequest, now: number): Promise<BookingOutcome> {
      const botReason = botSign(request, 'booking', now)
      if (botReason) {
        log.info(JSON.stringify({ event: 'booking_dropped', reason: botReason }))
        // Shaped like a real booking's answer, so the bot learns nothing from it.
        let start = Date.parse(String(request.start))
        if (Number.isNaN(start)) start = now
        return {
          kind: 'dropped',
          booking: {
            id: newId(),
            start: new Date(start).toISOString(),
            end: new Date(start + settings.slotMinutes * 60_000).toISOString(),
            timeZone: typeof request.timeZone === 'string' ? request.timeZone.slice(0, 64) : 'UTC',
            status: 'confirmed',
          },
        }
      }
      const slot = readSlotFields(request)
      const parsed = bookingLeadSchema.safeParse({ ...request, kind: 'booking' })
      const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...slot.errors }
      if (!parsed.success || !slot.start || !slot.timeZone) return { kind: 'invalid', errors }
      const lead: BookingLead = parsed.data

      const rules = await rulesAt(now)
      if (!rules) return { kind: 'unavailable', message: CALENDAR_DOWN }
      // Cheap refusals before the transaction: a start that is not a slot at all, or too soon, never waits for the lock.
      const early = isBookable(slot.start, { ...rules, booked: [] })
      if (!early.bookable) return { kind: 'refused', ...(await refusal(early.reason, slot.start, rules)) }
      let result: BookingChange
      try {
        result = await store.insertBooking(
          {
            lead,
            leadId: newId(),
            bookingId: newId(),
            uid: `${newId()}@${uidDomain}`,
            start: slot.start,
            timeZone: slot.timeZone,
            createdAt: now,
            deliveries,
          },
          rules,
        )
      } catch {
        // The error may quote the visitor: the log says only that it happened.
        log.info(JSON.stringify({ event: 'booking_store_failed' }))
        return { kind: 'unavailable', message: STORE_DOWN }
      }
      if (result.ok) {
        onStored()
        return { kind: 'booked', booking: result.booking }
      }
      if (result.reason === 'taken') {
        // The same visitor's call at that time already: a retry after a lost answer gets its booking, not a refusal.
        const mine = (await store.listBookings({ after: slot.start, status: 'confirmed' })).find(
          (booking) => booking.start === slot.start && booking.email.toLowerCase() === lead.email.toLowerCase(),
        )
        if (mine) return { kind: 'booked', booking: mine }
      }
      return { kind: 'refused', ...(await refusal(result.reason as NotBookable, slot.start, rules)) }
    },

    /** The booking a link names, when the link is good for `action`. */
    async readLink(token: unknown, action?: BookingAction): Promise<ManageOutcome> {
      const read = readBookingToken(secret, token)
      if (!read || (action && read.action !== action)) return { kind: 'bad-link', message: BAD_LINK }
      const booking = await store.getBooking(read.id)
      if (!booking) return { kind: 'spent', reason: 'not-found', message: spentMessage('not-found') }
      if (booking.status === 'cancelled')
        return { kind: 'spent', reason: 'cancelled', message: spentMessage('cancelled') }
      if (booking.sequence !== read.sequence)
        return { kind: 'spent', reason: 'changed', message: spentMessage('changed') }
      return { kind: 'done', booking }
    },

    /** Moves the booking a reschedule link names to `body.start`; the link is spent by it. */
    async reschedule(body: Record<string, unknown>, now: number): Promise<ManageOutcome> {
      const read = readBookingToken(secret, body.token)
      if (!read || read.action !== 'reschedule') return { kind: 'bad-link', message: BAD_LINK }
      const { errors, start } = readSlotFields({ ...body, timeZone: 'UTC' })
      if (!start) return { kind: 'invalid', errors }
      const rules = await rulesAt(now)
      if (!rules) return { kind: 'unavailable', message: CALENDAR_DOWN }
      let result: BookingChange
      try {
        result = await store.rescheduleBooking({ id: read.id, sequence: read.sequence, start, now, deliveries }, rules)
      } catch {
        log.info(JSON.stringify({ event: 'booking_store_failed' }))
        return { kind: 'unavailable', message: STORE_DOWN }
      }
      if (result.ok) {
        onStored()
        return { kind: 'done', booking: result.booking }
      }
      if (result.reason === 'changed' || result.reason === 'cancelled' || result.reason === 'not-found') {
        return { kind: 'spent', reason: result.reason, message: spentMessage(result.reason) }
      }
      const current = await store.getBooking(read.id)
      return { kind: 'refused', ...(await refusal(result.reason, start, rules, current?.start)) }
    },

    /** Cancels the booking a cancel link names; the link is spent by it. */
    async cancel(body: Record<string, unknown>, now: number): Promise<ManageOutcome> {
      const read = readBookingToken(secret, body.token)
      if (!read || read.action !== 'cancel') return { kind: 'bad-link', message: BAD_LINK }
      return this.cancelById(read.id, now, read.sequence)
    },

    /** Cancels a booking, at `sequence` when given (a link), whatever its sequence when not (the team's CLI). */
    async cancelById(id: string, now: number, sequence?: number): Promise<ManageOutcome> {
      let result: BookingChange
      try {
        result = await store.cancelBooking({ id, sequence, now, deliveries })
      } catch {
        log.info(JSON.stringify({ event: 'booking_store_failed' }))
        return { kind: 'unavailable', message: STORE_DOWN }
      }
      if (result.ok) {
        onStored()
        return { kind: 'done', booking: result.booking }
      }
      const reason = result.reason === 'cancelled' || result.reason === 'not-found' ? result.reason : 'changed'
      return { kind: 'spent', reason, message: spentMessage(reason) }
    },
  }
}

export type BookingService = ReturnType<typeof bookingService>
