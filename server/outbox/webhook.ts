import { createHmac, timingSafeEqual } from 'node:crypto'
import type { BookingEvent, StoredLead } from '../store/store.ts'

/** The header that signs a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = 'Northpeak-Signature'
/** The outbox row's id: the same on every retry of one delivery, so a receiver can drop repeats. */
export const DELIVERY_HEADER = 'Northpeak-Delivery'

/** What the webhook receives for each lead. */
export interface LeadWebhookBody {
  type: 'lead.created'
  delivery: number
  lead: Omit<StoredLead, 'createdAt'> & { createdAt: string }
}

/** What the webhook receives for each booking change: the booking as it is after it, and its lead. */
export interface BookingWebhookBody {
  type: 'booking.created' | 'booking.rescheduled' | 'booking.cancelled'
  delivery: number
  booking: Omit<BookingEvent['booking'], 'createdAt' | 'updatedAt' | 'holdExpiresAt'> & {
    createdAt: string
    updatedAt: string
  }
  /** Before a reschedule: the call's former start and end. */
  previous?: { start: string; end: string }
  lead: LeadWebhookBody['lead']
}

/**
 * `t=<t>,v1=<hex>` where v1 = HMAC-SHA256(secret, `${t}.${body}`), the scheme
 * Stripe uses: the timestamp is signed with the body, so an old request
 * replayed later fails the receiver's tolerance check.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, `${unixSeconds}.${body}`)}`
}

/**
 * For the receiving side: true when `header` signs exactly `body` (the raw
 * bytes as received, before any JSON parsing) with `secret`, and its time is
 * within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhookSignature({
  secret,
  header,
  body,
  toleranceSeconds = 300,
  nowSeconds = Math.floor(Date.now() / 1000),
}: {
  secret: string
  header: string | null | undefined
  body: string
  toleranceSeconds?: number
  nowSeconds?: number
}): boolean {
  if (!header) return false
  const parts = new Map<string, string[]>()
  for (const part of header.split(',')) {
    const [key, ...rest] = part.trim().split('=')
    if (!key || rest.length === 0) continue
    parts.set(key, [...(parts.get(key) ?? []), rest.join('=')])
  }
  const t = Number(parts.get('t')?.[0])
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false
  const expected = Buffer.from(hmacHex(secret, `${t}.${body}`))
  // Several v1 values are allowed, as while a secret is being rolled over.
  return (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate)
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

/**
 * Posts one lead to the webhook, or with `booking` the booking change it is
 * about (`booking.created`, `booking.rescheduled`, `booking.cancelled`),
 * signed alike; resolves on a 2xx answer, throws otherwise.
 */
export async function postLeadWebhook({
  url,
  secret,
  lead,
  booking,
  delivery,
  now,
  timeoutMs = 10_000,
}: {
  url: string
  secret: string
  lead: StoredLead
  booking?: BookingEvent
  delivery: number
  now: number
  timeoutMs?: number
}): Promise<void> {
  const exportedLead = { ...lead, createdAt: new Date(lead.createdAt).toISOString() }
  // A held booking is not the team's yet: it reaches the webhook once confirmed, as `booking.created`.
  if (booking?.event === 'held') throw new Error('A held booking is not sent to the webhook')
  const payload: LeadWebhookBody | BookingWebhookBody = booking
    ? {
        type: `booking.${booking.event}`,
        delivery,
        booking: webhookBooking(booking.booking),
        ...(booking.previous ? { previous: booking.previous } : {}),
        lead: exportedLead,
      }
    : { type: 'lead.created', delivery, lead: exportedLead }
  const body = JSON.stringify(payload)
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(now / 1000)),
      [DELIVERY_HEADER]: String(delivery),
    },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  }).catch((error: unknown) => {
    // fetch says only "fetch failed"; the cause names the problem (ECONNREFUSED, a timeout).
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const reason = cause?.code ?? cause?.message ?? (error as Error).message
    throw new Error(`webhook not reached: ${reason}`)
  })
  // Read (and drop) the answer so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined)
  if (response.status < 200 || response.status > 299) throw new Error(`webhook answered ${response.status}`)
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex')
}

/** A booking as the webhook sends it: times as ISO strings, without the hold (the team's receiver never sees one). */
function webhookBooking({
  holdExpiresAt: _hold,
  createdAt,
  updatedAt,
  ...call
}: BookingEvent['booking']): BookingWebhookBody['booking'] {
  return { ...call, createdAt: new Date(createdAt).toISOString(), updatedAt: new Date(updatedAt).toISOString() }
}
