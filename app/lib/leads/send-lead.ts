/**
 * Sends a lead from the browser through the site's lead actions
 * (app/actions/index.ts; docs/product.md#lead-capture), with one idempotency
 * key for every try, so a retry never stores a lead twice. A try that fails
 * on the way (no answer, 5xx, 429) is made again up to 3 times, waiting 1, 2
 * and 4 s (doubling, at most 30 s). A refused lead (400) is not retried: its
 * field messages come back.
 */
import type { LeadInput } from './lead.ts'

/** The endpoint for landing pages hosted elsewhere (app/pages/api/leads.ts). */
export const LEAD_API = '/api/leads'
export const LEAD_RETRIES = 3
export const RETRY_BASE_MS = 1000
export const RETRY_CAP_MS = 30_000

export type SendResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'invalid'; fields: Record<string, string> }
  | { ok: false; reason: 'failed' }

/** What the page adds to the lead: when the form was shown and when it was sent (the server's bot check). */
export type LeadBody = LeadInput & { startedAt: number; website?: string }

/**
 * What an action gives back to the island that calls it (`actions.contact`
 * from astro:actions): its data, or an error with its status and, for
 * refused fields, their messages.
 */
export type LeadAction = (
  form: FormData,
) => Promise<
  | { data: { id: string }; error?: undefined }
  | { data?: undefined; error: { status: number; fields?: Record<string, string[] | undefined> } }
>

export interface SendOptions {
  sleep?: (ms: number) => Promise<void>
  newKey?: () => string
  now?: () => number
}

/** The wait before retry number `retry` (0-based): 1 s doubling, capped. */
export function backoffMs(retry: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** retry)
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export async function sendLead(action: LeadAction, body: LeadBody, options: SendOptions = {}): Promise<SendResult> {
  const { sleep = defaultSleep, newKey = () => crypto.randomUUID(), now = Date.now } = options
  const key = newKey()
  for (let attempt = 0; ; attempt += 1) {
    const form = new FormData()
    for (const [name, value] of Object.entries({ ...body, idempotencyKey: key, sentAt: now() }))
      if (value !== undefined) form.set(name, String(value))
    try {
      const { data, error } = await action(form)
      if (!error) return { ok: true, id: data.id }
      if (error.status === 400) {
        const fields: Record<string, string> = {}
        for (const [name, messages] of Object.entries(error.fields ?? {})) if (messages?.[0]) fields[name] = messages[0]
        return { ok: false, reason: 'invalid', fields }
      }
      if (error.status !== 429 && error.status < 500) return { ok: false, reason: 'failed' }
    } catch {
      // No answer: the network, or the server went away. Try again.
    }
    if (attempt >= LEAD_RETRIES) return { ok: false, reason: 'failed' }
    await sleep(backoffMs(attempt))
  }
}
