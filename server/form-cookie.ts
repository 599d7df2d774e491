import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The cookie that carries a refused form post back to `/contact`: the field
 * errors and the values typed, so nothing personal goes into the redirect's
 * URL (server/README.md, "The form cookie").
 */
export const FORM_COOKIE = 'lead_form'
export const FORM_COOKIE_PATH = '/contact'
/** Seconds: long enough to read it after the redirect, short enough not to linger. */
export const FORM_COOKIE_MAX_AGE = 600

export interface FormCookie {
  /** Format version. */
  v: 1
  /** Unix seconds after which the server no longer accepts it. */
  exp: number
  /** Message per bad field, as the lead schema words it. */
  errors: Record<string, string>
  /** What was typed, per field, to fill the form again. */
  values: Record<string, string>
}

/** Browsers keep cookies of up to 4096 bytes, name and attributes included. */
const MAX_VALUE_BYTES = 3600

/**
 * `<payload>.<signature>`: the payload base64url-encoded JSON, the signature
 * base64url HMAC-SHA256 of the payload with `secret`. Values too long for a
 * cookie are cut, the longest first, so errors always fit.
 */
export function encodeFormCookie(
  { errors, values }: Pick<FormCookie, 'errors' | 'values'>,
  secret: string,
  nowMs: number,
): string {
  const kept = { ...values }
  const exp = Math.floor(nowMs / 1000) + FORM_COOKIE_MAX_AGE
  for (;;) {
    const payload = Buffer.from(JSON.stringify({ v: 1, exp, errors, values: kept } satisfies FormCookie)).toString(
      'base64url',
    )
    const value = `${payload}.${sign(payload, secret)}`
    if (value.length <= MAX_VALUE_BYTES) return value
    const [longest, text] = Object.entries(kept).sort(([, a], [, b]) => b.length - a.length)[0] ?? []
    if (longest === undefined || text === undefined || text.length === 0) return value
    kept[longest] = text.slice(0, Math.floor(text.length / 2))
  }
}

/** The cookie's contents when its signature holds and it has not expired; otherwise null. */
export function decodeFormCookie(value: string, secret: string, nowMs: number): FormCookie | null {
  const [payload, signature, extra] = value.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const expected = Buffer.from(sign(payload, secret))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const cookie = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FormCookie
    return cookie.v === 1 && cookie.exp * 1000 > nowMs ? cookie : null
  } catch {
    return null
  }
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url')
}
