import type { BookingLead, Lead } from '#app/lib/leads/lead.ts'
import type { Admission } from '../booking/limits.ts'
import type {
  BookingEvent,
  BookingStatus,
  DeliveryKind,
  BookingChange,
  LinkSpent,
  NewBooking,
  StoredBooking,
} from './store.ts'

// What the store's operations (sql-store.ts) compute apart from their SQL: a
// lead's row, and the rules of a booking change, which the booking service
// reads too.

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
 * Every column of a lead's row, by name, in the order of its INSERTs
 * (sql-store.ts, `leadColumns`), which bind them by position.
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
    // The website a contact-form lead gives, the free audit's subject (docs/product.md#contact-form).
    websiteUrl: lead.kind === 'contact' ? (lead.websiteUrl ?? null) : null,
    // The instant audit's report the full audit is asked with (docs/decisions/054-the-instant-audit.md).
    auditReport: lead.kind === 'contact' ? (lead.auditReport ?? null) : null,
  }
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
