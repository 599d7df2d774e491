import type { BookingLead, Lead } from '#app/lib/lead.ts'
import type { BookingEvent, BookingStatus, DeliveryKind, DeliveryRow, StoredBooking, StoredLead } from './lead-store.ts'

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
  name: string | null
  email: string
  company: string | null
  message: string | null
}

/** Selects `BookingDbRow`s: add a WHERE and an ORDER BY. */
export const bookingSelect = `SELECT bookings.*, leads.name, leads.email, leads.company, leads.message
  FROM bookings JOIN leads ON leads.id = bookings.lead_id`

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
    name: row.name ?? '',
    email: row.email,
    company: row.company,
    note: row.message,
  }
}

/** An outbox row's payload, or undefined for a lead's own deliveries. */
export function parsePayload(payload: string | null | undefined): BookingEvent | undefined {
  return payload ? (JSON.parse(payload) as BookingEvent) : undefined
}

/** Whether an error is the unique index that holds one confirmed call per slot. */
export function isSlotTaken(error: unknown): boolean {
  const { message, constraint } = error as { message?: string; constraint?: string }
  return constraint === 'bookings_one_per_slot' || /bookings\.start_at|bookings_one_per_slot/.test(message ?? '')
}
