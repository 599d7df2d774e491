import type { AuditReport, AuditResult } from '#app/lib/audit/report.ts'
import type { BookingLead, Lead, LeadKind } from '#app/lib/leads/lead.ts'
import type { Availability } from '../booking/availability.ts'
import type { BookingLimits, LimitReason } from '../booking/limits.ts'
import type { Interval, NotBookable } from '../booking/slots.ts'

/**
 * Where leads and their deliveries are kept (docs/product.md#lead-capture).
 * Two databases: SQLite (`sqlite.ts`, the default, one server process) and
 * PostgreSQL (`postgres.ts`, with `DATABASE_URL`: several server processes
 * behind a load balancer share it); `open-store.ts` picks one. Their
 * operations are written once (`sql-store.ts`, docs/decisions/049-one-sql-layer.md).
 */
export interface Store {
  /**
   * Stores a lead and its deliveries in one transaction, and resolves only once
   * that transaction is durably committed. With an idempotency key already
   * stored, stores nothing and resolves with the first lead's id.
   */
  insertLead(lead: NewLead): Promise<{ id: string; created: boolean }>
  /**
   * Takes up to `limit` deliveries that are due at `now`, leasing them until
   * `leaseUntil`: a delivery whose worker died is due again after that. Two
   * workers claiming at once (two instances) never take the same delivery.
   */
  claimDue(now: number, leaseUntil: number, limit: number): Promise<ClaimedDelivery[]>
  /** The earliest time any pending delivery is due, or null when none waits. */
  nextDueAt(): Promise<number | null>
  /** Records how tries went, in one transaction. */
  finishDeliveries(outcomes: DeliveryOutcome[]): Promise<void>
  /** Deliveries still pending or failed for good, oldest first. */
  listUndelivered(): Promise<DeliveryRow[]>
  /** Makes a delivery due now with its tries counted afresh; false when there is no such pending or failed one. */
  retryDelivery(id: number, now: number): Promise<boolean>
  /** Leads, oldest first, from `since` (ms) on. */
  exportLeads(options?: { since?: number }): Promise<StoredLead[]>
  /** Deletes every lead with this e-mail address (any case) and their deliveries. */
  eraseByEmail(email: string): Promise<ErasedLeads>
  /**
   * Deletes, with their deliveries, the leads of every address (any case) whose
   * latest lead is older than `before` (ms): our last contact with that person
   * through the site (server/leads/retention.ts). With `dryRun`, only says what it
   * would delete.
   */
  purgeLeads(before: number, options?: { dryRun?: boolean }): Promise<PurgedLeads>
  countLeads(): Promise<number>
  /**
   * Books a strategy call (docs/decisions/035-bookings.md): in one transaction,
   * taken one after another (SQLite's write lock, PostgreSQL's advisory lock),
   * releases the holds that ran out, checks the limits (../booking/limits.ts,
   * `admit`, docs/decisions/042-nobody-floods-the-calendar.md: an address with
   * a call ahead hears so first, even for the time its own call took), then
   * the start again with the slot engine against the calls held or confirmed,
   * then stores the lead, the booking and their deliveries: confirmed, with
   * `deliveries` carrying the `created` event; or held, with the visitor's
   * confirmation mail (`booking-invite`, event `held`) and, for the first hold
   * of a surge, the team's notice (`booking-notice`, event `held`, `surge`).
   * The unique index on a held or confirmed call's start backs it: a second
   * call on a slot is refused whatever happens. A form key already stored is
   * the same form sent again: its booking comes back (`repeated`), when the
   * address and the start are the same; else `form-used`. Refused:
   * `{ ok: false, reason }`, nothing stored.
   */
  insertBooking(item: NewBooking, rules: BookingRules): Promise<BookingChange>
  /**
   * Confirms a held booking whose hold has not run out (its visitor opened the
   * mail): it stands from then on, and `deliveries` carry the `created` event,
   * as a booking taken at once.
   */
  confirmBooking(change: BookingConfirm): Promise<BookingChange>
  /**
   * Moves a confirmed booking to `start` if it is still at `sequence`: same
   * checks and transaction as `insertBooking`, the call itself left out of
   * them; the sequence is raised and the deliveries written with the event.
   */
  rescheduleBooking(change: BookingMove, rules: BookingRules): Promise<BookingChange>
  /** Cancels a confirmed booking (at `sequence`, when given): the slot is free again; sequence raised. */
  cancelBooking(change: BookingCancel): Promise<BookingChange>
  getBooking(id: string): Promise<StoredBooking | null>
  /** Bookings whose call ends after `after` (an ISO instant), earliest first; with `status`, only those. */
  listBookings(options: { after: string; status?: BookingStatus }): Promise<StoredBooking[]>
  /** The calls confirmed, or held with their hold running at `now`, ending after `after`: what the slot engine counts as booked. */
  bookedCalls(after: string, now: number): Promise<Interval[]>
  /** How many deliveries wait (pending) or failed for good: counts only, for `/api/health`. */
  outboxBacklog(): Promise<{ pending: number; failed: number }>
  /** Stores an instant audit's report (docs/decisions/054-the-instant-audit.md). */
  insertAuditReport(report: AuditReport): Promise<void>
  /** The report with this id, unless it has expired by `now`. */
  getAuditReport(id: string, now: number): Promise<AuditReport | null>
  /** The result of the latest report of `url` made at `since` (ms) or after: a grading reused within 24 hours. */
  recentAuditResult(url: string, since: number): Promise<AuditResult | null>
  /** Deletes the reports expired by `now` (the daily purge): how many. With `dryRun`, only counts them. */
  purgeAuditReports(now: number, options?: { dryRun?: boolean }): Promise<number>
  /** Commits what is queued, then closes. */
  close(): Promise<void>
}

export type Attribution = Pick<
  Lead,
  'page' | 'referrerHost' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content'
>

/** A checked lead as stored: every field of either kind, absent ones null. */
export interface StoredLead {
  id: string
  createdAt: number
  kind: LeadKind
  email: string
  name: string | null
  company: string | null
  service: string | null
  budget: string | null
  message: string | null
  topic: string | null
  page: string | null
  referrerHost: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  /** A booker's phone number, when the host phones them (docs/decisions/048-the-call-its-host-and-how-it-happens.md). */
  phone: string | null
  /** The website a contact-form lead gives, required for the free marketing audit (docs/product.md#contact-form). */
  websiteUrl: string | null
  /** The instant audit's report the lead asks the full audit with (/audit/report/<id>), or null. */
  auditReport: string | null
  /** That report's score out of 100, while the report is kept (30 days); null without one. */
  auditScore: number | null
}

export type DeliveryKind = 'webhook' | 'checklist-mail' | 'notify-mail' | 'booking-invite' | 'booking-notice'

export interface NewLead {
  lead: Lead | BookingLead
  /** A fresh id for the lead, used unless the idempotency key was seen before. */
  id: string
  createdAt: number
  idempotencyKey?: string
  /** The outbox rows written with it, due at once. */
  deliveries: DeliveryKind[]
}

export interface ClaimedDelivery {
  id: number
  kind: DeliveryKind
  /** Tries before this one. */
  attempts: number
  lead: StoredLead
  /** What a booking's delivery is about: the event and the booking as it was then. */
  booking?: BookingEvent
}

/**
 * A booking stands (`confirmed`) or was cancelled; made during a surge it is
 * `held` until its visitor confirms it, or `expired` once its hold ran out
 * unconfirmed (docs/decisions/042-nobody-floods-the-calendar.md).
 */
export type BookingStatus = 'confirmed' | 'cancelled' | 'held' | 'expired'

/** A booked call, as stored. Instants are ISO strings in UTC (server/booking/README.md). */
export interface BookingRecord {
  id: string
  leadId: string
  start: string
  end: string
  /** The visitor's IANA zone: the mails say the time in it. */
  timeZone: string
  /** The invitation's iCalendar UID, kept through every change. */
  uid: string
  /** 0 when booked, raised by each reschedule and the cancellation. */
  sequence: number
  status: BookingStatus
  createdAt: number
  updatedAt: number
  /** When a held booking's hold runs out (ms); kept after it is confirmed, null for a booking never held. */
  holdExpiresAt: number | null
}

/** A booking with who booked it, from its lead. */
export interface StoredBooking extends BookingRecord {
  name: string
  email: string
  company: string | null
  note: string | null
  /** The number the host phones (a phone call), or null (a video call). */
  phone: string | null
}

/** What a booking delivery carries (the outbox row's `payload`): the change and the booking after it. */
export interface BookingEvent {
  /** `held`: the booking waits for its visitor's confirmation; `created`: it stands (at once, or once confirmed). */
  event: 'held' | 'created' | 'rescheduled' | 'cancelled'
  booking: StoredBooking
  /** Before a reschedule: the call's former start and end. */
  previous?: { start: string; end: string }
  /** The first hold of a surge, in the team's notice: the bookings made in the last 24 hours and the limit. */
  surge?: { made: number; limit: number }
}

/** What the transaction re-checks a start with (server/booking/slots.ts, `isBookable`); `booked` it reads itself. */
export interface BookingRules {
  settings: Availability
  now: number
  busy: readonly Interval[]
}

export interface NewBooking {
  lead: BookingLead
  leadId: string
  bookingId: string
  uid: string
  start: string
  timeZone: string
  createdAt: number
  /** The outbox rows written with it when it stands at once, each carrying the `created` event. */
  deliveries: DeliveryKind[]
  /** The network it came from, as ../booking/limits.ts `networkKey` keeps it; none: not counted per network (the CLI). */
  network?: string
  /** The booking form's one-time key: the same form sent twice books once (kept as the lead's idempotency key). */
  formKey?: string
  limits: BookingLimits
}

export interface BookingConfirm {
  id: string
  now: number
  /** The outbox rows written with the confirmation, each carrying the `created` event. */
  deliveries: DeliveryKind[]
}

export interface BookingMove {
  id: string
  /** The sequence the change was asked at (signed into the link): another one refuses it. */
  sequence: number
  start: string
  now: number
  deliveries: DeliveryKind[]
}

export interface BookingCancel {
  id: string
  /** As for a move; the team's cancellation (the CLI) gives none. */
  sequence?: number
  now: number
  deliveries: DeliveryKind[]
}

/** Why a link can no longer change a booking (a 410 on the pages). */
export type LinkSpent =
  /** No such booking (erased). */
  | 'not-found'
  /** The booking is cancelled. */
  | 'cancelled'
  /** Its sequence moved on: a later change spent the link. */
  | 'changed'
  /** The call has started: it can no longer be moved or cancelled. */
  | 'started'
  /** A held booking's hold ran out unconfirmed. */
  | 'expired'
  /** A confirm link of a booking that stands already. */
  | 'confirmed'
  /** A move or cancellation of a booking still held: it stands only once its visitor confirms it. */
  | 'held'

/**
 * How a booking change went. Refused: a reason of the slot engine's, of the
 * limits (../booking/limits.ts), `form-used` (the form's key booked another
 * call), or why the link is spent. `repeated`: the same form sent again, its
 * first booking returned.
 */
export type BookingChange =
  | { ok: true; booking: StoredBooking; repeated?: boolean }
  | { ok: false; reason: NotBookable | LimitReason | 'form-used' | LinkSpent }

export type DeliveryOutcome =
  | { id: number; delivered: true; at: number; mailFile?: string }
  /** A failed try: due again at `retryAt`, or `failed` for good when `retryAt` is null. */
  | { id: number; delivered: false; error: string; retryAt: number | null }

export interface DeliveryRow {
  id: number
  leadId: string
  kind: DeliveryKind
  state: 'pending' | 'delivered' | 'failed'
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  createdAt: number
}

export interface ErasedLeads {
  leads: { id: string; kind: LeadKind; createdAt: number }[]
  deliveries: { id: number; kind: DeliveryKind; state: string }[]
  /** Mail files the deliveries of these leads wrote. */
  mailFiles: string[]
  /** The instant audit reports these leads asked the full audit with, deleted with them. */
  auditReports: string[]
  /**
   * SQLite: what may be left of the deleted rows in the database's files, and
   * until when, when something kept them from being overwritten (another
   * connection reading, say); absent when nothing is. PostgreSQL leaves them
   * to VACUUM (docs/deploy.md, "Erasure").
   */
  leftover?: string
}

export interface PurgedLeads extends ErasedLeads {
  /** The addresses whose leads went, lowercased, so that their mail files can go too; never logged. */
  emails: string[]
}
