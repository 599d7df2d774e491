import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { leadIntake } from './api/lead-intake.ts'
import { readServerEnv } from './env.ts'
import { readSecurityHeaders } from './headers-file.ts'
import { deliveriesFor } from './outbox/worker.ts'
import { unlimited } from './rate-limit.ts'
import { loadRenderer, renderedPagesApp } from './rendered-pages.ts'
import { startServer } from './start.ts'
import type { LeadStore } from './store/lead-store.ts'
import { shownContactForm, writeTestBuild } from './test-build.ts'
import { attribution, contactLead as contact } from './test-leads.ts'
import { crossSiteHeaders, expectRetryWithinAMinute, postLead, startTestServer } from './test-server.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The contact page, rendered for each request, and the contact form's plain
// post without JavaScript, through the real server on a loopback port storing
// into a real SQLite file. The page is the test build's stand-in for the
// build's renderer (./test-build.ts); it shows what the server hands it. The
// rate limit is off here and tested on a server of its own.
const server = await startTestServer({ LEAD_RATE_LIMIT: '0' })
const contactUrl = `${server.url}/contact`
// The CSP the build computed for the page (scripts/postbuild.ts renders it once).
const contactCsp = readSecurityHeaders(server.env.CLIENT_DIR).pages['/contact']!

/** What the contact page shows back of `contact`: every field the visitor typed. */
const { kind: _kind, ...typed } = contact

function postForm(fields: Record<string, string>, headers: Record<string, string> = {}, url = contactUrl) {
  return fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    redirect: 'manual',
  })
}

/** The rows of a server's SQLite file, oldest first. */
function rows(databasePath = server.env.DATABASE_PATH): Record<string, unknown>[] {
  const db = new Database(databasePath, { readonly: true })
  try {
    return db.prepare('SELECT * FROM leads ORDER BY seq').all() as Record<string, unknown>[]
  } finally {
    db.close()
  }
}

/** Checks that a response is the contact page with its CSP, never cached, with no cookie. */
async function refusedPage(response: Response, status: number) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(response.headers.get('content-security-policy')).toBe(contactCsp)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('location')).toBeNull()
  expect(response.headers.get('set-cookie')).toBeNull()
  return shownContactForm(await response.text())
}

describe('GET and HEAD', () => {
  test('another method: 405, naming what /contact takes', async () => {
    const response = await fetch(contactUrl, { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
  })

  test('GET /contact: the rendered page, with its CSP (its inline script by hash) and the common headers', async () => {
    const response = await fetch(contactUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(contactCsp)
    expect(contactCsp).toMatch(/script-src 'self' 'sha256-[\w+/]+=';/)
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('set-cookie')).toBeNull()
    const html = await response.text()
    expect(html).toContain('<h1>Contact Northpeak</h1>')
    expect(shownContactForm(html)).toEqual({ errors: {}, values: {} })
  })

  test('the query reaches the page: ?topic=audit preselects the topic', async () => {
    const response = await fetch(`${contactUrl}?topic=audit`)
    expect(response.status).toBe(200)
    expect(shownContactForm(await response.text())).toEqual({ errors: {}, values: { topic: 'audit' } })
  })

  test('HEAD answers the same headers without a body', async () => {
    const response = await fetch(contactUrl, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(contactCsp)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe('')
  })
})

describe('a plain form post to /contact', () => {
  test('is stored with every field: 303 to /thank-you, no cookie', async () => {
    const before = rows().length
    const response = await postForm({
      ...contact,
      website: '',
      startedAt: String(Date.now() - 30_000),
      page: '/contact',
      ...attribution,
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/thank-you')
    expect(response.headers.get('set-cookie')).toBeNull()
    const after = rows()
    expect(after).toHaveLength(before + 1)
    expect(after.at(-1)).toEqual({
      seq: expect.any(Number),
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      created_at: expect.any(Number),
      kind: 'contact',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      company: 'Analytical Engines Ltd',
      service: 'paid-ads',
      budget: '5k-15k',
      message: 'We would like more qualified leads from search.',
      topic: 'audit',
      page: '/contact',
      referrer_host: 'www.google.com',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'audit-q1',
      utm_term: 'marketing audit',
      utm_content: 'ad-2',
      idempotency_key: null,
    })
  })

  test('the fields a visitor left empty are stored as absent', async () => {
    const response = await postForm({ ...contact, company: '', budget: '', topic: '', website: '' })
    expect(response.status).toBe(303)
    expect(rows().at(-1)).toMatchObject({ name: 'Ada Lovelace', company: null, budget: null, topic: null })
  })

  test('a wrong field: 400, the page again with each error beside its field and what was typed, nothing stored', async () => {
    const before = rows().length
    const response = await postForm({
      kind: 'contact',
      name: 'Ada Lovelace',
      email: 'ada@example',
      company: 'Analytical Engines Ltd',
      service: 'paid-ads',
      budget: '',
      message: '',
      topic: 'audit',
      website: '',
    })
    expect(await refusedPage(response, 400)).toEqual({
      errors: {
        email: 'Enter a valid email address, like name@company.com',
        message: 'Tell us a little about your project',
      },
      values: {
        name: 'Ada Lovelace',
        email: 'ada@example',
        company: 'Analytical Engines Ltd',
        service: 'paid-ads',
        topic: 'audit',
      },
    })
    expect(rows()).toHaveLength(before)
  })

  test('every required field empty: one message for each, nothing stored', async () => {
    const before = rows().length
    const response = await postForm({ name: ' ', email: '', service: '', message: '', budget: 'lots' })
    expect(await refusedPage(response, 400)).toEqual({
      errors: {
        name: 'Enter your name',
        email: 'Enter your email address',
        service: 'Choose the service you are interested in',
        budget: 'Choose one of the budget ranges',
        message: 'Tell us a little about your project',
      },
      values: { name: ' ', budget: 'lots' },
    })
    expect(rows()).toHaveLength(before)
  })

  test('a message with line breaks as the browser posts them (CRLF): stored with LF', async () => {
    const response = await postForm({ ...contact, message: 'Two things:\r\n1. search\r\n\r\n2. ads\r\n' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/thank-you')
    expect(rows().at(-1)).toMatchObject({ name: 'Ada Lovelace', message: 'Two things:\n1. search\n\n2. ads' })
  })

  test('a control character in a field: 400, its message beside the field, nothing stored (issue 38)', async () => {
    const before = rows().length
    const response = await postForm({ ...contact, name: 'Ada\rLovelace', message: 'Hello\rthere' })
    expect(await refusedPage(response, 400)).toEqual({
      errors: {
        name: 'Remove the control characters from your name',
        message: 'Remove the control characters from your message',
      },
      values: { ...typed, name: 'Ada\rLovelace', message: 'Hello\rthere' },
    })
    expect(rows()).toHaveLength(before)
  })

  test('the key of a hidden idempotencyKey field: sent twice, stored once', async () => {
    const before = rows().length
    const fields = { ...contact, idempotencyKey: 'contact-form-0001' }
    const first = await postForm(fields)
    const again = await postForm(fields)
    expect([first.status, again.status]).toEqual([303, 303])
    expect(again.headers.get('location')).toBe('/thank-you')
    expect(rows()).toHaveLength(before + 1)
    expect(rows().at(-1)).toMatchObject({ idempotency_key: 'contact-form-0001', email: 'ada@example.com' })
  })
})

describe('bots are answered like people and stored nowhere', () => {
  test('a filled honeypot: 303 to /thank-you, no row, a log line', async () => {
    const before = rows().length
    const response = await postForm({ ...contact, website: 'https://spam.example' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/thank-you')
    expect(rows()).toHaveLength(before)
    expect(server.logs).toContain('{"event":"lead_dropped","reason":"honeypot"}')
  })

  test('a post that says it was filled within 2 s (startedAt): 303 to /thank-you, no row; after 5 s, stored', async () => {
    const before = rows().length
    const fast = await postForm({ ...contact, startedAt: String(Date.now() - 1500) })
    expect(fast.status).toBe(303)
    expect(fast.headers.get('location')).toBe('/thank-you')
    expect(rows()).toHaveLength(before)
    expect(server.logs).toContain('{"event":"lead_dropped","reason":"too_fast"}')

    const person = await postForm({ ...contact, startedAt: String(Date.now() - 5000) })
    expect(person.status).toBe(303)
    expect(rows()).toHaveLength(before + 1)
  })
})

describe('refused posts store nothing', () => {
  test('415 for anything but a form post', async () => {
    const before = rows().length
    for (const type of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await fetch(contactUrl, {
        method: 'POST',
        body: type === 'application/json' ? JSON.stringify(contact) : new URLSearchParams(contact).toString(),
        headers: { 'content-type': type },
        redirect: 'manual',
      })
      expect(response.status, type).toBe(415)
      expect(await response.text(), type).toBe('Send the form as a form post')
    }
    expect(rows()).toHaveLength(before)
  })

  test('403 when Origin or Sec-Fetch-Site shows another site', async () => {
    const before = rows().length
    for (const headers of crossSiteHeaders(server.url)) {
      const response = await postForm(contact, headers)
      expect(response.status, JSON.stringify(headers)).toBe(403)
      expect(await response.text(), JSON.stringify(headers)).toBe('Messages are taken from this site only')
    }
    expect(rows()).toHaveLength(before)

    const allowed: Record<string, string>[] = [
      { origin: server.url, 'sec-fetch-site': 'same-origin' },
      // The site's public origin (SITE_ORIGIN), as when a proxy in front rewrites Host.
      { origin: 'https://northpeak.example' },
    ]
    for (const headers of allowed) {
      const response = await postForm(contact, headers)
      expect(response.status, JSON.stringify(headers)).toBe(303)
    }
    expect(rows()).toHaveLength(before + allowed.length)
  })

  test('413 past 16 KB', async () => {
    const before = rows().length
    const response = await postForm({ ...contact, message: 'm'.repeat(17 * 1024) })
    expect(response.status).toBe(413)
    expect(await response.text()).toBe('A message is at most 16 KB')
    expect(rows()).toHaveLength(before)
  })
})

test('logs one line per request and nothing a visitor typed', async () => {
  await postForm({ ...contact, email: 'grace@example.org', name: 'Grace Hopper', message: 'Secret plans' })
  await postForm({ ...contact, email: 'bad@', name: 'Barbara Liskov' })
  const requests = server.logs.filter((line) => line.includes('"event":"request"'))
  expect(requests.at(-2)).toMatch(/^\{"event":"request","method":"POST","path":"\/contact","status":303,"ms":[\d.]+\}$/)
  expect(requests.at(-1)).toMatch(/^\{"event":"request","method":"POST","path":"\/contact","status":400,"ms":[\d.]+\}$/)
  const all = server.logs.join('\n')
  for (const personal of ['grace@example.org', 'Grace Hopper', 'Secret plans', 'bad@', 'Barbara Liskov']) {
    expect(all).not.toContain(personal)
  }
})

describe('rate limit', async () => {
  const limited = await startTestServer({ LEAD_RATE_LIMIT: '3' })
  test('past LEAD_RATE_LIMIT submissions a minute, the JSON API and the form counted together: 429, the page with a message, Retry-After', async () => {
    const postJson = () => postLead(limited.url, { kind: 'popup', email: 'ada@example.com' })
    const post = () => postForm(contact, {}, `${limited.url}/contact`)
    expect([(await postJson()).status, (await post()).status, (await postJson()).status]).toEqual([201, 303, 201])

    const refused = await post()
    expectRetryWithinAMinute(refused)
    expect(await refusedPage(refused, 429)).toEqual({
      formError: 'Too many messages from your address: try again in a minute.',
      errors: {},
      values: typed,
    })
    expect((await postJson()).status).toBe(429)
    expect(rows(limited.env.DATABASE_PATH)).toHaveLength(3)
  })
})

describe('alone, with the test build', async () => {
  const clientDir = await writeTestBuild()
  const renderPage = await loadRenderer(path.dirname(clientDir))
  const pageCsp = readSecurityHeaders(clientDir).pages
  const log = { info: vi.fn() }
  const app = (store: Pick<LeadStore, 'insertLead'>) =>
    renderedPagesApp({
      paths: ['/contact'],
      renderPage,
      pageCsp,
      intake: leadIntake({
        store: store as LeadStore,
        log,
        now: Date.now,
        deliveriesFor: deliveriesFor({ webhook: false }),
      }),
      limiter: unlimited,
      clientAddress: () => '192.0.2.1',
      now: Date.now,
    })

  test('the store fails: 503, the page with a message and what was typed, and a log line without it', async () => {
    const failing = app({ insertLead: () => Promise.reject(new Error('SQLITE_IOERR: ada@example.com')) })
    const response = await failing.request('/contact', {
      method: 'POST',
      body: new URLSearchParams(contact).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(response.status).toBe(503)
    expect(response.headers.get('content-security-policy')).toBe(pageCsp['/contact'])
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(shownContactForm(await response.text())).toEqual({
      formError: 'Your message could not be sent. Please try again in a moment.',
      errors: {},
      values: typed,
    })
    expect(log.info.mock.calls).toEqual([['{"event":"lead_store_failed"}']])
  })

  test('a plain GET renders each URL once: the same page and ETag again, 304 for that ETag; a refused post renders anew', async () => {
    const rendered: string[] = []
    const counting = renderedPagesApp({
      paths: ['/contact'],
      renderPage: (request, locals) => {
        rendered.push(`${request.method} ${new URL(request.url).search}${locals.contactForm ? ' refused' : ''}`)
        return renderPage(request, locals)
      },
      pageCsp,
      intake: async () => ({ kind: 'invalid', errors: { email: 'Enter a valid email address' } }),
      limiter: unlimited,
      clientAddress: () => '192.0.2.1',
      now: Date.now,
    })
    const first = await counting.request('/contact')
    const firstHtml = await first.text()
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/"[\w-]{16}"$/)
    const again = await counting.request('/contact')
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('content-security-policy')).toBe(pageCsp['/contact'])
    expect(again.headers.get('cache-control')).toBe('no-cache')
    expect(await again.text()).toBe(firstHtml)
    const head = await counting.request('/contact', { method: 'HEAD' })
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, ''])
    const revalidated = await counting.request('/contact', { headers: { 'if-none-match': etag! } })
    expect([revalidated.status, await revalidated.text()]).toEqual([304, ''])
    expect(revalidated.headers.get('cache-control')).toBe('no-cache')

    const audit = await counting.request('/contact?topic=audit')
    expect(shownContactForm(await audit.text())).toEqual({ errors: {}, values: { topic: 'audit' } })
    expect(audit.headers.get('etag')).not.toBe(etag)
    await counting.request('/contact?topic=audit')

    const post = () =>
      counting.request('/contact', {
        method: 'POST',
        body: new URLSearchParams({ ...contact, email: 'not-an-address' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    for (const response of [await post(), await post()]) {
      expect(response.status).toBe(400)
      expect(response.headers.get('etag')).toBeNull()
      expect(shownContactForm(await response.text()).values.email).toBe('not-an-address')
    }
    expect(rendered).toEqual(['GET ', 'GET ?topic=audit', 'GET  refused', 'GET  refused'])
  })

  test('refuses to start when a page rendered on demand has no CSP in the headers file', () => {
    const { '/contact': _, ...withoutContact } = pageCsp
    expect(() =>
      renderedPagesApp({
        paths: ['/contact'],
        renderPage,
        pageCsp: withoutContact,
        intake: async () => ({ kind: 'unavailable' }),
        limiter: unlimited,
        clientAddress: () => '192.0.2.1',
        now: Date.now,
      }),
    ).toThrow('/contact has no Content-Security-Policy in the headers file: run the build again')
  })
})

test('a build without its renderer stops the server at start, naming the file', async () => {
  const clientDir = await writeTestBuild()
  const entry = path.join(path.dirname(clientDir), 'server', 'entry.mjs')
  rmSync(entry)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-data-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const env = { ...readServerEnv({ CLIENT_DIR: clientDir, DATA_DIR: dataDir, HOST: '127.0.0.1' }), PORT: 0 }
  await expect(startServer(env, { log: { info: () => {}, error: () => {} } })).rejects.toThrow(
    `${entry} is missing: run the build first`,
  )
})
