import { randomUUID } from 'node:crypto'
import { HONEYPOT_FIELD, IDEMPOTENCY_KEY, type Lead, type LeadForm, type LeadKind } from '#app/lib/leads/lead.ts'
import type { DeliveryKind, Store } from '../store/store.ts'

/** Largest body taken, in bytes. */
export const MAX_LEAD_BYTES = 16 * 1024
/**
 * Fastest fill that counts as a person's, in ms from the form's render: a
 * contact form takes a while to type; the popup has one field, so it is lenient.
 */
export const MIN_FILL_MS = { contact: 2000, popup: 800, booking: 2000 } as const

/** What became of a submission. */
export type LeadOutcome =
  /** Stored with its deliveries (or stored before, under the same idempotency key). */
  | { kind: 'stored'; id: string }
  /** A bot's: answered like a person's, stored nowhere. */
  | { kind: 'dropped'; id: string }
  /** The store refused it: nothing stored, the visitor may try again. */
  | { kind: 'unavailable' }

/**
 * Takes a lead the contact or sign-up action checked (app/actions/index.ts,
 * which `POST /api/leads` calls too): the bot check, then the lead and its
 * deliveries in one transaction. Logs one line for a drop or a failure,
 * never what the visitor typed.
 */
export function leadIntake({
  store,
  log,
  now,
  deliveriesFor,
  onStored = () => {},
  newId = randomUUID,
}: {
  store: Store
  log: Pick<Console, 'info'>
  now: () => number
  /** The outbox rows written with a lead. */
  deliveriesFor: (lead: Lead) => DeliveryKind[]
  /** Called after a new lead is committed: wakes the outbox worker. */
  onStored?: () => void
  newId?: () => string
}) {
  return async function take(form: LeadForm): Promise<LeadOutcome> {
    const botReason = botSign(form, form.kind, now())
    if (botReason) {
      log.info(JSON.stringify({ event: 'lead_dropped', reason: botReason }))
      return { kind: 'dropped', id: newId() }
    }
    // The extras of the form are not the lead's: none is stored.
    const { [HONEYPOT_FIELD]: _honeypot, startedAt: _startedAt, sentAt: _sentAt, idempotencyKey, ...lead } = form
    try {
      const stored = await store.insertLead({
        lead,
        id: newId(),
        createdAt: now(),
        idempotencyKey,
        deliveries: deliveriesFor(lead),
      })
      if (stored.created) onStored()
      return { kind: 'stored', id: stored.id }
    } catch {
      // The error may quote the lead: the log says only that it happened.
      log.info(JSON.stringify({ event: 'lead_store_failed' }))
      return { kind: 'unavailable' }
    }
  }
}

export type LeadIntake = ReturnType<typeof leadIntake>

/** An idempotency key is 1 to 200 visible characters. */
export const validIdempotencyKey = (key: string) => IDEMPOTENCY_KEY.test(key)

/**
 * A browser says where a request comes from: `Sec-Fetch-Site` (only
 * `same-origin` or `none` pass) and `Origin` (its host must be the request's
 * `Host`, or the site's own). A client that sends neither is not a browser
 * posting from another site, and passes.
 */
export function sameSite(headers: Headers, siteOrigin: string | undefined): boolean {
  const fetchSite = headers.get('sec-fetch-site')
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') return false
  const origin = headers.get('origin')
  if (origin === null) return true
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    return false // "null" and anything else that is no origin
  }
  if (host === '') return false
  return host === headers.get('host') || (siteOrigin !== undefined && host === new URL(siteOrigin).host)
}

/** Why a submission looks like a bot's, or null (the booking form's too: server/booking/service.ts). */
export function botSign(body: Record<string, unknown>, kind: LeadKind, now: number): 'honeypot' | 'too_fast' | null {
  const honeypot = body[HONEYPOT_FIELD]
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') return 'honeypot'
  const startedAt = Number(body.startedAt)
  if (body.startedAt === undefined || body.startedAt === '' || !Number.isFinite(startedAt)) return null
  // With `sentAt` from the same clock, the visitor's clock being off does not matter.
  const sentAt = body.sentAt === undefined || body.sentAt === '' ? now : Number(body.sentAt)
  const filledIn = sentAt - startedAt
  return Number.isFinite(filledIn) && filledIn >= 0 && filledIn < MIN_FILL_MS[kind] ? 'too_fast' : null
}
