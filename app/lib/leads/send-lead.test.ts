import { describe, expect, it } from 'vitest'
import { backoffMs, sendLead, type LeadAction, type LeadBody } from './send-lead.ts'

const body: LeadBody = { kind: 'popup', email: 'ada@example.com', startedAt: 1000 }

type Answer = Awaited<ReturnType<LeadAction>>

/**
 * An action as the island calls it (`actions.contact` from astro:actions): it
 * answers `{ data }` or `{ error }` in turn, or throws as a lost request does,
 * and keeps each form it was called with.
 */
function fakeAction(answers: (Answer | Error)[]) {
  const forms: FormData[] = []
  const action: LeadAction = async (form) => {
    forms.push(form)
    const answer = answers.shift()
    if (!answer) throw new Error('No more answers')
    if (answer instanceof Error) throw answer
    return answer
  }
  return { action, forms }
}

const stored = (id: string): Answer => ({ data: { id } })
const failed = (status: number, fields?: Record<string, string[] | undefined>): Answer => ({
  error: { status, ...(fields ? { fields } : {}) },
})

function options() {
  const waits: number[] = []
  return {
    waits,
    options: { sleep: async (ms: number) => void waits.push(ms), newKey: () => 'key-1', now: () => 5000 },
  }
}

describe('sendLead', () => {
  it('calls the action with the lead as a form, an idempotency key and the time it was sent', async () => {
    const { action, forms } = fakeAction([stored('lead-1')])
    expect(await sendLead(action, body, options().options)).toEqual({ ok: true, id: 'lead-1' })
    expect(forms).toHaveLength(1)
    expect([...forms[0]!.entries()]).toEqual([
      ['kind', 'popup'],
      ['email', 'ada@example.com'],
      ['startedAt', '1000'],
      ['idempotencyKey', 'key-1'],
      ['sentAt', '5000'],
    ])
  })

  it('leaves out the fields the lead does not have', async () => {
    const { action, forms } = fakeAction([stored('lead-1')])
    await sendLead(action, { ...body, website: undefined, page: '/blog' }, options().options)
    expect(forms[0]!.has('website')).toBe(false)
    expect(forms[0]!.get('page')).toBe('/blog')
  })

  it('retries a failed try (no answer, 5xx, 429) 3 times with one key, waiting 1, 2 and 4 s, then gives up', async () => {
    const { action, forms } = fakeAction([new TypeError('offline'), failed(503), failed(429), failed(502)])
    const { waits, options: opts } = options()
    expect(await sendLead(action, body, opts)).toEqual({ ok: false, reason: 'failed' })
    expect(forms).toHaveLength(4)
    expect(new Set(forms.map((form) => form.get('idempotencyKey')))).toEqual(new Set(['key-1']))
    expect(waits).toEqual([1000, 2000, 4000])
  })

  it('succeeds on a retry, sending the time of that try', async () => {
    let clock = 5000
    const { action, forms } = fakeAction([failed(500), stored('lead-2')])
    const result = await sendLead(action, body, { sleep: async () => {}, newKey: () => 'key-1', now: () => clock++ })
    expect(result).toEqual({ ok: true, id: 'lead-2' })
    expect(forms.map((form) => form.get('sentAt'))).toEqual(['5000', '5001'])
    expect(forms.map((form) => form.get('idempotencyKey'))).toEqual(['key-1', 'key-1'])
  })

  it('does not retry a refused lead and hands back the first message of each field', async () => {
    const { action, forms } = fakeAction([
      failed(400, { email: ['Enter a valid email address', 'Enter your email address'], name: undefined }),
    ])
    expect(await sendLead(action, body, options().options)).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { email: 'Enter a valid email address' },
    })
    expect(forms).toHaveLength(1)
  })

  it('does not retry another refusal (403, 413): it failed', async () => {
    for (const status of [403, 413]) {
      const { action, forms } = fakeAction([failed(status)])
      const { waits, options: opts } = options()
      expect(await sendLead(action, body, opts), String(status)).toEqual({ ok: false, reason: 'failed' })
      expect(forms).toHaveLength(1)
      expect(waits).toEqual([])
    }
  })

  it('caps the doubling wait at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((retry) => backoffMs(retry))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ])
  })
})
