import type { DeliveryKind, DeliveryRow, StoredLead } from './lead-store.ts'

// The tables' rows as both databases return them (the columns of the
// numbered migrations), and the store's shapes made from them: one mapping
// for the SQLite and the PostgreSQL store.

export interface LeadRow {
  id: string
  created_at: number
  kind: 'popup' | 'contact'
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
