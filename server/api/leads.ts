import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ClientAddress } from '../client-address.ts'
import { retryAfterSeconds, type RateLimiter } from '../rate-limit.ts'
import { MAX_LEAD_BYTES, sameSite, validIdempotencyKey, type LeadIntake } from './lead-intake.ts'

/**
 * `POST /api/leads` (docs/product.md#lead-capture): a lead from the exit popup
 * or the contact form, as JSON, answered 201 `{ id }`. Bad input stores
 * nothing: 400 naming each bad field, 413, 415, 403 for another site, 429 past
 * the rate limit. A bot (the honeypot filled, or sent faster than a person
 * could) is answered like a person and stored nowhere. The lead and its
 * deliveries are one transaction; the answer waits for its commit. The
 * contact form's plain post without JavaScript goes to the contact page
 * itself (../rendered-pages.ts). server/README.md, "The lead API", has the details.
 */
export function leadsApi({
  intake,
  limiter,
  clientAddress,
  now,
  siteOrigin,
}: {
  /** Checks and stores a lead (./lead-intake.ts). */
  intake: LeadIntake
  /** Counts submissions per client address. */
  limiter: RateLimiter
  clientAddress: ClientAddress
  now: () => number
  /** The site's public origin: a post from it is same-site even when a proxy rewrote `Host`. */
  siteOrigin?: string
}) {
  return new Hono().post(
    '/',
    async (c, next) => {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/json') return c.json({ error: 'Send the lead as JSON' }, 415)
      if (!sameSite(c, siteOrigin)) return c.json({ error: 'Leads are taken from this site only' }, 403)
      await next()
    },
    bodyLimit({
      maxSize: MAX_LEAD_BYTES,
      onError: (c) => c.json({ error: `A lead is at most ${MAX_LEAD_BYTES / 1024} KB` }, 413),
    }),
    async (c) => {
      const decision = await limiter.hit(clientAddress(c), now())
      if (!decision.allowed) {
        return c.json({ error: 'Too many submissions: try again shortly' }, 429, {
          'Retry-After': retryAfterSeconds(decision.retryAfterMs),
        })
      }

      const body: unknown = await c.req.json().catch(() => null)
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return c.json({ error: 'The body is not valid JSON', fields: {} }, 400)
      }
      const fields = body as Record<string, unknown>

      const header = c.req.header('idempotency-key')
      const idempotencyKey = header ?? (typeof fields.idempotencyKey === 'string' ? fields.idempotencyKey : undefined)
      if (idempotencyKey !== undefined && !validIdempotencyKey(idempotencyKey)) {
        return c.json(
          { error: 'The idempotency key is not valid', fields: { idempotencyKey: 'Use 1 to 200 visible characters' } },
          400,
        )
      }

      const outcome = await intake(fields, idempotencyKey)
      switch (outcome.kind) {
        case 'stored':
        case 'dropped':
          return c.json({ id: outcome.id }, 201)
        case 'invalid':
          return c.json({ error: 'Some fields need attention', fields: outcome.errors }, 400)
        case 'unavailable':
          return c.json({ error: 'The lead could not be stored: try again' }, 503)
      }
    },
  )
}
