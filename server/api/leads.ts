import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { setCookie } from 'hono/cookie'
import { contactFormFields, fieldErrors, HONEYPOT_FIELD, leadSchema, type Lead } from '#app/lib/lead.ts'
import type { ClientAddress } from '../client-address.ts'
import { encodeFormCookie, FORM_COOKIE, FORM_COOKIE_MAX_AGE, FORM_COOKIE_PATH } from '../form-cookie.ts'
import { retryAfterSeconds, type RateLimiter } from '../rate-limit.ts'
import type { DeliveryKind, LeadStore } from '../store/lead-store.ts'

/** Largest body taken, in bytes. */
export const MAX_LEAD_BYTES = 16 * 1024
/**
 * Fastest fill that counts as a person's, in ms from the form's render: a
 * contact form takes a while to type; the popup has one field, so it is lenient.
 */
export const MIN_FILL_MS = { contact: 2000, popup: 800 } as const
export const THANK_YOU_PATH = '/thank-you'
export const CONTACT_PATH = '/contact'

type Format = 'json' | 'form'

/**
 * `POST /api/leads` (docs/product.md#lead-capture): a lead from the exit popup
 * or the contact form, as JSON (201 `{ id }`) or as a plain form post (303 to
 * /thank-you, or back to /contact with the errors in a signed cookie). Bad
 * input stores nothing: 400 naming each bad field, 413, 415, 403 for another
 * site, 429 past the rate limit. A bot (the honeypot filled, or sent faster
 * than a person could) is answered like a person and stored nowhere. The lead
 * and its deliveries are one transaction; the answer waits for its commit.
 * server/README.md, "The lead API", has the details.
 */
export function leadsApi({
  store,
  limiter,
  clientAddress,
  log,
  now,
  deliveriesFor,
  formCookieSecret,
  siteOrigin,
  onStored = () => {},
  newId = randomUUID,
}: {
  store: LeadStore
  /** Counts submissions per client address. */
  limiter: RateLimiter
  clientAddress: ClientAddress
  log: Pick<Console, 'info'>
  now: () => number
  /** The outbox rows written with a lead. */
  deliveriesFor: (lead: Lead) => DeliveryKind[]
  /** Signs the form cookie (server/form-cookie.ts). */
  formCookieSecret: string
  /** The site's public origin: a post from it is same-site even when a proxy rewrote `Host`. */
  siteOrigin?: string
  /** Called after a new lead is committed: wakes the outbox worker. */
  onStored?: () => void
  newId?: () => string
}) {
  return new Hono().post(
    '/',
    async (c, next) => {
      const format = formatOf(c.req.header('content-type'))
      if (!format) return c.json({ error: 'Send the lead as JSON or as a form post' }, 415)
      if (!sameSite(c, siteOrigin)) return c.json({ error: 'Leads are taken from this site only' }, 403)
      await next()
    },
    bodyLimit({
      maxSize: MAX_LEAD_BYTES,
      onError: (c) => c.json({ error: `A lead is at most ${MAX_LEAD_BYTES / 1024} KB` }, 413),
    }),
    async (c) => {
      const format = formatOf(c.req.header('content-type'))!
      const decision = await limiter.hit(clientAddress(c), now())
      if (!decision.allowed) {
        return c.json({ error: 'Too many submissions: try again shortly' }, 429, {
          'Retry-After': retryAfterSeconds(decision.retryAfterMs),
        })
      }

      const body = await readBody(c, format)
      if (!body) return c.json({ error: 'The body is not valid JSON', fields: {} }, 400)

      const idempotencyKey = c.req.header('idempotency-key') ?? text(body.idempotencyKey)
      if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,200}$/.test(idempotencyKey)) {
        return c.json(
          { error: 'The idempotency key is not valid', fields: { idempotencyKey: 'Use 1 to 200 visible characters' } },
          400,
        )
      }

      // Before the checks, so that a bot learns nothing from the answer.
      const botReason = botSign(body, body.kind === 'popup' ? 'popup' : 'contact', now())
      if (botReason) {
        log.info(JSON.stringify({ event: 'lead_dropped', reason: botReason }))
        return success(c, format, newId())
      }

      const parsed = leadSchema.safeParse(body)
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error)
        if (format === 'json') return c.json({ error: 'Some fields need attention', fields: errors }, 400)
        return backToForm(c, errors, body)
      }
      const lead = parsed.data

      let stored: { id: string; created: boolean }
      try {
        stored = await store.insertLead({
          lead,
          id: newId(),
          createdAt: now(),
          idempotencyKey,
          deliveries: deliveriesFor(lead),
        })
      } catch {
        // The error may quote the lead: the log says only that it happened.
        log.info(JSON.stringify({ event: 'lead_store_failed' }))
        return format === 'json'
          ? c.json({ error: 'The lead could not be stored: try again' }, 503)
          : c.text('The message could not be sent. Go back and try again in a moment.', 503)
      }
      if (stored.created) onStored()
      return success(c, format, stored.id)

      function backToForm(c: Context, errors: Record<string, string>, body: Record<string, unknown>) {
        const values: Record<string, string> = {}
        for (const field of contactFormFields) {
          const value = text(body[field])
          if (value) values[field] = value
        }
        setCookie(c, FORM_COOKIE, encodeFormCookie({ errors, values }, formCookieSecret, now()), {
          path: FORM_COOKIE_PATH,
          maxAge: FORM_COOKIE_MAX_AGE,
          sameSite: 'Lax',
          // Read by the server, which writes it into the contact page (server/contact-page.ts).
          httpOnly: true,
          secure: isHttps(c),
        })
        return c.redirect(CONTACT_PATH, 303)
      }
    },
  )
}

function success(c: Context, format: Format, id: string) {
  return format === 'json' ? c.json({ id }, 201) : c.redirect(THANK_YOU_PATH, 303)
}

function formatOf(contentType: string | undefined): Format | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase()
  if (type === 'application/json') return 'json'
  if (type === 'application/x-www-form-urlencoded') return 'form'
  return null
}

/**
 * A browser says where a request comes from: `Sec-Fetch-Site` (only
 * `same-origin` or `none` pass) and `Origin` (its host must be the request's
 * `Host`, or the site's own). A client that sends neither is not a browser
 * posting from another site, and passes.
 */
function sameSite(c: Context, siteOrigin: string | undefined): boolean {
  const fetchSite = c.req.header('sec-fetch-site')
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return false
  const origin = c.req.header('origin')
  if (origin === undefined) return true
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    return false // "null" and anything else that is no origin
  }
  if (host === '') return false
  return host === c.req.header('host') || (siteOrigin !== undefined && host === new URL(siteOrigin).host)
}

function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || (c.req.header('origin') ?? '').startsWith('https://')
}

/** The body's fields; for a form, the first value of each. Null when JSON does not parse to an object. */
async function readBody(c: Context, format: Format): Promise<Record<string, unknown> | null> {
  if (format === 'form') {
    const fields: Record<string, string> = {}
    for (const [name, value] of new URLSearchParams(await c.req.text())) fields[name] ??= value
    return fields
  }
  const body: unknown = await c.req.json().catch(() => null)
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** Why a submission looks like a bot's, or null. */
function botSign(body: Record<string, unknown>, kind: Lead['kind'], now: number): 'honeypot' | 'too_fast' | null {
  const honeypot = body[HONEYPOT_FIELD]
  if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') return 'honeypot'
  const startedAt = Number(body.startedAt)
  if (body.startedAt === undefined || body.startedAt === '' || !Number.isFinite(startedAt)) return null
  // With `sentAt` from the same clock, the visitor's clock being off does not matter.
  const sentAt = body.sentAt === undefined || body.sentAt === '' ? now : Number(body.sentAt)
  const filledIn = sentAt - startedAt
  return Number.isFinite(filledIn) && filledIn >= 0 && filledIn < MIN_FILL_MS[kind] ? 'too_fast' : null
}
