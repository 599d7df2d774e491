import type { Lead, LeadKind } from '#app/lib/lead.ts'

/**
 * Where leads and their deliveries are kept (docs/product.md#lead-capture).
 * Two implementations: SQLite (`sqlite.ts`, the default, one server process)
 * and PostgreSQL (`postgres.ts`, with `DATABASE_URL`: several server processes
 * behind a load balancer share it); `open-store.ts` picks one.
 */
export interface LeadStore {
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
   * through the site (server/retention.ts). With `dryRun`, only says what it
   * would delete.
   */
  purgeLeads(before: number, options?: { dryRun?: boolean }): Promise<PurgedLeads>
  countLeads(): Promise<number>
  /** How many deliveries wait (pending) or failed for good: counts only, for `/api/health`. */
  outboxBacklog(): Promise<{ pending: number; failed: number }>
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
}

export type DeliveryKind = 'webhook' | 'checklist-mail' | 'notify-mail'

export interface NewLead {
  lead: Lead
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
}

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
}

export interface PurgedLeads extends ErasedLeads {
  /** The addresses whose leads went, lowercased, so that their mail files can go too; never logged. */
  emails: string[]
}
