import { actions, isInputError } from 'astro:actions'
import type { APIRoute } from 'astro'
import { MAX_LEAD_BYTES } from '#server/leads/intake.ts'

// Answered for each request, by the server's on-demand routes.
export const prerender = false

const answer = (status: number, body: object, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers })

/**
 * `POST /api/leads` (docs/product.md#lead-capture): the lead endpoint for
 * landing pages hosted elsewhere, as JSON, answered 201 `{ id }`. It calls the
 * site's own lead actions (app/actions/index.ts: one schema and one handler
 * for the form, the island and this), after the same checks
 * (app/middleware.ts). Bad input stores nothing: 400 naming each bad field,
 * 413, 415; 403 for another site, 429 past the rate limit. An idempotency
 * key, in the `Idempotency-Key` header or the body, makes a retry store
 * nothing twice. server/README.md, "The lead API", has the details.
 */
export const POST: APIRoute = async ({ request, callAction }) => {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') return answer(415, { error: 'Send the lead as JSON' })
  const tooLarge = { error: `A lead is at most ${MAX_LEAD_BYTES / 1024} KB` }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_LEAD_BYTES) return answer(413, tooLarge)
  const text = await request.text()
  if (new TextEncoder().encode(text).byteLength > MAX_LEAD_BYTES) return answer(413, tooLarge)

  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return answer(400, { error: 'The body is not valid JSON', fields: {} })

  // The action takes the form's fields: each a string, a number or true/false.
  const form = new FormData()
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue
    if (typeof value === 'object') fields[name] = 'Send this field as text'
    else form.set(name, String(value))
  }
  const key = request.headers.get('idempotency-key')
  if (key !== null) form.set('idempotencyKey', key)
  if (Object.keys(fields).length > 0) return answer(400, { error: 'Some fields need attention', fields })

  const kind = form.get('kind')
  if (kind !== 'popup' && kind !== 'contact')
    return answer(400, {
      error: 'Some fields need attention',
      fields: { kind: 'Send "popup" or "contact" as the kind of lead' },
    })
  const { data, error } = await callAction(kind === 'popup' ? actions.signUp : actions.contact, form)
  if (!error) return answer(201, { id: data.id })
  if (isInputError(error)) {
    const messages = Object.fromEntries(Object.entries(error.fields).map(([name, list]) => [name, list?.[0] ?? '']))
    return answer(400, { error: 'Some fields need attention', fields: messages })
  }
  if (error.status === 503) return answer(503, { error: 'The lead could not be stored: try again' })
  return answer(error.status, { error: error.message })
}
