import type { BookingLead, Lead } from '#app/lib/leads/lead.ts'
import type { Admission } from '../booking/limits.ts'
import type {
  BookingEvent,
  BookingStatus,
  DeliveryKind,
  DeliveryRow,
  BookingChange,
  LinkSpent,
  NewBooking,
  StoredBooking,
  StoredLead,
} from './store.ts'

// The tables' rows as both databases return them (the columns of the
// numbered migrations), and the store's shapes made from them: one mapping
// for the SQLite and the PostgreSQL store.

export interface LeadRow {
  id: string
  created_at: number
  kind: 'popup' | 'contact' | 'booking'
  email: string
  name: string | null
  company: string | null
  service: string | null
  budget: string | null
  message: string | null
  topic: string | null
  page: string | null
  referrer_host: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  phone: string | null
}

export function toStoredLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    createdAt: row.created_at,
    kind: row.kind,
    email: row.email,
    name: row.name,
    company: row.company,
    service: row.service,
    budget: row.budget,
    message: row.message,
    topic: row.topic,
    page: row.page,
    referrerHost: row.referrer_host,
    utm_source: row.utm_source,
    utm_medium: row.utm_medium,
    utm_campaign: row.utm_campaign,
    utm_term: row.utm_term,
    utm_content: row.utm_content,
    phone: row.phone,
  }
}

export interface DeliveryDbRow {
  id: number
  lead_id: string
  kind: DeliveryKind
  state: 'pending' | 'delivered' | 'failed'
  attempts: number
  next_attempt_at: number
  last_error: string | null
  created_at: number
}

export function toDeliveryRow(row: DeliveryDbRow): DeliveryRow {
  return {
    id: row.id,
    leadId: row.lead_id,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
  }
}

/** A lead's columns for any kind: a form's fields, or a booking's (its note as the message). */
function leadColumnValues(lead: Lead | BookingLead) {
  return {
    name: lead.kind === 'popup' ? null : lead.name,
    company: lead.kind === 'popup' ? null : (lead.company ?? null),
    service: lead.kind === 'contact' ? lead.service : null,
    budget: lead.kind === 'contact' ? (lead.budget ?? null) : null,
    message: lead.kind === 'contact' ? lead.message : lead.kind === 'booking' ? (lead.note ?? null) : null,
    topic: lead.kind === 'contact' ? (lead.topic ?? null) : null,
  }
}

/**
 * Every column of a lead's row, by name, in the order of the stores' INSERTs
 * (SQLite binds them by name, PostgreSQL by position).
 */
export function leadRowValues(id: string, createdAt: number, lead: Lead | BookingLead, idempotencyKey: string | null) {
  return {
    id,
    createdAt,
    kind: lead.kind,
    email: lead.email,
    ...leadColumnValues(lead),
    page: lead.page ?? null,
    referrerHost: lead.referrerHost ?? null,
    utm_source: lead.utm_source ?? null,
    utm_medium: lead.utm_medium ?? null,
    utm_campaign: lead.utm_campaign ?? null,
    utm_term: lead.utm_term ?? null,
    utm_content: lead.utm_content ?? null,
    idempotencyKey,
    // The booker's number, for a phone call (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
    phone: lead.kind === 'booking' ? (lead.phone ?? null) : null,
  }
}

/** A booking joined with its lead's name, email, company and message. */
export interface BookingDbRow {
  id: string
  lead_id: string
  start_at: string
  end_at: string
  time_zone: string
  uid: string
  sequence: number
  status: BookingStatus
  created_at: number
  updated_at: number
  hold_expires_at: number | null
  name: string | null
  email: string
  company: string | null
  message: string | null
  phone: string | null
}

/** Selects `BookingDbRow`s: add a WHERE and an ORDER BY. */
export const bookingSelect = `SELECT bookings.id, bookings.lead_id, bookings.start_at, bookings.end_at,
    bookings.time_zone, bookings.uid, bookings.sequence, bookings.status, bookings.created_at,
    bookings.updated_at, bookings.hold_expires_at, leads.name, leads.email, leads.company, leads.message,
    leads.phone
  FROM bookings JOIN leads ON leads.id = bookings.lead_id`

/** The parameters of `bookingCountsSql`, in the order PostgreSQL numbers them. */
export const bookingCountParams = ['email', 'now', 'network', 'since'] as const

/**
 * What the limits count inside a booking's transaction (../booking/limits.ts,
 * `BookingCounts`), once the holds that ran out are released: the calls of
 * `email` (any case) held or confirmed and not over at `now` (an ISO instant),
 * the bookings made since `since` (ms) from `network` and site-wide, and how
 * many of those were held. `place` writes a parameter in the store's dialect.
 */
export function bookingCountsSql(place: (name: (typeof bookingCountParams)[number]) => string): string {
  return `SELECT
    (SELECT count(*) FROM bookings JOIN leads ON leads.id = bookings.lead_id
      WHERE lower(leads.email) = lower(${place('email')}) AND bookings.end_at > ${place('now')}
        AND bookings.status IN ('confirmed', 'held')) AS "callsAhead",
    (SELECT count(*) FROM bookings WHERE network = ${place('network')} AND created_at > ${place('since')}) AS "fromNetwork",
    (SELECT count(*) FROM bookings WHERE created_at > ${place('since')}) AS "made",
    (SELECT count(*) FROM bookings WHERE created_at > ${place('since')} AND hold_expires_at IS NOT NULL) AS "held"`
}

/** Releases the holds that ran out by `now` (ms): those bookings are `expired`, their slots free. */
export const releaseHoldsSql = (now: string) =>
  `UPDATE bookings SET status = 'expired', updated_at = ${now} WHERE status = 'held' AND hold_expires_at <= ${now}`

/** The calls the slot engine counts as booked: confirmed, or held with the hold running at `now` (ms). */
export const bookedCallsSql = (after: string, now: string) =>
  `SELECT start_at AS start, end_at AS "end" FROM bookings
   WHERE (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ${now})) AND end_at > ${after}
   ORDER BY start_at`

export function toStoredBooking(row: BookingDbRow): StoredBooking {
  return {
    id: row.id,
    leadId: row.lead_id,
    start: row.start_at,
    end: row.end_at,
    timeZone: row.time_zone,
    uid: row.uid,
    sequence: Number(row.sequence),
    status: row.status,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    holdExpiresAt: row.hold_expires_at === null ? null : Number(row.hold_expires_at),
    name: row.name ?? '',
    email: row.email,
    company: row.company,
    note: row.message,
    phone: row.phone,
  }
}

/** An outbox row's payload, or undefined for a lead's own deliveries. */
export function parsePayload(payload: string | null | undefined): BookingEvent | undefined {
  return payload ? (JSON.parse(payload) as BookingEvent) : undefined
}

/** Whether an error is the unique index that holds one held or confirmed call per slot. */
export function isSlotTaken(error: unknown): boolean {
  const { message, constraint } = error as { message?: string; constraint?: string }
  return constraint === 'bookings_one_per_slot' || /bookings\.start_at|bookings_one_per_slot/.test(message ?? '')
}

/**
 * Why a change cannot be made to `booking` at `now` (ms), or undefined: no
 * such booking, cancelled, its hold ran out, not in a status the change takes
 * (`allowed`: a move takes a confirmed call, a confirmation a held one), its
 * sequence moved on past the link's `sequence` (none: the team's CLI), or the
 * call has started. The stores check it inside the change's transaction, the
 * booking service when a link's page is shown.
 */
export function spentReason(
  booking: StoredBooking | null,
  { sequence, now, allowed = ['confirmed'] }: { sequence?: number; now: number; allowed?: BookingStatus[] },
): LinkSpent | undefined {
  if (!booking) return 'not-found'
  if (booking.status === 'cancelled') return 'cancelled'
  if (booking.status === 'expired' || (booking.status === 'held' && (booking.holdExpiresAt ?? 0) <= now))
    return 'expired'
  if (!allowed.includes(booking.status)) return booking.status === 'confirmed' ? 'confirmed' : 'held'
  if (sequence !== undefined && booking.sequence !== sequence) return 'changed'
  if (Date.parse(booking.start) <= now) return 'started'
  return undefined
}

/**
 * The lead's idempotency key that keeps a booking form's one-time key: its own
 * prefix, so it never meets a key the lead API was sent.
 */
export const formKeyOf = (formKey: string) => `booking-form:${formKey}`

/**
 * The answer to a booking form sent again with the key of a form that booked
 * already: that booking, when the address (any case) and the start are the
 * ones sent (a double submit, a retry after a lost answer); else the form was
 * used for another call. Never the booking of an address and time alone: the
 * key is known only to the page that was sent it.
 */
export function repeatedBooking(earlier: StoredBooking, item: NewBooking): BookingChange {
  const same = earlier.email.toLowerCase() === item.lead.email.toLowerCase() && earlier.start === item.start
  return same ? { ok: true, booking: earlier, repeated: true } : { ok: false, reason: 'form-used' }
}

/**
 * The events a new booking's outbox rows carry, with their kinds: a booking
 * that stands at once, `created` with the item's deliveries; a held one, the
 * visitor's confirmation mail (`booking-invite`, `held`) and, for the first
 * hold of a surge, the team's notice (`booking-notice`, `held`, `surge`).
 */
export function newBookingEvents(
  booking: StoredBooking,
  admission: Extract<Admission, { ok: true }>,
  item: NewBooking,
): [BookingEvent, readonly DeliveryKind[]][] {
  if (admission.status === 'confirmed') return [[{ event: 'created', booking }, item.deliveries]]
  const events: [BookingEvent, readonly DeliveryKind[]][] = [[{ event: 'held', booking }, ['booking-invite']]]
  if (admission.alertTeam) {
    events.push([
      { event: 'held', booking, surge: { made: admission.made, limit: item.limits.surgePerDay } },
      ['booking-notice'],
    ])
  }
  return events
}
