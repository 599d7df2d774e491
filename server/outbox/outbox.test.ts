import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { startTestServer } from '../test-server.ts'
import { decodeMail, freePort, smtpReceiver, waitFor, webhookReceiver } from './test-receivers.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The outbox as it runs in the server: real webhook receivers (node:http) and
// a real SMTP server on loopback ports, small backoff settings.
const SECRET = 'whsec-test-0123456789abcdef'
const popup = { kind: 'popup', email: 'ada@example.com', page: '/blog/seo-strategy-2025', utm_source: 'newsletter' }
const contact = {
  kind: 'contact',
  name: 'Grace Hopper',
  email: 'grace@example.org',
  service: 'analytics',
  message: 'Our dashboards disagree with each other.',
}

async function submit(url: string, lead: object): Promise<string> {
  const response = await fetch(`${url}/api/leads`, {
    method: 'POST',
    body: JSON.stringify(lead),
    headers: { 'content-type': 'application/json' },
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('each delivery arrives once', async () => {
  const hook = await webhookReceiver({ secret: SECRET })
  await hook.start()
  const smtp = await smtpReceiver()
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: SECRET,
    SMTP_URL: smtp.url,
    SITE_ORIGIN: 'https://www.northpeak.example',
    LEAD_NOTIFY_TO: 'leads@northpeak.example',
    MAIL_FROM: 'Northpeak <hello@northpeak.example>',
  })

  test('a popup sign-up: the signed webhook, the checklist to the visitor, the notice to the team', async () => {
    const id = await submit(server.url, popup)
    await waitFor(() => hook.received.length >= 1 && smtp.received.length >= 2, 5000, 'the deliveries')
    await pause(300)
    expect(hook.received).toHaveLength(1)
    expect(smtp.received).toHaveLength(2)

    const [call] = hook.received
    expect(call!.signatureValid).toBe(true)
    expect(call!.delivery).toBe(String(call!.body.delivery))
    expect(call!.body).toMatchObject({
      type: 'lead.created',
      lead: { id, kind: 'popup', email: 'ada@example.com', page: '/blog/seo-strategy-2025', utm_source: 'newsletter' },
    })
    expect(call!.body.lead.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)

    const checklist = smtp.received.find((mail) => mail.to.includes('ada@example.com'))!
    expect(checklist.from).toBe('hello@northpeak.example')
    const text = decodeMail(checklist.raw)
    expect(text).toContain('Subject: Your free audit kit')
    expect(text).toMatch(/Content-Type: multipart\/alternative/)
    expect(text).toMatch(/Content-Type: text\/plain/)
    expect(text).toMatch(/Content-Type: text\/html/)
    for (const url of [
      'https://www.northpeak.example/resources/audit-checklist',
      'https://www.northpeak.example/downloads/marketing-audit-checklist.xlsx',
      'https://www.northpeak.example/downloads/roi-calculator.xlsx',
      'https://www.northpeak.example/resources/ai-optimization-guide',
    ]) {
      expect(text).toContain(`: ${url}`) // in the plain text
      expect(text).toContain(`href="${url}"`) // and in the HTML
    }

    const notice = smtp.received.find((mail) => mail.to.includes('leads@northpeak.example'))!
    const noticeText = decodeMail(notice.raw)
    expect(noticeText).toContain('Subject: New lead (audit offer sign-up): ada@example.com')
    expect(noticeText).toContain('Reply-To: ada@example.com')
    expect(noticeText).toContain(`Lead: ${id}`)
    expect(noticeText).toContain('Page: /blog/seo-strategy-2025')
    expect(noticeText).toContain('utm_source: newsletter')
    expect(await server.store.listUndelivered()).toEqual([])
  })

  test('a contact lead: the webhook and the notice with every field, no checklist', async () => {
    hook.received.length = 0
    smtp.received.length = 0
    const id = await submit(server.url, { ...contact, budget: '15k-50k', company: 'Navy Labs' })
    await waitFor(() => hook.received.length >= 1 && smtp.received.length >= 1, 5000, 'the deliveries')
    await pause(300)
    expect(hook.received.map((call) => call.body.lead.id)).toEqual([id])
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.to).toEqual(['leads@northpeak.example'])
    const text = decodeMail(smtp.received[0]!.raw)
    expect(text).toContain('Subject: New lead (contact form): Grace Hopper <grace@example.org>')
    for (const line of [
      'Name: Grace Hopper',
      'E-mail: grace@example.org',
      'Company: Navy Labs',
      'Service: Analytics',
      'Budget: $15,000 to $50,000 a month',
      'Message: Our dashboards disagree with each other.',
    ]) {
      expect(text).toContain(line)
    }
  })

  test('logs name deliveries, never addresses', () => {
    const all = server.logs.join('\n')
    expect(all).toMatch(/"event":"delivered","delivery":\d+,"kind":"webhook","attempt":1/)
    for (const personal of ['ada@example.com', 'grace@example.org', 'Grace Hopper']) expect(all).not.toContain(personal)
  })
})

test('with the receiver down the leads wait, and all arrive once it is up', async () => {
  const port = await freePort()
  const hook = await webhookReceiver({ secret: SECRET, port })
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    LEAD_WEBHOOK_URL: `http://127.0.0.1:${port}/hooks/leads`,
    LEAD_WEBHOOK_SECRET: SECRET,
    OUTBOX_RETRY_BASE_MS: '50',
    OUTBOX_MAX_ATTEMPTS: '20',
  })
  const ids = [
    await submit(server.url, contact),
    await submit(server.url, popup),
    await submit(server.url, { ...contact, email: 'ada@example.com' }),
  ]
  const waiting = async () =>
    (await server.store.listUndelivered()).filter((row) => row.kind === 'webhook' && row.attempts >= 2)
  await waitFor(async () => (await waiting()).length === 3, 5000, 'failed tries')
  for (const row of await waiting()) {
    expect(row.state).toBe('pending')
    expect(row.lastError).toBe('webhook not reached: ECONNREFUSED')
  }
  expect(await server.store.countLeads()).toBe(3)

  await hook.start()
  await waitFor(() => hook.received.length >= 3, 8000, 'the webhook calls')
  await pause(300)
  expect(hook.received.map((call) => call.body.lead.id).sort()).toEqual([...ids].sort())
  expect(hook.received.every((call) => call.signatureValid)).toBe(true)
  expect(await server.store.listUndelivered()).toEqual([])
})

test('a receiver with another secret sees a bad signature; after the last try the CLI lists the delivery as failed', async () => {
  const hook = await webhookReceiver({ secret: 'not-the-same-secret-at-all' })
  await hook.start()
  const server = await startTestServer({
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: SECRET,
    OUTBOX_RETRY_BASE_MS: '20',
    OUTBOX_MAX_ATTEMPTS: '3',
  })
  const id = await submit(server.url, contact)
  const failed = async () => (await server.store.listUndelivered()).find((row) => row.state === 'failed')
  await waitFor(async () => Boolean(await failed()), 5000, 'the last try')
  expect(hook.received).toHaveLength(3)
  expect(hook.received.every((call) => !call.signatureValid)).toBe(true)

  const row = (await failed())!
  const cli = (...args: string[]) =>
    spawnSync('node_modules/.bin/node', ['--import', 'tsx', 'scripts/leads.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_PATH: server.env.DATABASE_PATH },
    })
  const outbox = cli('outbox')
  expect(outbox.status).toBe(0)
  expect(outbox.stdout).toContain('1 delivery not delivered:')
  expect(outbox.stdout).toContain(`#${row.id}  failed  webhook  lead ${id}  3 tries, no more tries`)
  expect(outbox.stdout).toContain('last error: webhook answered 401')

  const retry = cli('retry', String(row.id))
  expect(retry.stdout).toContain(`Delivery #${row.id} is due now`)
  await waitFor(() => hook.received.length >= 4, 5000, 'the try after retry')
})

/** The mail files written so far under `mailDir`: none while it does not exist. */
function mailFiles(mailDir: string): string[] {
  try {
    return readdirSync(mailDir).filter((name) => name.endsWith('.eml'))
  } catch {
    return []
  }
}

test('without SMTP_URL each mail is written as an .eml file under DATA_DIR/mail', async () => {
  const server = await startTestServer({ SITE_ORIGIN: 'https://northpeak.example' })
  await submit(server.url, popup)
  const mailDir = path.join(server.dataDir, 'mail')
  const files = () => mailFiles(mailDir)
  await waitFor(() => files().length === 2, 5000, 'two mail files')
  const mails = files().map((name) => decodeMail(readFileSync(path.join(mailDir, name), 'utf8')))
  const checklist = mails.find((mail) => /^To: ada@example.com$/m.test(mail))!
  expect(checklist).toContain('Subject: Your free audit kit')
  expect(checklist).toContain('https://northpeak.example/resources/audit-checklist')
  expect(mails.find((mail) => /^To: hello@northpeak.example$/m.test(mail))).toContain('Subject: New lead')
})

test('a request for an audit through the contact form gets the same kit, written as a mail file beside the stored lead', async () => {
  const server = await startTestServer({ SITE_ORIGIN: 'https://northpeak.example' })
  // The short request: a name, an address and the website to audit, nothing else.
  const id = await submit(server.url, {
    kind: 'contact',
    name: 'Grace Hopper',
    email: 'grace@example.org',
    websiteUrl: 'navy-labs.example',
    topic: 'audit',
  })
  const other = await submit(server.url, { ...contact, email: 'ada@example.com', topic: 'project' })
  const mailDir = path.join(server.dataDir, 'mail')
  const files = () => mailFiles(mailDir)
  // The audit request: its kit and the team's notice; the project inquiry: the notice only.
  await waitFor(() => files().length === 3, 5000, 'three mail files')
  await pause(300)
  expect(files()).toHaveLength(3)
  const stored = await server.store.exportLeads()
  expect(stored.map((lead) => [lead.id, lead.kind, lead.topic, lead.websiteUrl])).toEqual([
    [id, 'contact', 'audit', 'https://navy-labs.example/'],
    [other, 'contact', 'project', null],
  ])
  const mails = files().map((name) => decodeMail(readFileSync(path.join(mailDir, name), 'utf8')))
  const kits = mails.filter((mail) => mail.includes('Subject: Your free audit kit'))
  expect(kits).toHaveLength(1)
  const kit = kits[0]!
  expect(kit).toMatch(/^To: grace@example.org$/m)
  expect(kit).toContain('Hello Grace Hopper,')
  for (const line of [
    '1. The 47-point audit checklist: ',
    '   Read it online: https://northpeak.example/resources/audit-checklist',
    '   Download the workbook: https://northpeak.example/downloads/marketing-audit-checklist.xlsx',
    '2. The ROI calculator spreadsheet: ',
    '   Download the spreadsheet: https://northpeak.example/downloads/roi-calculator.xlsx',
    '3. The AI optimization guide: ',
    '   Read the guide: https://northpeak.example/resources/ai-optimization-guide',
  ]) {
    expect(kit).toContain(line)
  }
  expect(kit).toContain('href="https://northpeak.example/downloads/roi-calculator.xlsx"')
  expect(mails.filter((mail) => /^To: ada@example.com$/m.test(mail))).toEqual([])
  expect(await server.store.listUndelivered()).toEqual([])
})
