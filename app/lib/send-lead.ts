/**
 * Sends a lead to `POST /api/leads` from the browser (docs/product.md#lead-capture):
 * JSON, with one idempotency key for every try, so a retry never stores a
 * lead twice. A try that fails on the way (no answer, 5xx, 429) is made again
 * up to 3 times, waiting 1, 2 and 4 s (doubling, at most 30 s, or longer when
 * the server's Retry-After asks for it, up to 30 s). A refused lead (400) is
 * not retried: its field messages come back.
 */
import type { LeadInput } from './lead.ts'

export const LEAD_API = '/api/leads'
export const LEAD_RETRIES = 3
export const RETRY_BASE_MS = 1000
export const RETRY_CAP_MS = 30_000

export type SendResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'invalid'; fields: Record<string, string> }
  | { ok: false; reason: 'failed' }

/** What the page adds to the lead: when the form was shown and when it was sent (the server's bot check). */
export type LeadBody = LeadInput & { startedAt: number; sentAt?: number; website?: string }

export interface SendOptions {
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  newKey?: () => string
  now?: () => number
}

/** The wait before retry number `retry` (0-based): 1 s doubling, capped. */
export function backoffMs(retry: number, retryAfterMs = 0): number {
  return Math.min(RETRY_CAP_MS, Math.max(RETRY_BASE_MS * 2 ** retry, retryAfterMs))
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function sendLead(body: LeadBody, options: SendOptions = {}): Promise<SendResult> {
  const { fetch: send = fetch, sleep = defaultSleep, newKey = () => crypto.randomUUID(), now = Date.now } = options
  const key = newKey()
  for (let attempt = 0; ; attempt += 1) {
    let retryAfterMs = 0
    try {
      const response = await send(LEAD_API, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ ...body, sentAt: now() }),
      })
      if (response.status === 201) {
        const { id } = (await response.json()) as { id: string }
        return { ok: true, id }
      }
      if (response.status === 400) {
        const { fields = {} } = (await response.json().catch(() => ({}))) as { fields?: Record<string, string> }
        return { ok: false, reason: 'invalid', fields }
      }
      if (response.status !== 429 && response.status < 500) return { ok: false, reason: 'failed' }
      retryAfterMs = Number(response.headers.get('retry-after') ?? 0) * 1000 || 0
    } catch {
      // No answer: the network, or the server went away. Try again.
    }
    if (attempt >= LEAD_RETRIES) return { ok: false, reason: 'failed' }
    await sleep(backoffMs(attempt, retryAfterMs))
  }
}
