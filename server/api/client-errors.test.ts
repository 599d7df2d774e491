import { describe, expect, test, vi } from 'vitest'
import { clientAddressResolver } from '../http/client-address.ts'
import { createMemoryRateLimiter } from '../store/rate-limit.ts'
import { clientErrorsApi } from './client-errors.ts'

const report = JSON.stringify({ message: 'Render failed', path: '/about' })

/** The endpoint alone, behind `trustedProxies` proxies, the socket being 192.0.2.1, at a clock the test moves. */
function setUp({ trustedProxies = 0 } = {}) {
  const clock = { now: 1_000_000 }
  const log = { error: vi.fn() }
  const app = clientErrorsApi({
    limiter: createMemoryRateLimiter({ limit: 10, windowMs: 60_000 }),
    clientAddress: clientAddressResolver({ trustedProxies, fromSocket: () => '192.0.2.1' }),
    log,
    now: () => clock.now,
  })
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request('/', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })
  return { clock, log, post }
}

describe('POST /api/client-errors', () => {
  test('logs a well-formed report and answers 204', async () => {
    const { log, post } = setUp()
    const response = await post(report)
    expect(response.status).toBe(204)
    expect(log.error).toHaveBeenCalledWith(
      JSON.stringify({ event: 'client-error', message: 'Render failed', path: '/about' }),
    )
  })

  test('cuts a long message and path short in the log', async () => {
    const { log, post } = setUp()
    await post(JSON.stringify({ message: 'm'.repeat(600), path: `/${'p'.repeat(300)}` }))
    expect(log.error).toHaveBeenCalledWith(
      JSON.stringify({ event: 'client-error', message: 'm'.repeat(500), path: `/${'p'.repeat(199)}` }),
    )
  })

  test('refuses a malformed report with the reason, logging nothing', async () => {
    const { log, post } = setUp()
    for (const body of ['{"message": 42}', 'not json', '{"message": "no path"}']) {
      const response = await post(body)
      expect(response.status, body).toBe(400)
      expect(await response.text(), body).toBe('Expected JSON with "message" and "path" strings')
    }
    expect(log.error).not.toHaveBeenCalled()
  })

  test('refuses a report over 4 KB', async () => {
    const { log, post } = setUp()
    const response = await post(JSON.stringify({ message: 'x'.repeat(5000), path: '/' }))
    expect(response.status).toBe(413)
    expect(log.error).not.toHaveBeenCalled()
  })
})

describe('rate limit', () => {
  test('limits one address to 10 reports a minute, and says when to try again', async () => {
    const { clock, log, post } = setUp()
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await post(report)).status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 204)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    expect(log.error).toHaveBeenCalledTimes(10)

    clock.now += 20_500
    const refused = await post(report)
    expect(refused.status).toBe(429)
    expect(await refused.text()).toBe('Too many reports')
    // 39.5 s of the minute remain: rounded up to whole seconds.
    expect(refused.headers.get('retry-after')).toBe('40')

    clock.now += 39_000
    expect((await post(report)).headers.get('retry-after')).toBe('1')
    clock.now += 500
    expect((await post(report)).status).toBe(204)
  })

  test('without trusted proxies, a client cannot escape the limit by changing X-Forwarded-For', async () => {
    const { post } = setUp({ trustedProxies: 0 })
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await post(report, { 'x-forwarded-for': `198.51.100.${i}` })).status)
    }
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  test('behind a trusted proxy, X-Forwarded-For tells clients apart', async () => {
    const { post } = setUp({ trustedProxies: 1 })
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await post(report, { 'x-forwarded-for': `198.51.100.${i}` })).status)
    }
    expect(statuses).toEqual(Array.from({ length: 12 }, () => 204))
    // One client is still limited, whatever it writes to the left of our proxy's entry.
    for (let i = 0; i < 10; i += 1) await post(report, { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.9` })
    expect((await post(report, { 'x-forwarded-for': 'forged, 203.0.113.9' })).status).toBe(429)
  })
})
