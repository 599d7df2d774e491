import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { RATE_LIMIT_WINDOW_MS } from '#app/lib/leads/retention.ts'
import { themeScript } from '#app/lib/browser/theme.ts'
import { inlineScriptSources, parseCsp } from '#tests/gates/security-headers.ts'
import { createApp } from './app.ts'
import { clientAddressResolver } from './http/client-address.ts'
import { readServerEnv } from './env.ts'
import { readSecurityHeaders, writeSecurityHeaders } from './hosting/headers-file.ts'
import { loadRenderer } from './http/pages.ts'
import { createMemoryRateLimiter } from './store/rate-limit.ts'
import { indexStaticFiles } from './hosting/static-files.ts'
import { openTestStore } from './store/test-store.ts'
import { aboutHeading, hashedScript, shownContactForm } from './test-pages.ts'
import { builtClientDir, testServices } from './test-server.ts'

// The composition: each part is tested alone beside its module; these tests
// check that createApp mounts them all, in the right order, on one app, over
// the site's real build and its renderer, as server/start.ts loads them
// (docs/decisions/045-astro-owns-pages-forms-and-content.md).
const dir = builtClientDir()
const renderPage = await loadRenderer(path.dirname(dir))
const script = hashedScript(indexStaticFiles(dir)).urlPath
const log = { error: vi.fn(), info: vi.fn() }
const clock = { now: 1_000_000 }
const { store } = openTestStore()
// Every write counts against one limit per address: LEAD_RATE_LIMIT, 6 a minute unless set (server/start.ts).
const defaultLimit = readServerEnv({}).LEAD_RATE_LIMIT
const writeLimiter = createMemoryRateLimiter({ limit: defaultLimit, windowMs: RATE_LIMIT_WINDOW_MS })
afterAll(() => writeLimiter.close())
const { services } = testServices({ store, now: () => clock.now, writeLimiter })
// As if behind one proxy, whose X-Forwarded-For names the client: `app.request()` has no socket.
const clientAddress = clientAddressResolver({ trustedProxies: 1, fromSocket: () => '10.0.0.1' })
const app = createApp({ clientDir: dir, renderPage, services, store, log, clientAddress })

/** A client folder of its own holding files of the real build (`files`, by path), removed after the test. */
function clientFolderWith(files: string[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'client-'))
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }))
  for (const file of files) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true })
    copyFileSync(path.join(dir, file), path.join(folder, file))
  }
  return folder
}

/** The source that lets an inline script run under a CSP. */
const sha256Source = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

test('serves pages, the not-found page and assets', async () => {
  const page = await app.request('/about')
  expect(page.status).toBe(200)
  expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(await page.text())?.[1]).toBe(aboutHeading)
  const missing = await app.request('/nope')
  expect(missing.status).toBe(404)
  expect(await missing.text()).toContain('find that page')
  expect((await app.request(script)).status).toBe(200)
  expect((await app.request('/about/')).status).toBe(301)
})

test("a moved address (Astro's redirects, from the build's headers file) answers 301 to where it went, the query kept", async () => {
  const moved = await app.request('/blog/category/video?utm_source=newsletter')
  expect(moved.status).toBe(301)
  expect(moved.headers.get('location')).toBe('/blog/category/paid-ads-and-social?utm_source=newsletter')
  expect(moved.headers.get('x-content-type-options')).toBe('nosniff')
  expect((await app.request('/blog/category/paid-ads-and-social')).status).toBe(200)
  // Only the address itself: a longer one is no page.
  expect((await app.request('/blog/category/video/more')).status).toBe(404)
})

describe('security headers', () => {
  test('every response carries them', async () => {
    const responses = {
      '/about': await app.request('/about'),
      '/nope': await app.request('/nope'),
      [script]: await app.request(script),
      'a redirect': await app.request('/about/'),
      '405': await app.request('/about', { method: 'DELETE' }),
      'an API answer': await app.request('/api/client-errors', { method: 'POST', body: '{}' }),
      '/contact': await app.request('/contact'),
      'a refused form post': await app.request('/contact?_action=contact', {
        method: 'POST',
        body: 'kind=contact',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.2' },
      }),
      'a refused lead': await app.request('/api/leads', { method: 'POST', body: '{}' }),
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
    expect(responses[script]!.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(responses['a refused form post'].status).toBe(400)
    expect(responses['a refused lead'].status).toBe(415)
  })

  test("a page's CSP lets its own inline scripts run, the theme's among them, and nothing else inline", async () => {
    const response = await app.request('/about')
    const csp = response.headers.get('content-security-policy')!
    const scripts = parseCsp(csp).get('script-src')!
    // Astro also lists its islands' scripts, loaded when an island wakes (docs/decisions/045-...).
    for (const hash of inlineScriptSources(await response.text())) expect(scripts).toContain(hash)
    expect(scripts).toContain(sha256Source(themeScript()))
    expect(scripts[0]).toBe("'self'")
    expect(scripts.filter((source) => source !== "'self'").every((source) => source.startsWith("'sha256-"))).toBe(true)
    expect(csp).not.toContain('unsafe-eval')
  })

  test('the page rendered on demand carries its CSP from Astro, which lets its inline scripts run', async () => {
    const response = await app.request('/contact')
    const csp = response.headers.get('content-security-policy')!
    const scripts = parseCsp(csp).get('script-src')!
    const inline = inlineScriptSources(await response.text())
    expect(inline).toContain(sha256Source(themeScript()))
    for (const hash of inline) expect(scripts).toContain(hash)
    expect(parseCsp(csp).get('frame-ancestors')).toEqual(["'none'"])
    expect(scripts).not.toContain("'unsafe-inline'")
    // Asked again, the render Astro kept (`Astro.cache`) comes with the same policy.
    expect((await app.request('/contact')).headers.get('content-security-policy')).toBe(csp)
  })

  test("the pre-rendered pages' CSP comes from the build's headers file, read at start; a rendered page's from Astro", async () => {
    const built = clientFolderWith(['404.html', 'about/index.html'])
    const { pages } = readSecurityHeaders(dir)
    writeSecurityHeaders(built, {
      [NOT_FOUND_PATH]: pages[NOT_FOUND_PATH]!,
      '/about': `${pages['/about']} report-to built`,
      '/contact': "default-src 'self'; frame-ancestors 'none'; report-to rendered",
    })
    const fromFile = createApp({ clientDir: built, renderPage, services, store, log, clientAddress })
    expect((await fromFile.request('/about')).headers.get('content-security-policy')).toBe(
      `${pages['/about']} report-to built`,
    )
    const contact = (await fromFile.request('/contact')).headers.get('content-security-policy')
    expect(contact).toBe((await app.request('/contact')).headers.get('content-security-policy'))
    expect(contact).not.toContain('report-to')
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

  test("limits one address to 10 reports a minute, counted with the services' clock", async () => {
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
    expect(defaultLimit).toBe(6)
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
  // A form without JavaScript posts to the page with the action's query (app/pages/contact.astro).
  const postForm = (fields: Record<string, string>, address: string) =>
    app.request('/contact?_action=contact', {
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
    expect(shownContactForm(await response.text())).toEqual({
      errors: {},
      values: {},
      status: 'A strategist replies within one business day.',
    })
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

  test("the build's files are never handed to its renderer; what is no file is, and answers 404 when it has no route", async () => {
    const asked: string[] = []
    const spied = createApp({
      clientDir: dir,
      services,
      store,
      log,
      clientAddress,
      renderPage: (request, context) => {
        asked.push(new URL(request.url).pathname)
        return renderPage(request, context)
      },
    })
    const statuses: number[] = []
    for (const url of ['/', '/about', script, '/contact', '/nope']) statuses.push((await spied.request(url)).status)
    expect(asked).toEqual(['/contact', '/nope'])
    expect(statuses).toEqual([200, 200, 200, 200, 404])
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
    services,
    store,
    log,
    outboxStatus: () => ({ state: 'failing', since: 0, failedRounds: 1, error: 'SQLITE_FULL' }),
  })
  const response = await failing.request('/api/health')
  expect(response.status).toBe(503)
  expect(await response.json()).toMatchObject({ ok: false, outbox: { worker: 'failing', error: 'SQLITE_FULL' } })
})

test('the client errors get their limiter from the factory it is given, by scope', async () => {
  const scopes: { scope: string; limit: number; windowMs: number }[] = []
  createApp({
    clientDir: dir,
    renderPage,
    services,
    store,
    log,
    rateLimiter: (options) => {
      scopes.push(options)
      return { hit: async () => ({ allowed: true, retryAfterMs: 0 }), close() {} }
    },
  })
  // The writes (leads, bookings) share the one limiter of the services (`writeLimiter`, server/start.ts).
  expect(scopes).toEqual([{ scope: 'client-errors', limit: 10, windowMs: 60_000 }])
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
    expect(() => createApp({ clientDir: path.join(dir, 'assets'), renderPage, services, store })).toThrow(
      /no not-found page at \/404\.html: run the build first/,
    )
  })

  test('with no headers file', () => {
    const built = clientFolderWith(['404.html'])
    expect(readFileSync(path.join(built, '404.html'), 'utf8')).toContain('find that page')
    expect(() => createApp({ clientDir: built, renderPage, services, store })).toThrow(
      /no _headers.json .*: run the build first/,
    )
  })
})
