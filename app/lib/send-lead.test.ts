import { describe, expect, it } from 'vitest'
import { backoffMs, sendLead, type LeadBody } from './send-lead.ts'

const body: LeadBody = { kind: 'popup', email: 'ada@example.com', startedAt: 1000 }

function fakeFetch(answers: (Response | Error)[]) {
  const calls: { url: string; init: RequestInit }[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    const answer = answers.shift()
    if (!answer) throw new Error('No more answers')
    if (answer instanceof Error) throw answer
    return answer
  }) as unknown as typeof globalThis.fetch
  return { fetch, calls }
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json', ...headers } })

function options(fetch: typeof globalThis.fetch) {
  const waits: number[] = []
  return {
    waits,
    options: { fetch, sleep: async (ms: number) => void waits.push(ms), newKey: () => 'key-1', now: () => 5000 },
  }
}

describe('sendLead', () => {
  it('posts the lead as JSON with an idempotency key and the time it was sent', async () => {
    const { fetch, calls } = fakeFetch([json(201, { id: 'lead-1' })])
    expect(await sendLead(body, options(fetch).options)).toEqual({ ok: true, id: 'lead-1' })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe('/api/leads')
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', 'Idempotency-Key': 'key-1' })
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ ...body, sentAt: 5000 })
  })

  it('retries a failed try 3 times with one key, waiting 1, 2 and 4 s, then gives up', async () => {
    const { fetch, calls } = fakeFetch([new TypeError('offline'), json(503, {}), json(500, {}), json(502, {})])
    const { waits, options: opts } = options(fetch)
    expect(await sendLead(body, opts)).toEqual({ ok: false, reason: 'failed' })
    expect(calls).toHaveLength(4)
    expect(new Set(calls.map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key']))).toEqual(
      new Set(['key-1']),
    )
    expect(waits).toEqual([1000, 2000, 4000])
  })

  it('succeeds on a retry', async () => {
    const { fetch } = fakeFetch([json(503, {}), json(201, { id: 'lead-2' })])
    expect(await sendLead(body, options(fetch).options)).toEqual({ ok: true, id: 'lead-2' })
  })

  it('waits as long as Retry-After asks, up to 30 s', async () => {
    const { fetch } = fakeFetch([
      json(429, {}, { 'Retry-After': '12' }),
      json(429, {}, { 'Retry-After': '90' }),
      json(201, { id: 'x' }),
    ])
    const { waits, options: opts } = options(fetch)
    await sendLead(body, opts)
    expect(waits).toEqual([12_000, 30_000])
  })

  it('does not retry a refused lead and hands back its field messages', async () => {
    const { fetch, calls } = fakeFetch([
      json(400, { error: 'Some fields need attention', fields: { email: 'Enter a valid email address' } }),
    ])
    expect(await sendLead(body, options(fetch).options)).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { email: 'Enter a valid email address' },
    })
    expect(calls).toHaveLength(1)
  })

  it('caps the doubling wait at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((retry) => backoffMs(retry))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ])
  })
})
