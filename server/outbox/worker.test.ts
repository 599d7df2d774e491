import { expect, test } from 'vitest'
import { backoffMs, defaultOutboxSettings, deliveriesFor, redact } from './worker.ts'

const settings = { ...defaultOutboxSettings, retryBaseMs: 1000, retryMaxMs: 60_000 }

test('backoff doubles after each failed try, capped, with half of it random', () => {
  expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, settings, () => 1))).toEqual([1000, 2000, 4000, 8000])
  expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, settings, () => 0))).toEqual([500, 1000, 2000, 4000])
  expect(backoffMs(20, settings, () => 1)).toBe(60_000)
  expect(backoffMs(20, settings, () => 0)).toBe(30_000)
})

const contact = {
  kind: 'contact',
  email: 'ada@example.com',
  name: 'Ada',
  service: 'analytics',
  message: 'Hi',
} as const

test('every lead notifies the team; a popup sign-up also gets the checklist; the webhook when set', () => {
  const popup = { kind: 'popup', email: 'ada@example.com' } as const
  expect(deliveriesFor({ webhook: false })(popup)).toEqual(['checklist-mail', 'notify-mail'])
  expect(deliveriesFor({ webhook: true })(popup)).toEqual(['checklist-mail', 'notify-mail', 'webhook'])
  expect(deliveriesFor({ webhook: true })(contact)).toEqual(['notify-mail', 'webhook'])
})

test('a contact-form lead whose topic is the free marketing audit gets the audit kit too; other topics do not', () => {
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: 'audit' })).toEqual(['checklist-mail', 'notify-mail'])
  expect(deliveriesFor({ webhook: true })({ ...contact, topic: 'audit' })).toEqual([
    'checklist-mail',
    'notify-mail',
    'webhook',
  ])
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: 'strategy-call' })).toEqual(['notify-mail'])
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: 'project' })).toEqual(['notify-mail'])
  expect(deliveriesFor({ webhook: false })({ ...contact, topic: undefined })).toEqual(['notify-mail'])
})

test('e-mail addresses are masked in what goes to the logs', () => {
  expect(redact('550 5.1.1 <ada.l+x@example.co.uk>: mailbox unavailable')).toBe(
    '550 5.1.1 <[address]>: mailbox unavailable',
  )
  expect(redact('/contact/ada@example.com')).toBe('/contact/[address]')
})
