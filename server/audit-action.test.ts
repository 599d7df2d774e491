import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { AUDIT_REPORT_GONE } from '#app/lib/audit/report.ts'
import { attribute, elementsByTag, findElements, parseHtml, textOf } from '#tests/gates/html-dom.ts'
import { goodSiteRoutes, startFixtureSite } from './audit/test-fixture-sites.ts'
import { startTestServer } from './test-server.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The instant audit as a visitor without JavaScript uses it (app/pages/audit.astro, the audit
// action, app/pages/audit/report/[id].astro; docs/decisions/054-the-instant-audit.md): the real
// server and build on a loopback port, a fixture website reached through AUDIT_ALLOW_HOSTS, which
// the server takes in a test run only, and a real SQLite file. What a test checks is what the
// page shows, the rows stored and the team's mail on disk.

const site = await startFixtureSite(goodSiteRoutes())
afterAll(() => site.close())
const server = await startTestServer({
  LEAD_RATE_LIMIT: '0',
  NODE_ENV: 'test',
  AUDIT_ALLOW_HOSTS: `www.alderoak.example=127.0.0.1:${site.port}`,
})

function post(pathAndAction: string, fields: Record<string, string>) {
  return fetch(`${server.url}${pathAndAction}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  })
}

/** The words of a whole page. */
const bodyText = (document: ReturnType<typeof parseHtml>) => elementsByTag(document, 'body').map(textOf).join(' ')

const leads = () => {
  const db = new Database(server.env.DATABASE_PATH, { readonly: true })
  try {
    return db.prepare('SELECT * FROM leads ORDER BY seq').all() as Record<string, unknown>[]
  } finally {
    db.close()
  }
}

/** Grades the fixture through the form: the report's path. */
async function graded(): Promise<string> {
  const response = await post('/audit?_action=audit', { url: 'http://www.alderoak.example/' })
  expect(response.status).toBe(303)
  return response.headers.get('location')!
}

describe('/audit', () => {
  test('the form posts the address to the audit action; a graded site lands on its report', async () => {
    const page = parseHtml(await (await fetch(`${server.url}/audit`)).text())
    const [form] = findElements(
      page,
      (element) => element.tagName === 'form' && attribute(element, 'id') === 'audit-form',
    )
    expect(attribute(form!, 'action')).toBe('/audit?_action=audit')
    expect(elementsByTag(form!, 'input').map((input) => attribute(input, 'name'))).toEqual(['url'])

    const report = await graded()
    expect(report).toMatch(/^\/audit\/report\/[\w-]{22}$/)
    const answer = await fetch(`${server.url}${report}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-robots-tag')).toBe('noindex')
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    const shown = parseHtml(await answer.text())
    const robots = findElements(
      shown,
      (element) => element.tagName === 'meta' && attribute(element, 'name') === 'robots',
    )
    expect(robots.map((meta) => attribute(meta, 'content'))).toEqual(['noindex, follow'])
    expect(textOf(elementsByTag(shown, 'h1')[0]!)).toBe('Website audit of www.alderoak.example')
    // The score out of 100, a bar per category, and the full audit's form with the report attached.
    expect(bodyText(shown)).toMatch(/Score of www\.alderoak\.example\s*\d{1,3}\/100/)
    for (const label of ['Search engines', 'Speed', 'Mobile', 'Security', 'Measurement and sharing'])
      expect(bodyText(shown)).toContain(label)
    const hidden = elementsByTag(shown, 'input').filter((input) => attribute(input, 'type') === 'hidden')
    expect(
      Object.fromEntries(hidden.map((input) => [attribute(input, 'name'), attribute(input, 'value')])),
    ).toMatchObject({
      topic: 'audit',
      auditReport: report.split('/').at(-1),
    })
  })

  test('a refused address comes back beside the field, typed as it was, and nothing is fetched or stored', async () => {
    const before = site.count()
    for (const [typed, reason] of [
      ['http://127.0.0.1/', /loopback/],
      ['169.254.169.254', /link-local/],
      ['', /Enter your website's address/],
    ] as const) {
      const response = await post('/audit?_action=audit', { url: typed })
      expect(response.status, typed).toBe(400)
      const page = parseHtml(await response.text())
      const [error] = findElements(page, (element) => attribute(element, 'id') === 'audit-url-error')
      expect(textOf(error!)).toMatch(reason)
      const [field] = findElements(page, (element) => attribute(element, 'id') === 'audit-url')
      expect(attribute(field!, 'value') ?? '').toBe(typed)
      expect(attribute(field!, 'aria-invalid')).toBe('true')
    }
    expect(site.count()).toBe(before)
  })

  test('an unknown report answers 404 with the not-found page', async () => {
    const response = await fetch(`${server.url}/audit/report/AAAAAAAAAAAAAAAAAAAAAA`)
    expect(response.status).toBe(404)
    expect(response.headers.get('x-robots-tag')).toBeNull()
  })
})

describe('the full audit, asked for from a report', () => {
  test('the lead carries the report: its score and address reach the team by mail', async () => {
    const report = await graded()
    const id = report.split('/').at(-1)!
    const response = await post(`${report}?_action=contact`, {
      kind: 'contact',
      topic: 'audit',
      auditReport: id,
      name: 'Ada Lovelace',
      email: 'ada-audit@example.com',
      websiteUrl: 'http://www.alderoak.example/',
      startedAt: String(Date.now() - 30_000),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/thank-you')
    expect(leads().at(-1)).toMatchObject({ email: 'ada-audit@example.com', topic: 'audit', audit_report_id: id })
    const shown = await (await fetch(`${server.url}${report}`)).text()
    const score = /(\d{1,3})\/100/.exec(bodyText(parseHtml(shown)))![1]

    // The team's notice, written to the mail folder by the outbox (no SMTP_URL here).
    const line = `Instant audit: ${score}/100, https://northpeak.example${report}`
    await vi.waitFor(
      () => {
        const dir = path.join(server.dataDir, 'mail')
        const texts = readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, ''))
        expect(texts.some((text) => text.includes('ada-audit@example.com') && text.includes(line))).toBe(true)
      },
      { timeout: 10_000, interval: 100 },
    )
  })

  test('with a report that is gone: refused, said on the page, nothing stored', async () => {
    const before = leads().length
    const report = await graded()
    const response = await post(`${report}?_action=contact`, {
      kind: 'contact',
      topic: 'audit',
      auditReport: 'BBBBBBBBBBBBBBBBBBBBBB',
      name: 'Ada Lovelace',
      email: 'ada-gone@example.com',
      websiteUrl: 'http://www.alderoak.example/',
      startedAt: String(Date.now() - 30_000),
    })
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(AUDIT_REPORT_GONE)
    expect(leads()).toHaveLength(before)
  })
})
