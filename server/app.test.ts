import { createHash } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { createApp } from './app.ts'
import { clientAddressResolver } from './client-address.ts'
import { deliveriesFor } from './outbox/worker.ts'
import { loadRenderer } from './rendered-pages.ts'
import { openTestStore } from './store/test-store.ts'
import { contactInlineScript, inlineScript, shownContactForm, writeTestBuild } from './test-build.ts'

// The composition: each part is tested alone beside its module; these tests
// check that createApp mounts them all, in the right order, on one app.
const dir = await writeTestBuild()
// The test build's renderer of /contact, as server/start.ts loads the build's.
const renderPage = await loadRenderer(path.dirname(dir))
const log = { error: vi.fn(), info: vi.fn() }
const clock = { now: 1_000_000 }
const { store } = openTestStore()
const leads = { store, deliveriesFor: deliveriesFor({ webhook: false }) }
// As if behind one proxy, whose X-Forwarded-For names the client.
const app = createApp({
  clientDir: dir,
  renderPage,
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
      '/contact': await app.request('/contact'),
      'a refused form post': await app.request('/contact', { method: 'POST', body: '{}' }),
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
    expect(responses['a refused form post'].status).toBe(415)
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

  test('the page rendered on demand carries its CSP, which lets its inline script run', async () => {
    const csp = (await app.request('/contact')).headers.get('content-security-policy')!
    const hash = createHash('sha256').update(contactInlineScript).digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`)
    expect(csp.match(/sha256-/g)).toHaveLength(1)
  })

  test("the pages' CSP comes from the build's headers file, read at start", async () => {
    const built = await writeTestBuild()
    const file = path.join(built, '_headers.json')
    const headers = JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, string> }
    headers.pages['/about'] = "default-src 'self'; frame-ancestors 'none'; report-to built"
    headers.pages['/contact'] = "default-src 'self'; frame-ancestors 'none'; report-to rendered"
    writeFileSync(file, JSON.stringify(headers))
    const fromFile = createApp({ clientDir: built, renderPage, log, leads })
    expect((await fromFile.request('/about')).headers.get('content-security-policy')).toBe(
      "default-src 'self'; frame-ancestors 'none'; report-to built",
    )
    expect((await fromFile.request('/contact')).headers.get('content-security-policy')).toBe(
      "default-src 'self'; frame-ancestors 'none'; report-to rendered",
    )
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

describe('/contact, the page rendered on demand', () => {
  const contact = {
    kind: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    service: 'paid-ads',
    message: 'We would like more qualified leads from search.',
  }
  const postForm = (fields: Record<string, string>, address: string) =>
    app.request('/contact', {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    })
  const postJson = (address: string) =>
    app.request('/api/leads', {
      method: 'POST',
      body: JSON.stringify(contact),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    })

  test("GET renders the page through the build's renderer, revalidated like the other pages", async () => {
    const response = await app.request('/contact')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(shownContactForm(await response.text())).toEqual({ errors: {}, values: {} })
    // One address per page, as for the files.
    const slash = await app.request('/contact/')
    expect(slash.status).toBe(301)
    expect(slash.headers.get('location')).toBe('/contact')
  })

  test('a plain form post is stored by the same intake as the JSON API: 303 to /thank-you', async () => {
    const before = await store.countLeads()
    const response = await postForm(contact, '203.0.113.30')
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/thank-you')
    expect(await store.countLeads()).toBe(before + 1)
    expect((await store.exportLeads()).at(-1)).toMatchObject({ ...contact, company: null })
  })

  test('the JSON API and the form post count against one limit per address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 3; i += 1) statuses.push((await postJson('203.0.113.31')).status)
    for (let i = 0; i < 3; i += 1) statuses.push((await postForm(contact, '203.0.113.31')).status)
    expect(statuses).toEqual([201, 201, 201, 303, 303, 303])
    expect((await postForm(contact, '203.0.113.31')).status).toBe(429)
    expect((await postJson('203.0.113.31')).status).toBe(429)
  })

  test('only the pages of the headers file that are no file of the build are rendered', async () => {
    const asked: string[] = []
    const spied = createApp({
      clientDir: dir,
      log,
      leads,
      renderPage: (request, locals) => {
        asked.push(new URL(request.url).pathname)
        return renderPage(request, locals)
      },
    })
    for (const url of ['/', '/about', '/contact', '/nope', '/404.html']) await spied.request(url)
    expect(asked).toEqual(['/contact'])

    // A build whose headers file lists no /contact renders nothing: the path is unknown.
    const built = await writeTestBuild()
    const file = path.join(built, '_headers.json')
    const headers = JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, string> }
    delete headers.pages['/contact']
    writeFileSync(file, JSON.stringify(headers))
    const withoutContact = createApp({ clientDir: built, renderPage, log, leads })
    const missing = await withoutContact.request('/contact')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('find that page')
  })
})

test("/api/health answers with the store's outbox counts, the security headers on", async () => {
  const response = await app.request('/api/health')
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ ok: true, database: 'reachable', outbox: { failed: 0 } })
  expect(response.headers.get('x-frame-options')).toBe('DENY')
})

test("/api/health reports the outbox worker's state it is given: 503 while its rounds fail", async () => {
  const failing = createApp({
    clientDir: dir,
    renderPage,
    log,
    leads,
    outboxStatus: () => ({ state: 'failing', since: 0, failedRounds: 1, error: 'SQLITE_FULL' }),
  })
  const response = await failing.request('/api/health')
  expect(response.status).toBe(503)
  expect(await response.json()).toMatchObject({ ok: false, outbox: { worker: 'failing', error: 'SQLITE_FULL' } })
})

test('each endpoint gets its limiter from the factory it is given, by scope', async () => {
  const scopes: { scope: string; limit: number; windowMs: number }[] = []
  createApp({
    clientDir: dir,
    renderPage,
    log,
    leads,
    rateLimiter: (options) => {
      scopes.push(options)
      return { hit: async () => ({ allowed: true, retryAfterMs: 0 }), close() {} }
    },
  })
  // The JSON API and the contact form's plain post share the one `leads` limiter.
  expect(scopes.toSorted((x, y) => x.scope.localeCompare(y.scope))).toEqual([
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
    expect(() => createApp({ clientDir: path.join(dir, 'assets'), renderPage, leads })).toThrow(
      /no not-found page at \/404\.html: run the build first/,
    )
  })

  test('with no headers file', async () => {
    const built = await writeTestBuild()
    rmSync(path.join(built, '_headers.json'))
    expect(() => createApp({ clientDir: built, renderPage, leads })).toThrow(/no _headers.json .*: run the build first/)
  })
})
