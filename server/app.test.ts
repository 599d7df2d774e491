import { createHash } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { createApp } from './app.ts'
import { clientAddressResolver } from './client-address.ts'
import { deliveriesFor } from './outbox/worker.ts'
import { openTestStore } from './store/test-store.ts'
import { inlineScript, writeTestBuild } from './test-build.ts'

// The composition: each part is tested alone beside its module; these tests
// check that createApp mounts them all, in the right order, on one app.
const dir = writeTestBuild()
const log = { error: vi.fn(), info: vi.fn() }
const clock = { now: 1_000_000 }
const { store } = openTestStore()
const leads = { store, deliveriesFor: deliveriesFor({ webhook: false }) }
// As if behind one proxy, whose X-Forwarded-For names the client.
const app = createApp({
  clientDir: dir,
  log,
  leads,
  now: () => clock.now,
  clientAddress: clientAddressResolver({ trustedProxies: 1, fromSocket: () => '10.0.0.1' }),
})

test('serves pages, the not-found page and assets', async () => {
  const page = await app.request('/about')
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<h1>About Northpeak</h1>')
  const missing = await app.request('/nope')
  expect(missing.status).toBe(404)
  expect(await missing.text()).toContain('find that page')
  expect((await app.request('/assets/app-1a2b3c.js')).status).toBe(200)
  expect((await app.request('/about/')).status).toBe(301)
})

describe('security headers', () => {
  test('every response carries them', async () => {
    const responses = {
      '/about': await app.request('/about'),
      '/nope': await app.request('/nope'),
      '/assets/app-1a2b3c.js': await app.request('/assets/app-1a2b3c.js'),
      'a redirect': await app.request('/about/'),
      '405': await app.request('/about', { method: 'DELETE' }),
      'an API answer': await app.request('/api/client-errors', { method: 'POST', body: '{}' }),
    }
    for (const [url, response] of Object.entries(responses)) {
      const headers = response.headers
      expect(headers.get('strict-transport-security'), url).toBe('max-age=63072000; includeSubDomains')
      expect(headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin')
      expect(headers.get('permissions-policy'), url).toContain('camera=()')
      expect(headers.get('x-frame-options'), url).toBe('DENY')
      expect(headers.get('cross-origin-opener-policy'), url).toBe('same-origin')
      expect(headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'")
    }
    expect(responses['/assets/app-1a2b3c.js'].headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    )
  })

  test("a page's CSP lets exactly its own inline scripts run", async () => {
    const csp = (await app.request('/about')).headers.get('content-security-policy')!
    const hash = createHash('sha256').update(inlineScript).digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
    // JSON-LD is data, not a script to allow; the module script loads from 'self'.
    expect(csp.match(/sha256-/g)).toHaveLength(1)
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toMatch(/script-src [^;]*/)
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain('unsafe-inline')
  })

  test("the pages' CSP comes from the build's headers file, read at start", async () => {
    const built = writeTestBuild()
    const file = path.join(built, '_headers.json')
    const headers = JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, string> }
    headers.pages['/about'] = "default-src 'self'; frame-ancestors 'none'; report-to built"
    writeFileSync(file, JSON.stringify(headers))
    const csp = (await createApp({ clientDir: built, log, leads }).request('/about')).headers.get(
      'content-security-policy',
    )
    expect(csp).toBe("default-src 'self'; frame-ancestors 'none'; report-to built")
  })

  test('the headers files are not served', async () => {
    for (const url of ['/_headers.json', '/_headers']) {
      const response = await app.request(url)
      expect(response.status, url).toBe(404)
      expect(await response.text(), url).toContain('find that page')
    }
  })
})

describe('/api/client-errors', () => {
  const post = (body: string, address: string) =>
    app.request('/api/client-errors', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    })

  test('takes a report', async () => {
    const response = await post(JSON.stringify({ message: 'Render failed', path: '/about' }), '203.0.113.9')
    expect(response.status).toBe(204)
    expect(log.error).toHaveBeenCalledWith(
      JSON.stringify({ event: 'client-error', message: 'Render failed', path: '/about' }),
    )
  })

  test('limits one address to 10 reports a minute, counted with the given clock', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await post(JSON.stringify({ message: 'again', path: '/' }), '198.51.100.7')).status)
    }
    expect(statuses.slice(0, 10).every((status) => status === 204)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    clock.now += 30_000
    expect((await post('{}', '198.51.100.7')).headers.get('retry-after')).toBe('30')
  })

  test('answers only POST: a GET is an unknown page, other methods are refused', async () => {
    const get = await app.request('/api/client-errors')
    expect(get.status).toBe(404)
    expect(await get.text()).toContain('find that page')
    expect((await app.request('/api/client-errors', { method: 'PUT' })).status).toBe(405)
  })
})

describe('/api/leads', () => {
  test('stores a lead and answers its id', async () => {
    const before = await store.countLeads()
    const response = await app.request('/api/leads', {
      method: 'POST',
      body: JSON.stringify({ kind: 'popup', email: 'ada@example.com' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.20' },
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect((await store.exportLeads()).map((lead) => lead.id)).toContain(id)
    expect(await store.countLeads()).toBe(before + 1)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('limits one address to 6 submissions a minute by default', async () => {
    const post = () =>
      app.request('/api/leads', {
        method: 'POST',
        body: JSON.stringify({ kind: 'popup', email: 'ada@example.com' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.21' },
      })
    const statuses: number[] = []
    for (let i = 0; i < 7; i += 1) statuses.push((await post()).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429])
  })
})

test("/api/health answers with the store's outbox counts, the security headers on", async () => {
  const response = await app.request('/api/health')
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ ok: true, database: 'reachable', outbox: { failed: 0 } })
  expect(response.headers.get('x-frame-options')).toBe('DENY')
})

test('each endpoint gets its limiter from the factory it is given, by scope', async () => {
  const scopes: { scope: string; limit: number; windowMs: number }[] = []
  createApp({
    clientDir: dir,
    log,
    leads,
    rateLimiter: (options) => {
      scopes.push(options)
      return { hit: async () => ({ allowed: true, retryAfterMs: 0 }) }
    },
  })
  expect(scopes).toEqual([
    { scope: 'client-errors', limit: 10, windowMs: 60_000 },
    { scope: 'leads', limit: 6, windowMs: 60_000 },
  ])
})

test('logs one JSON line per request: method, path without the query, status, duration', async () => {
  log.info.mockClear()
  await app.request('/about?utm_source=news&email=ada@example.com')
  await app.request('/nope')
  const lines = log.info.mock.calls.map(([line]) => JSON.parse(line as string) as Record<string, unknown>)
  expect(lines).toEqual([
    { event: 'request', method: 'GET', path: '/about', status: 200, ms: expect.any(Number) },
    { event: 'request', method: 'GET', path: '/nope', status: 404, ms: expect.any(Number) },
  ])
})

describe('refuses to start without a build', () => {
  test('with no not-found page', () => {
    expect(() => createApp({ clientDir: path.join(dir, 'assets'), leads })).toThrow(
      /no not-found page at \/404: run the build first/,
    )
  })

  test('with no headers file', () => {
    const built = writeTestBuild()
    rmSync(path.join(built, '_headers.json'))
    expect(() => createApp({ clientDir: built, leads })).toThrow(/no _headers.json .*: run the build first/)
  })
})
