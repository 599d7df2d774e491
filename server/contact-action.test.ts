import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { UNREADABLE_FORM } from '#app/lib/leads/lead-constants.ts'
import { fieldsFor } from '#app/lib/leads/contact-form.ts'
import { attribute, elementsByTag, findElements, parseHtml, textOf, type HtmlElement } from '#tests/gates/html-dom.ts'
import { readServerEnv } from './env.ts'
import { MAX_POST_BYTES } from './http/pages.ts'
import { startServer } from './start.ts'
import { attribution, contactLead as contact } from './leads/test-leads.ts'
import { builtClientDir, crossSiteHeaders, expectRetryWithinAMinute, postLead, startTestServer } from './test-server.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The contact page (app/pages/contact.astro) and the contact form's plain post
// without JavaScript to the contact action on it (`POST /contact?_action=contact`,
// app/actions/index.ts; docs/decisions/045-astro-owns-pages-forms-and-content.md),
// through the real server and the site's real build on a loopback port, storing
// into a real SQLite file. What a test checks is what the page shows: it reads
// the HTML the server answered. The rate limit is off here and tested on a
// server of its own, as is a store that fails.
const server = await startTestServer({ LEAD_RATE_LIMIT: '0' })
const contactUrl = `${server.url}/contact`
/** Where the form posts (its `action`, checked on the page below). */
const actionPath = '/contact?_action=contact'

/** What the contact page shows back of `contact`: every field the visitor typed. */
const { kind: _kind, ...typed } = contact

/** What the form says under its button when nothing went wrong. */
const QUIET_STATUS = 'A strategist replies within one business day.'

function postForm(fields: Record<string, string>, headers: Record<string, string> = {}, url = server.url) {
  return fetch(`${url}${actionPath}`, {
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

/** What the contact form shows: the line under its button, each field's error beside it, each value filled in. */
interface ShownContactForm {
  status: string
  errors: Record<string, string>
  values: Record<string, string>
  /** Where the form posts, as written. */
  action: string
}

/** The value a control sends: an input's `value`, a textarea's text, a select's selected option. */
function valueOf(control: HtmlElement): string {
  if (control.name === 'textarea') return textOf(control)
  if (control.name === 'select') {
    const selected = elementsByTag(control, 'option').find((option) => attribute(option, 'selected') !== undefined)
    return selected ? (attribute(selected, 'value') ?? '') : ''
  }
  return attribute(control, 'value') ?? ''
}

/** Reads the contact form of the page's HTML by its elements' ids and roles (app/lib/leads/contact-form.ts). */
function shownContactForm(html: string): ShownContactForm {
  const document = parseHtml(html)
  const byId = (id: string) => findElements(document, (element) => attribute(element, 'id') === id)[0]
  const form = byId('contact-form')
  if (!form) throw new Error(`The page has no contact form: ${html.slice(0, 200)}`)
  const shown: ShownContactForm = { status: '', errors: {}, values: {}, action: attribute(form, 'action') ?? '' }
  const status = findElements(form, (element) => attribute(element, 'role') === 'status')[0]
  shown.status = status ? textOf(status).trim() : ''
  // The fields its topic shows: the audit's form has no service and no budget.
  const topic = byId('contact-topic')
  for (const field of fieldsFor(topic ? valueOf(topic) : undefined)) {
    const control = byId(`contact-${field}`)
    if (!control) throw new Error(`The page has no field ${field}`)
    const value = valueOf(control)
    if (value) shown.values[field] = value
    const error = byId(`contact-${field}-error`)
    if (error) {
      shown.errors[field] = textOf(error)
      // The control names its message, so a screen reader reads it with the field.
      expect(attribute(control, 'aria-invalid'), field).toBe('true')
      expect(attribute(control, 'aria-describedby'), field).toBe(`contact-${field}-error`)
    }
  }
  return shown
}

/** The hashes of a page's inline scripts, as a CSP names them. */
function inlineScriptHashes(html: string): string[] {
  return elementsByTag(parseHtml(html), 'script')
    .filter((script) => attribute(script, 'src') === undefined && attribute(script, 'type') !== 'application/ld+json')
    .map((script) => `'sha256-${createHash('sha256').update(textOf(script)).digest('base64')}'`)
}

/** Checks that a page's CSP allows each of its inline scripts by its hash, and nothing inline beyond them. */
function expectScriptsAllowed(csp: string | null, html: string) {
  const scriptSrc = /script-src ([^;]*);/.exec(csp ?? '')?.[1]
  expect(scriptSrc).toMatch(/^'self'( 'sha256-[\w+/]+=')+\s*$/)
  const hashes = inlineScriptHashes(html)
  expect(hashes.length).toBeGreaterThan(0)
  for (const hash of hashes) expect(scriptSrc).toContain(hash)
}

/** Checks that a response is the contact page, with its CSP, never cached, with no cookie; reads its form. */
async function refusedPage(response: Response, status: number) {
  expect(response.status).toBe(status)
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(response.headers.get('x-astro-cache')).toBeNull()
  expect(response.headers.get('location')).toBeNull()
  expect(response.headers.get('set-cookie')).toBeNull()
  const html = await response.text()
  expectScriptsAllowed(response.headers.get('content-security-policy'), html)
  const { action: _action, ...shown } = shownContactForm(html)
  return shown
}

describe('GET and HEAD', () => {
  test('GET /contact: the page with its form posting to the contact action, its CSP (each inline script by hash), the common headers; kept in memory and asked again each visit', async () => {
    const response = await fetch(contactUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('x-astro-cache')).toBe('MISS')
    const html = await response.text()
    expectScriptsAllowed(response.headers.get('content-security-policy'), html)
    expect(textOf(elementsByTag(parseHtml(html), 'h1')[0]!).trim()).toBe("Let's talk about what you want to grow")
    expect(shownContactForm(html)).toEqual({ status: QUIET_STATUS, errors: {}, values: {}, action: actionPath })

    // The same bytes for every visitor until the next build: rendered once, then from Astro's route cache.
    const again = await fetch(contactUrl)
    expect(again.status).toBe(200)
    expect(again.headers.get('x-astro-cache')).toBe('HIT')
    expect(again.headers.get('cache-control')).toBe('no-cache')
    expect(again.headers.get('content-security-policy')).toBe(response.headers.get('content-security-policy'))
    expect(await again.text()).toBe(html)
  })

  test('the query reaches the page: ?topic=audit preselects the topic, kept apart from the plain page', async () => {
    const response = await fetch(`${contactUrl}?topic=audit`)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-astro-cache')).toBe('MISS')
    expect(shownContactForm(await response.text())).toMatchObject({ errors: {}, values: { topic: 'audit' } })
    const again = await fetch(`${contactUrl}?topic=audit`)
    expect(again.headers.get('x-astro-cache')).toBe('HIT')
    expect(shownContactForm(await again.text()).values).toEqual({ topic: 'audit' })
    // Another query is not a page of its own: the plain page, from the cache.
    const other = await fetch(`${contactUrl}?utm_source=newsletter`)
    expect(shownContactForm(await other.text()).values).toEqual({})
  })

  test('HEAD answers the same headers without a body', async () => {
    const response = await fetch(contactUrl, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toBe('')
  })
})

describe('a plain form post to the contact action', () => {
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
      topic: 'project',
      page: '/contact',
      // A contact lead gives no phone number: only a phone call's booking does (docs/decisions/048-*).
      phone: null,
      website_url: 'https://analytical-engines.example/',
      audit_report_id: null,
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
      topic: 'project',
      website: '',
    })
    expect(await refusedPage(response, 400)).toEqual({
      status: QUIET_STATUS,
      errors: {
        email: 'Enter a valid email address, like name@company.com',
        message: 'Tell us a little about your project',
      },
      values: {
        name: 'Ada Lovelace',
        email: 'ada@example',
        company: 'Analytical Engines Ltd',
        service: 'paid-ads',
        topic: 'project',
      },
    })
    expect(rows()).toHaveLength(before)
  })

  test('every required field empty: one message for each, nothing stored', async () => {
    const before = rows().length
    const response = await postForm({ kind: 'contact', name: ' ', email: '', service: '', message: '', budget: 'lots' })
    expect(await refusedPage(response, 400)).toEqual({
      status: QUIET_STATUS,
      errors: {
        name: 'Enter your name',
        email: 'Enter your email address',
        service: 'Choose the service you are interested in',
        budget: 'Choose one of the budget ranges',
        message: 'Tell us a little about your project',
      },
      // "lots" is no option of the list: the list shows its first, "Choose a range".
      values: { name: ' ' },
    })
    expect(rows()).toHaveLength(before)
  })

  test('the free audit asked for with a name, an address and a website alone: stored, 303 to /thank-you', async () => {
    const response = await postForm({
      kind: 'contact',
      topic: 'audit',
      name: 'Grace Hopper',
      email: 'grace@navy-labs.example',
      websiteUrl: 'navy-labs.example/shop',
      company: '',
      message: '',
      website: '',
      startedAt: String(Date.now() - 30_000),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/thank-you')
    expect(rows().at(-1)).toMatchObject({
      kind: 'contact',
      topic: 'audit',
      name: 'Grace Hopper',
      website_url: 'https://navy-labs.example/shop',
      service: null,
      budget: null,
      message: null,
    })
  })

  test('the free audit without a website: 400, the audit form again asking for it alone, nothing stored', async () => {
    const before = rows().length
    const response = await postForm({
      kind: 'contact',
      topic: 'audit',
      name: 'Grace Hopper',
      email: 'grace@example.org',
    })
    expect(await refusedPage(response, 400)).toEqual({
      status: QUIET_STATUS,
      errors: { websiteUrl: 'Enter the address of the website we should audit, like example.com' },
      values: { topic: 'audit', name: 'Grace Hopper', email: 'grace@example.org' },
    })
    const bad = await postForm({ ...contact, topic: 'audit', websiteUrl: 'http://localhost:8080' })
    expect((await refusedPage(bad, 400)).errors).toEqual({
      websiteUrl: "Enter your website's address, like example.com",
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
    const response = await postForm({ ...contact, name: 'Ada\u0007Lovelace', message: 'Hello\rthere' })
    const shown = await refusedPage(response, 400)
    expect(shown.errors).toEqual({
      name: 'Remove the control characters from your name',
      message: 'Remove the control characters from your message',
    })
    // What was typed comes back as it was sent; in the page, a lone CR reads as a line break, as a browser reads it.
    expect(shown.values).toEqual({
      ...typed,
      name: 'Ada\u0007Lovelace',
      message: expect.stringMatching(/^Hello\r?\n?there$/),
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

  test('a refused post is rendered for its own request: two posts, each page with what it sent, never from the cache', async () => {
    for (const email of ['not-an-address', 'still@wrong']) {
      const response = await postForm({ ...contact, email })
      const shown = await refusedPage(response, 400)
      expect(shown.values.email).toBe(email)
      expect(shown.errors).toEqual({ email: 'Enter a valid email address, like name@company.com' })
    }
    // The plain page is still the clean form.
    const plain = await fetch(contactUrl)
    expect(shownContactForm(await plain.text())).toMatchObject({ errors: {}, values: {} })
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
  test('415 for anything but a form post: the page again, never a server error', async () => {
    const before = rows().length
    for (const [type, body] of [
      ['application/json', JSON.stringify(contact)],
      ['text/plain', new URLSearchParams(contact).toString()],
    ] as const) {
      const response = await fetch(`${server.url}${actionPath}`, {
        method: 'POST',
        body,
        headers: { 'content-type': type },
        redirect: 'manual',
      })
      expect(response.status, type).toBe(415)
      expect(response.headers.get('content-type'), type).toBe('text/html; charset=utf-8')
      expect(shownContactForm(await response.text()).values, type).toEqual({})
    }
    expect(rows()).toHaveLength(before)
  })

  test('a form sent as multipart/form-data (as the island sends FormData) is a form post too: stored', async () => {
    const before = rows().length
    const body = new FormData()
    for (const [name, value] of Object.entries(contact)) body.set(name, value)
    const response = await fetch(`${server.url}${actionPath}`, { method: 'POST', body, redirect: 'manual' })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/thank-you')
    expect(rows()).toHaveLength(before + 1)
  })

  test('403 when Origin or Sec-Fetch-Site shows another site', async () => {
    const before = rows().length
    for (const headers of crossSiteHeaders(server.url)) {
      const response = await postForm(contact, headers)
      expect(response.status, JSON.stringify(headers)).toBe(403)
      expect(await response.text(), JSON.stringify(headers)).toBe('Messages and bookings are taken from this site only')
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

  test('413 past 16 KB: the page again with the reason, nothing stored, and what was sent not read back', async () => {
    const before = rows().length
    const response = await postForm({ ...contact, message: 'm'.repeat(17 * 1024) })
    const shown = await refusedPage(response, 413)
    expect(shown.status).toBe('Request body exceeds 16384 bytes')
    expect(shown.errors).toEqual({})
    // A body past the limit is parsed by nobody, the page included (app/actions/form.ts).
    expect(shown.values).toEqual({})
    expect(rows()).toHaveLength(before)
  })

  test('past 64 KB, with a length or sent in chunks without one: 413 before anything reads it, nothing stored', async () => {
    const before = rows().length
    const body = new URLSearchParams({ ...contact, message: 'm'.repeat(MAX_POST_BYTES) }).toString()
    const withLength = await fetch(`${server.url}${actionPath}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const bytes = new TextEncoder().encode(body)
    const chunked = await fetch(`${server.url}${actionPath}`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.subarray(at, at + 8192))
          controller.close()
        },
      }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      duplex: 'half',
    } as RequestInit)
    for (const response of [withLength, chunked]) {
      expect(response.status).toBe(413)
      expect(await response.text()).toBe('This post is larger than any form of this site sends.')
    }
    expect(rows()).toHaveLength(before)
  })

  test('a form post whose body is no form (a broken multipart body): 400 saying so, nothing stored', async () => {
    const before = rows().length
    const response = await fetch(`${server.url}${actionPath}`, {
      method: 'POST',
      body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nada@example.com',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(UNREADABLE_FORM)
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
    const post = () => postForm(contact, {}, limited.url)
    expect([(await postJson()).status, (await post()).status, (await postJson()).status]).toEqual([201, 303, 201])

    const refused = await post()
    expectRetryWithinAMinute(refused)
    expect(await refusedPage(refused, 429)).toEqual({
      status: 'Too many submissions from your address: try again in a minute.',
      errors: {},
      values: typed,
    })
    expect((await postJson()).status).toBe(429)
    expect(rows(limited.env.DATABASE_PATH)).toHaveLength(3)
  })
})

describe('the store fails', async () => {
  const failing = await startTestServer({ LEAD_RATE_LIMIT: '0' })
  test('503: the page with a message and what was typed, and a log line without it', async () => {
    // Every insert of a lead now fails, with an error that quotes the lead, as a driver's may.
    const db = new Database(failing.env.DATABASE_PATH)
    db.exec(
      "CREATE TRIGGER refuse_leads BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'SQLITE_IOERR: ada@example.com'); END",
    )
    db.close()
    const response = await postForm(contact, {}, failing.url)
    expect(await refusedPage(response, 503)).toEqual({
      status: 'Your message could not be sent. Please try again in a moment.',
      errors: {},
      values: typed,
    })
    expect(rows(failing.env.DATABASE_PATH)).toHaveLength(0)
    expect(failing.logs.filter((line) => !line.includes('"event":"request"'))).toContain(
      '{"event":"lead_store_failed"}',
    )
    const all = failing.logs.join('\n')
    for (const personal of ['ada@example.com', 'Ada Lovelace', 'Analytical Engines'])
      expect(all).not.toContain(personal)
  })
})

test('a build without its renderer stops the server at start, naming the file', async () => {
  // The build's client folder, without the server part beside it.
  const buildDir = mkdtempSync(path.join(tmpdir(), 'build-'))
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-data-'))
  onTestFinished(() => {
    rmSync(buildDir, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  })
  symlinkSync(builtClientDir(), path.join(buildDir, 'client'))
  mkdirSync(path.join(buildDir, 'server'))
  const entry = path.join(buildDir, 'server', 'entry.mjs')
  const env = {
    ...readServerEnv({ CLIENT_DIR: path.join(buildDir, 'client'), DATA_DIR: dataDir, HOST: '127.0.0.1' }),
    PORT: 0,
  }
  await expect(startServer(env, { log: { info: () => {}, error: () => {} } })).rejects.toThrow(
    `${entry} is missing: run the build first`,
  )
})
