import Database from 'better-sqlite3'
import { describe, expect, test, vi } from 'vitest'
import { attribution, contactLead as contact } from '../leads/test-leads.ts'
import { crossSiteHeaders, expectRetryWithinAMinute, postLead, startTestServer } from '../test-server.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The lead API (app/pages/api/leads.ts, which calls the site's lead actions,
// docs/decisions/045-astro-owns-pages-forms-and-content.md) through the real
// server and the site's real build on a loopback port, storing into a real
// SQLite file; the rate limit is off here and tested on a server of its own.
// The contact form's plain post goes to /contact?_action=contact (../contact-action.test.ts).
const server = await startTestServer({ LEAD_RATE_LIMIT: '0' })
const endpoint = `${server.url}/api/leads`

const popup = { kind: 'popup', email: 'ada@example.com' }

function postJson(body: unknown, headers: Record<string, string> = {}) {
  return postLead(server.url, body, headers)
}

const count = () => server.store.countLeads()
const stored = async (id: string) => (await server.store.exportLeads()).find((lead) => lead.id === id)

describe('a lead is stored', () => {
  test('the popup sign-up as JSON: 201 with the id, and the row with its attribution', async () => {
    const before = await count()
    const response = await postJson({
      ...popup,
      page: '/blog/seo-strategy-2025',
      ...attribution,
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await count()).toBe(before + 1)
    expect(await stored(id)).toMatchObject({
      kind: 'popup',
      email: 'ada@example.com',
      name: null,
      page: '/blog/seo-strategy-2025',
      ...attribution,
    })
  })

  test('attribution that is malformed or too long is left out, and the lead is kept', async () => {
    const response = await postJson({
      ...popup,
      page: 'https://elsewhere.example/x',
      referrerHost: 'not a host',
      utm_source: 'x'.repeat(201),
      utm_medium: 'email',
    })
    expect(response.status).toBe(201)
    const lead = await stored(((await response.json()) as { id: string }).id)
    expect(lead).toMatchObject({ page: null, referrerHost: null, utm_source: null, utm_medium: 'email' })
  })

  test('the contact form as JSON: every field kept', async () => {
    const response = await postJson(contact)
    expect(response.status).toBe(201)
    const lead = await stored(((await response.json()) as { id: string }).id)
    expect(lead).toMatchObject({ ...contact, referrerHost: null })
  })

  test('empty optional fields are stored as absent', async () => {
    const response = await postJson({ ...contact, company: '', budget: '', topic: '', website: '' })
    expect(response.status).toBe(201)
    const lead = await stored(((await response.json()) as { id: string }).id)
    expect(lead).toMatchObject({ kind: 'contact', name: 'Ada Lovelace', company: null, budget: null, topic: null })
  })
})

describe('bad input stores nothing', () => {
  const cases: [string, unknown, Record<string, string>][] = [
    ['no kind', { email: 'ada@example.com' }, { kind: 'Send "popup" or "contact" as the kind of lead' }],
    ['an unknown kind', { ...popup, kind: 'newsletter' }, { kind: 'Send "popup" or "contact" as the kind of lead' }],
    ['no e-mail', { kind: 'popup' }, { email: 'Enter your email address' }],
    ['an empty e-mail', { kind: 'popup', email: '  ' }, { email: 'Enter your email address' }],
    [
      'a malformed e-mail',
      { kind: 'popup', email: 'ada.example.com' },
      { email: 'Enter a valid email address, like name@company.com' },
    ],
    [
      'a contact form with its required fields empty',
      { kind: 'contact', name: '', email: '', service: '', message: ' ' },
      {
        name: 'Enter your name',
        email: 'Enter your email address',
        service: 'Choose the service you are interested in',
        message: 'Tell us a little about your project',
      },
    ],
    [
      'a service the site does not offer',
      { ...contact, service: 'seo' },
      { service: 'Choose the service you are interested in' },
    ],
    ['an unknown budget range', { ...contact, budget: 'lots' }, { budget: 'Choose one of the budget ranges' }],
    ['an unknown topic', { ...contact, topic: 'jobs' }, { topic: 'Choose one of the topics' }],
    ['a name too long', { ...contact, name: 'n'.repeat(101) }, { name: 'Enter a name under 100 characters' }],
    [
      'a message too long',
      { ...contact, message: 'm'.repeat(5001) },
      { message: 'Keep your message under 5,000 characters' },
    ],
    // Issue 38: a carriage return ends a line in a mail or an invitation; checked before trimming.
    [
      'a carriage return in the name',
      { ...contact, name: 'Ada\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Pay at evil.example\rEND:VEVENT' },
      { name: 'Remove the control characters from your name' },
    ],
    [
      'a name ending in a carriage return',
      { ...contact, name: 'Ada\r' },
      { name: 'Remove the control characters from your name' },
    ],
    [
      'a control character in the company and a bare carriage return in the message',
      { ...contact, company: 'Analytical\u0000Engines', message: 'Hello\rthere' },
      {
        company: 'Remove the control characters from your company name',
        message: 'Remove the control characters from your message',
      },
    ],
    [
      'an e-mail address with a line break after it',
      { ...popup, email: 'ada@example.com\r\n' },
      { email: 'Remove the control characters from your email address' },
    ],
  ]
  for (const [what, body, fields] of cases) {
    test(`400 naming each bad field: ${what}`, async () => {
      const before = await count()
      const response = await postJson(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: 'Some fields need attention', fields })
      expect(await count()).toBe(before)
    })
  }

  test('400 for a body that is not a JSON object', async () => {
    for (const body of ['{"kind": "popup",', '[]', '"ada@example.com"']) {
      const response = await postJson(body)
      expect(response.status, body).toBe(400)
      expect(await response.json(), body).toEqual({ error: 'The body is not valid JSON', fields: {} })
    }
  })

  test('413 past 16 KB', async () => {
    const before = await count()
    const response = await postJson({ ...contact, message: 'm'.repeat(17 * 1024) })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'A lead is at most 16 KB' })
    expect(await count()).toBe(before)
  })

  test('415 for any other content type, a form post included (the contact form posts to its action)', async () => {
    const before = await count()
    const types = [
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/x-www-form-urlencoded',
    ]
    for (const type of types) {
      const response = await fetch(endpoint, {
        method: 'POST',
        body:
          type === 'application/x-www-form-urlencoded'
            ? new URLSearchParams(contact).toString()
            : JSON.stringify(popup),
        headers: { 'content-type': type },
        redirect: 'manual',
      })
      expect(response.status, type).toBe(415)
      expect(await response.json(), type).toEqual({ error: 'Send the lead as JSON' })
    }
    expect(await count()).toBe(before)
  })

  test('403 when Origin or Sec-Fetch-Site shows another site', async () => {
    const before = await count()
    for (const headers of crossSiteHeaders(server.url)) {
      const response = await postJson(popup, headers)
      expect(response.status, JSON.stringify(headers)).toBe(403)
      // Refused by app/middleware.ts before the endpoint runs, as every write from another site.
      expect(await response.text(), JSON.stringify(headers)).toBe('Messages and bookings are taken from this site only')
    }
    expect(await count()).toBe(before)

    const allowed: Record<string, string>[] = [
      { origin: server.url, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      // The site's public origin, as when a proxy in front rewrites Host.
      { origin: 'https://northpeak.example' },
      {},
    ]
    for (const headers of allowed) {
      expect((await postJson(popup, headers)).status, JSON.stringify(headers)).toBe(201)
    }
  })
})

describe('bots are answered like people and stored nowhere', () => {
  test('a filled honeypot: 201 with an id, no row, a log line', async () => {
    const before = await count()
    const response = await postJson({ ...popup, website: 'https://spam.example' })
    expect(response.status).toBe(201)
    expect(((await response.json()) as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await count()).toBe(before)
    expect(server.logs).toContain('{"event":"lead_dropped","reason":"honeypot"}')
  })

  test('a contact form sent within 2 s of its render: 201 with an id, no row, a log line', async () => {
    const before = await count()
    const response = await postJson({ ...contact, startedAt: Date.now() - 1500 })
    expect(response.status).toBe(201)
    expect(((await response.json()) as { id: string }).id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await count()).toBe(before)
    expect(server.logs).toContain('{"event":"lead_dropped","reason":"too_fast"}')
  })

  test('the popup is allowed a quicker fill, and the fill time is read from the client clock when it sends one', async () => {
    const before = await count()
    expect((await postJson({ ...popup, startedAt: Date.now() - 1000 })).status).toBe(201)
    expect(await count()).toBe(before + 1)
    expect((await postJson({ ...popup, startedAt: Date.now() - 300 })).status).toBe(201)
    expect(await count()).toBe(before + 1)
    // A visitor whose clock is an hour ahead, who took 5 s.
    const ahead = Date.now() + 3_600_000
    expect((await postJson({ ...contact, startedAt: ahead - 5000, sentAt: ahead })).status).toBe(201)
    expect(await count()).toBe(before + 2)
  })
})

describe('idempotency', () => {
  test('a retried submission with the same Idempotency-Key stores one row and answers the same id', async () => {
    const before = await count()
    const headers = { 'idempotency-key': 'popup-retry-0001' }
    const answers = await Promise.all([postJson(popup, headers), postJson(popup, headers), postJson(popup, headers)])
    const ids = await Promise.all(answers.map(async (response) => ((await response.json()) as { id: string }).id))
    expect(answers.map((response) => response.status)).toEqual([201, 201, 201])
    expect(new Set(ids).size).toBe(1)
    const again = await postJson(popup, headers)
    expect(((await again.json()) as { id: string }).id).toBe(ids[0])
    expect(await count()).toBe(before + 1)
    // Its deliveries were written once too: the checklist and the team's notice.
    const db = new Database(server.env.DATABASE_PATH, { readonly: true })
    const kinds = db.prepare('SELECT kind FROM outbox WHERE lead_id = ? ORDER BY kind').pluck().all(ids[0])
    db.close()
    expect(kinds).toEqual(['checklist-mail', 'notify-mail'])
  })

  test('the key may come as the field idempotencyKey of the body', async () => {
    const before = await count()
    const fields = { ...contact, idempotencyKey: 'contact-json-0001' }
    const first = await postJson(fields)
    const again = await postJson(fields)
    expect([first.status, again.status]).toEqual([201, 201])
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id)
    expect(await count()).toBe(before + 1)
  })

  test('a malformed key is refused', async () => {
    const response = await postJson(popup, { 'idempotency-key': 'has spaces in it' })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ fields: { idempotencyKey: 'Use 1 to 200 visible characters' } })
  })
})

test('logs one line per request and nothing a visitor typed', async () => {
  await postJson({ ...contact, email: 'grace@example.org', name: 'Grace Hopper', message: 'Secret plans' })
  await postJson({ kind: 'popup', email: 'bad@' })
  const requests = server.logs.filter((line) => line.includes('"event":"request"'))
  expect(requests.at(-1)).toMatch(
    /^\{"event":"request","method":"POST","path":"\/api\/leads","status":400,"ms":[\d.]+\}$/,
  )
  const all = server.logs.join('\n')
  for (const personal of [
    'grace@example.org',
    'Grace Hopper',
    'Secret plans',
    'ada@example.com',
    'Ada Lovelace',
    'bad@',
  ]) {
    expect(all).not.toContain(personal)
  }
})

describe('rate limit', async () => {
  const limited = await startTestServer({ LEAD_RATE_LIMIT: '3' })
  test('past LEAD_RATE_LIMIT submissions a minute from one address: 429 with Retry-After, nothing stored', async () => {
    const post = () => postLead(limited.url, popup)
    const statuses = [(await post()).status, (await post()).status, (await post()).status]
    expect(statuses).toEqual([201, 201, 201])
    const refused = await post()
    expect(refused.status).toBe(429)
    expectRetryWithinAMinute(refused)
    expect(await refused.json()).toEqual({ error: 'Too many submissions from your address: try again in a minute.' })
    expect(await limited.store.countLeads()).toBe(3)
  })
})

describe('the store fails', async () => {
  const failing = await startTestServer({ LEAD_RATE_LIMIT: '0' })
  test('503 saying to try again, nothing stored, and a log line without what was sent', async () => {
    // Every insert of a lead now fails, with an error that quotes the lead, as a driver's may.
    const db = new Database(failing.env.DATABASE_PATH)
    db.exec(
      "CREATE TRIGGER refuse_leads BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'disk I/O error: grace@example.org'); END",
    )
    db.close()
    const response = await postLead(failing.url, { ...contact, email: 'grace@example.org' })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ error: 'The lead could not be stored: try again' })
    expect(await failing.store.countLeads()).toBe(0)
    expect(failing.logs).toContain('{"event":"lead_store_failed"}')
    expect(failing.logs.join('\n')).not.toContain('grace@example.org')
  })
})
