import { randomUUID } from 'node:crypto'
import { hostFirstName as callHostFirstName, meetingMode, type MeetingMode } from '#app/lib/booking/call-details.ts'
import { bookingLeadSchema, fieldErrors, type BookingLead } from '#app/lib/leads/lead.ts'
import { site } from '#app/lib/site/site.ts'
import { botSign, validIdempotencyKey } from '../leads/intake.ts'
import type { BookingChange, BookingRules, DeliveryKind, Store, LinkSpent, StoredBooking } from '../store/store.ts'
import { spentReason } from '../store/rows.ts'
import type { Availability } from './availability.ts'
import { callCalendar, calendarFile, type CallCalendar } from './call-calendar.ts'
import { defaultBookingLimits, HOLD_MINUTES, networkKey, type BookingLimits, type LimitReason } from './limits.ts'
import {
  busyWindow,
  freeSlots,
  freeSlotsUntil,
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

/**
 * How long the calls booked, once read, stand for the free slots when no change went through
 * this service: what another instance sharing PostgreSQL, or the team's CLI, booked or cancelled
 * shows within this time (server/booking/README.md, "The free slots, computed once per change").
 */
export const BOOKED_RECHECK_MS = 1_000

/** How many free slots a refusal offers instead. */
export const NEAREST_OFFERED = 3

/** Where a visitor whose slot or link failed can book again (the booking page, issue 26). */
export const BOOK_AGAIN_PATH = '/book'

/** What the booking form sends (the booking action, app/actions/booking.ts): the slot and the lead's fields. */
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
  /** Booked: the lead, the call and its deliveries committed together; `repeated`, by the same form before. */
  | { kind: 'booked'; booking: StoredBooking; repeated?: boolean }
  /**
   * Held during a surge (docs/decisions/042-nobody-floods-the-calendar.md):
   * the slot is kept until the visitor confirms it from the mail sent to the
   * address; nothing about the booking but its time goes back to the sender.
   */
  | { kind: 'held'; booking: StoredBooking; repeated?: boolean }
  /** A bot's (../leads/intake.ts, `botSign`): answered like a person's, stored nowhere. */
  | { kind: 'dropped'; booking: Pick<StoredBooking, 'id' | 'start' | 'end' | 'timeZone' | 'status'> }
  /** A field is wrong: one message per field; nothing stored. */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** The slot is taken or no longer bookable: nothing stored. */
  | ({ kind: 'refused' } & SlotRefusal)
  /** A limit of ./limits.ts, or the form booked another call before: nothing stored. */
  | { kind: 'limited'; reason: LimitReason | 'form-used'; message: string }
  /** The team's calendar or the store did not answer: nothing stored, try again. */
  | { kind: 'unavailable'; message: string }

export type ManageOutcome =
  | { kind: 'done'; booking: StoredBooking }
  | { kind: 'invalid'; errors: Record<string, string> }
  /** The link was never good (altered, cut short): 400. */
  | { kind: 'bad-link'; message: string }
  /** The link was good once: the booking changed, was cancelled or confirmed, its hold ran out, or its call started. 410. */
  | { kind: 'spent'; message: string; reason: LinkSpent }
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
export function spentMessage(reason: LinkSpent): string {
  switch (reason) {
    case 'changed':
      return 'This link has already been used: the call was changed after this email was sent. Use the links in the latest email about your call, or book a new time.'
    case 'cancelled':
      return 'This call was canceled, so its links no longer work. You are welcome to book a new time.'
    case 'not-found':
      return 'We have no record of this call any more. You are welcome to book a new time.'
    case 'started':
      return 'This call has already started, so it can no longer be moved or canceled. To talk again, you are welcome to book a new time.'
    case 'expired':
      return `We held this time for ${HOLD_MINUTES} minutes, and it was not confirmed in that time, so it went back to the calendar. You are welcome to book a new time.`
    case 'confirmed':
      return 'This call is already confirmed: the invitation, with the links to move or cancel the call, is in your email.'
    case 'held':
      return 'This call is waiting to be confirmed: open the link in the email we sent to confirm it, and the links to move or cancel it follow.'
  }
}

/** Why a booking was not taken under a limit, as the visitor reads it (./limits.ts). */
export function limitMessage(reason: LimitReason | 'form-used', limits: BookingLimits): string {
  switch (reason) {
    case 'has-call':
      return 'This email address already has a call booked with us. To move or cancel it, use the links in the email we sent; to talk about something else, send us a message.'
    case 'network-limit':
      return `We take at most ${limits.perNetworkPerDay} bookings a day from one network, and yours has made them. Send us a message and we will find a time with you.`
    case 'form-used':
      return 'This form has already booked a call: the email about it is on its way. To book another time, open the booking page again.'
  }
}

export const BAD_LINK =
  'This link is not valid: it may have been cut short. Open it again from the email, or book a new time.'

/**
 * Booking the strategy call (issue 26, docs/decisions/035-bookings.md): what
 * the booking actions call (app/actions/booking.ts), whether the form was
 * posted plainly or by its island, and the team's CLI. `now` is epoch ms.
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
  limits = defaultBookingLimits,
  meetingUrl,
  origin = site.origin,
}: {
  store: Store
  settings: Availability
  /** The limits on new bookings (./limits.ts): BOOKING_NETWORK_LIMIT and BOOKING_SURGE_LIMIT. */
  limits?: BookingLimits
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
  /**
   * MEETING_URL: every call is a video call at this link; without it the host
   * phones the booker, who gives a number (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
   */
  meetingUrl?: string
  /** SITE_ORIGIN: the links inside the calendar file. */
  origin?: string
}) {
  const meeting: MeetingMode = meetingMode(meetingUrl)

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

  const bookedFor = (now: number) => store.bookedCalls(new Date(now - 2 * 24 * 60 * 60 * 1000).toISOString(), now)

  // The free slots, computed once per change, not once per page (issue 39): kept with what they
  // were computed from (the busy time and the calls booked, compared by value) until the clock
  // makes them change (`freeSlotsUntil`), each change through this service reading the calls
  // again; the visitor's days are grouped once per zone.
  let changes = 0
  let bookedRead: { at: number; changes: number; calls: Promise<Interval[]> } | undefined
  let kept: { key: string; at: number; until: number; slots: Slot[]; days: Map<string, SlotDay[]> } | undefined

  function bookedNow(now: number): Promise<Interval[]> {
    const read = bookedRead
    if (read && read.changes === changes && read.at <= now && now - read.at < BOOKED_RECHECK_MS) return read.calls
    const calls = bookedFor(now)
    const fresh = { at: now, changes, calls }
    bookedRead = fresh
    // A failed read is not kept.
    calls.catch(() => {
      if (bookedRead === fresh) bookedRead = undefined
    })
    return calls
  }

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

  const spent = (reason: LinkSpent): ManageOutcome => ({ kind: 'spent', reason, message: spentMessage(reason) })

  /** The statuses a link's action takes: a confirm link a held booking, the others a confirmed one. */
  const takes = (action: BookingAction) => (action === 'confirm' ? (['held'] as const) : (['confirmed'] as const))

  /** The outcome of a change the store made or refused; `start` the time asked, `except` the call's own. */
  async function manageOutcome(
    result: BookingChange,
    rules?: { rules: BookingRules; start: string; except?: string },
  ): Promise<ManageOutcome> {
    if (result.ok) {
      onStored()
      return { kind: 'done', booking: result.booking }
    }
    const { reason } = result
    if (isLinkSpent(reason)) return spent(reason)
    if (!rules || !isNotBookable(reason)) throw new Error(`A link's change was refused for ${reason}`)
    return { kind: 'refused', ...(await refusal(reason, rules.start, rules.rules, rules.except)) }
  }

  /** Runs a store change; a store that fails gives `unavailable`, logged without what the visitor sent. */
  async function stored(change: () => Promise<BookingChange>): Promise<BookingChange | null> {
    try {
      return await change()
    } catch {
      // The error may quote the visitor: the log says only that it happened.
      log.info(JSON.stringify({ event: 'booking_store_failed' }))
      return null
    } finally {
      // Made, refused or failed, the calls booked are read again for the next page.
      changes += 1
    }
  }

  return {
    settings,
    limits,
    /** How the calls happen: a video call at MEETING_URL, or a phone call to the booker's number. */
    meeting,

    /** The token of a link to `action` on the booking as it is now (./tokens.ts): the booking page's landing. */
    linkToken(booking: Pick<StoredBooking, 'id' | 'sequence'>, action: BookingAction): string {
      return signBookingToken(secret, { action, id: booking.id, sequence: booking.sequence })
    },

    /** What a link's token is for, when it is one of ours. */
    linkAction(token: unknown): BookingAction | undefined {
      return readBookingToken(secret, token)?.action
    },

    /**
     * The free slots from `now` on, grouped by the visitor's days, and the
     * instant (epoch ms) the clock changes them (./slots.ts freeSlotsUntil);
     * null when the calendar cannot tell.
     */
    async slots(
      now: number,
      visitorTimeZone: string,
    ): Promise<{ slots: Slot[]; days: SlotDay[]; until: number } | null> {
      const rules = await rulesAt(now)
      if (!rules) return null
      const booked = await bookedNow(now)
      const key = JSON.stringify([rules.busy, booked])
      if (!kept || kept.key !== key || now < kept.at || now >= kept.until) {
        const slots = freeSlots({ ...rules, booked })
        kept = { key, at: now, until: freeSlotsUntil(settings, now, slots), slots, days: new Map() }
      }
      const zone = canonicalTimeZone(visitorTimeZone) ?? visitorTimeZone
      let days = kept.days.get(zone)
      if (!days) kept.days.set(zone, (days = groupByDay(kept.slots, zone)))
      return { slots: kept.slots, days, until: kept.until }
    },

    /**
     * Books the slot `request.start` for the visitor in `request`, sent from
     * `clientAddress` (counted by its network, ./limits.ts): the whole of
     * the booking action (app/actions/booking.ts). A form's `formKey`
     * (one per page the server rendered) makes the same form sent twice book
     * once; nothing else ever answers with an existing booking.
     */
    async bookSlot(request: BookingRequest, now: number, clientAddress?: string): Promise<BookingOutcome> {
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
      // A phone call needs the number to call; a video call keeps none, whatever was sent.
      const parsed = bookingLeadSchema.safeParse({
        ...request,
        kind: 'booking',
        phone: meeting.kind === 'phone' ? request.phone : undefined,
      })
      const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...slot.errors }
      if (meeting.kind === 'phone' && !errors.phone && !(parsed.success && parsed.data.phone))
        errors.phone = `Enter the phone number ${callHostFirstName} should call you on`
      if (!parsed.success || !slot.start || !slot.timeZone || errors.phone) return { kind: 'invalid', errors }
      const lead: BookingLead = parsed.data

      const rules = await rulesAt(now)
      if (!rules) return { kind: 'unavailable', message: CALENDAR_DOWN }
      // Cheap refusals before the transaction: a start that is not a slot at all, or too soon, never waits for the lock.
      const early = isBookable(slot.start, { ...rules, booked: [] })
      if (!early.bookable) return { kind: 'refused', ...(await refusal(early.reason, slot.start, rules)) }
      const formKey =
        typeof request.formKey === 'string' && validIdempotencyKey(request.formKey) ? request.formKey : undefined
      const result = await stored(() =>
        store.insertBooking(
          {
            lead,
            leadId: newId(),
            bookingId: newId(),
            uid: `${newId()}@${uidDomain}`,
            start: slot.start!,
            timeZone: slot.timeZone!,
            createdAt: now,
            deliveries,
            network: clientAddress === undefined ? undefined : networkKey(clientAddress, secret),
            formKey,
            limits,
          },
          rules,
        ),
      )
      if (!result) return { kind: 'unavailable', message: STORE_DOWN }
      if (result.ok) {
        if (!result.repeated) onStored()
        const kind = result.booking.status === 'held' ? 'held' : 'booked'
        return { kind, booking: result.booking, repeated: result.repeated }
      }
      const { reason } = result
      if (reason === 'has-call' || reason === 'network-limit' || reason === 'form-used')
        return { kind: 'limited', reason, message: limitMessage(reason, limits) }
      if (!isNotBookable(reason)) throw new Error(`A new booking was refused for ${reason}`)
      return { kind: 'refused', ...(await refusal(reason, slot.start, rules)) }
    },

    /** The booking a link names at `now`, when the link is good (for `action`, when given). */
    async readLink(token: unknown, now: number, action?: BookingAction): Promise<ManageOutcome> {
      const read = readBookingToken(secret, token)
      if (!read || (action && read.action !== action)) return { kind: 'bad-link', message: BAD_LINK }
      const booking = await store.getBooking(read.id)
      const reason = spentReason(booking, { sequence: read.sequence, now, allowed: [...takes(read.action)] })
      return reason ? spent(reason) : { kind: 'done', booking: booking! }
    },

    /** What a standing call carries into calendars, for its booker (./call-calendar.ts). */
    callCalendar(booking: StoredBooking): CallCalendar {
      return callCalendar(booking, { origin, secret, mode: meeting })
    },

    /**
     * The calendar file of the call a reschedule or cancel link names, for
     * the booker who holds the link (./call-calendar.ts): the same UID and
     * SEQUENCE as the newest invitation. A link of a held, cancelled, moved
     * or started call answers like the page does (410), and a link that is
     * not ours 400; the file is never had by anything but a good link.
     */
    async calendarFile(
      token: unknown,
      now: number,
    ): Promise<
      | { kind: 'file'; ics: string }
      | Extract<ManageOutcome, { kind: 'bad-link' }>
      | Extract<ManageOutcome, { kind: 'spent' }>
    > {
      const read = readBookingToken(secret, token)
      if (!read || read.action === 'confirm') return { kind: 'bad-link', message: BAD_LINK }
      const outcome = await this.readLink(token, now)
      if (outcome.kind === 'bad-link' || outcome.kind === 'spent') return outcome
      if (outcome.kind !== 'done') throw new Error(`A link's look-up gave ${outcome.kind}`)
      return { kind: 'file', ics: calendarFile(outcome.booking, { origin, secret, mode: meeting }) }
    },

    /** Moves the booking a reschedule link names to `body.start`; the link is spent by it. */
    async reschedule(body: Record<string, unknown>, now: number): Promise<ManageOutcome> {
      const read = readBookingToken(secret, body.token)
      if (!read || read.action !== 'reschedule') return { kind: 'bad-link', message: BAD_LINK }
      const { errors, start } = readSlotFields({ ...body, timeZone: 'UTC' })
      if (!start) return { kind: 'invalid', errors }
      const rules = await rulesAt(now)
      if (!rules) return { kind: 'unavailable', message: CALENDAR_DOWN }
      const result = await stored(() =>
        store.rescheduleBooking({ id: read.id, sequence: read.sequence, start, now, deliveries }, rules),
      )
      if (!result) return { kind: 'unavailable', message: STORE_DOWN }
      const current = result.ok ? undefined : (await store.getBooking(read.id))?.start
      return manageOutcome(result, { rules, start, except: current })
    },

    /** Cancels the booking a cancel link names; the link is spent by it. */
    async cancel(body: Record<string, unknown>, now: number): Promise<ManageOutcome> {
      const read = readBookingToken(secret, body.token)
      if (!read || read.action !== 'cancel') return { kind: 'bad-link', message: BAD_LINK }
      return this.cancelById(read.id, now, read.sequence)
    },

    /** Cancels a booking, at `sequence` when given (a link), whatever its sequence when not (the team's CLI). */
    async cancelById(id: string, now: number, sequence?: number): Promise<ManageOutcome> {
      const result = await stored(() => store.cancelBooking({ id, sequence, now, deliveries }))
      return result ? manageOutcome(result) : { kind: 'unavailable', message: STORE_DOWN }
    },

    /**
     * Confirms the held booking a confirm link names (its visitor opened the
     * mail sent to the address): it stands, and the invitation goes out.
     */
    async confirm(body: Record<string, unknown>, now: number): Promise<ManageOutcome> {
      const read = readBookingToken(secret, body.token)
      if (!read || read.action !== 'confirm') return { kind: 'bad-link', message: BAD_LINK }
      const result = await stored(() => store.confirmBooking({ id: read.id, now, deliveries }))
      return result ? manageOutcome(result) : { kind: 'unavailable', message: STORE_DOWN }
    },
  }
}

const linkSpentReasons = new Set<string>([
  'not-found',
  'cancelled',
  'changed',
  'started',
  'expired',
  'confirmed',
  'held',
])
const isLinkSpent = (reason: string): reason is LinkSpent => linkSpentReasons.has(reason)
const notBookableReasons = new Set<string>(['not-a-slot', 'too-soon', 'beyond-horizon', 'day-full', 'taken'])
const isNotBookable = (reason: string): reason is NotBookable => notBookableReasons.has(reason)

export type BookingService = ReturnType<typeof bookingService>
