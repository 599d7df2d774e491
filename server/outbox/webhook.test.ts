import { createHmac } from 'node:crypto'
import { expect, test } from 'vitest'
import { signWebhook, verifyWebhookSignature } from './webhook.ts'

const secret = 'whsec-test-0123456789abcdef'
const body = '{"type":"lead.created","delivery":7}'
const t = 1_800_000_000

test('the signature is HMAC-SHA256 of "<t>.<body>" in hex, as Stripe signs', () => {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  expect(signWebhook(secret, body, t)).toBe(`t=${t},v1=${v1}`)
})

test('verifies the exact body with the same secret within the tolerance', () => {
  const header = signWebhook(secret, body, t)
  expect(verifyWebhookSignature({ secret, header, body, nowSeconds: t + 299 })).toBe(true)
  expect(verifyWebhookSignature({ secret, header, body, nowSeconds: t - 10 })).toBe(true)
})

test('refuses another secret, a changed body, an old or missing timestamp, a malformed header', () => {
  const header = signWebhook(secret, body, t)
  const check = (overrides: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
    verifyWebhookSignature({ secret, header, body, nowSeconds: t, ...overrides })
  expect(check({ secret: 'another-secret-0123456789' })).toBe(false)
  expect(check({ body: body.replace('7', '8') })).toBe(false)
  expect(check({ nowSeconds: t + 301 })).toBe(false)
  expect(check({ header: header.replace(`t=${t}`, `t=${t + 1}`) })).toBe(false)
  expect(check({ header: header.replace(/t=\d+,/, '') })).toBe(false)
  expect(check({ header: undefined })).toBe(false)
  expect(check({ header: 'garbage' })).toBe(false)
  expect(check({ header: `t=${t},v1=` })).toBe(false)
})

test('accepts any of several v1 values, as while the secret is rolled over', () => {
  const header = `${signWebhook('old-secret-0123456789', body, t)},${signWebhook(secret, body, t).split(',')[1]}`
  expect(verifyWebhookSignature({ secret, header, body, nowSeconds: t })).toBe(true)
})
