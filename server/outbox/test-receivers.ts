import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { TEST_BOOKING_SECRET } from '../booking/test-bookings.ts'
import type { Store } from '../store/store.ts'
import { createMailer } from './mail.ts'
import { verifyWebhookSignature, type LeadWebhookBody } from './webhook.ts'
import { createDeliver, createOutboxWorker } from './worker.ts'
import { whenDone } from '../test-teardown.ts'

export interface ReceivedHook {
  body: LeadWebhookBody
  signatureValid: boolean
  delivery: string | undefined
}

/**
 * For tests: a webhook receiver on a loopback port that checks each request's
 * signature with `secret`, as a real receiver would, and answers 204 when it
 * holds, 401 when not (after `delayMs`). `start()` may be called again after `stop()` on the
 * same port, to play an outage.
 */
export async function webhookReceiver({
  secret,
  port = 0,
  delayMs = 0,
}: {
  secret: string
  port?: number
  /** How long each answer takes, as a slow receiver's would. */
  delayMs?: number
}) {
  const received: ReceivedHook[] = []
  let server: Server | null = null
  const receiver = {
    received,
    port,
    url: '',
    async start() {
      server = createServer((request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk: Buffer) => chunks.push(chunk))
        request.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          const signatureValid = verifyWebhookSignature({
            secret,
            header: request.headers['northpeak-signature'] as string | undefined,
            body: raw,
          })
          received.push({
            body: JSON.parse(raw) as LeadWebhookBody,
            signatureValid,
            delivery: request.headers['northpeak-delivery'] as string | undefined,
          })
          setTimeout(() => response.writeHead(signatureValid ? 204 : 401).end(), delayMs)
        })
      })
      server.listen(receiver.port, '127.0.0.1')
      await once(server, 'listening')
      receiver.port = (server.address() as AddressInfo).port
      receiver.url = `http://127.0.0.1:${receiver.port}/hooks/leads`
    },
    async stop() {
      if (!server) return
      server.closeAllConnections()
      await new Promise((resolve) => server!.close(resolve))
      server = null
    },
  }
  whenDone(() => receiver.stop())
  return receiver
}

/** A loopback port nothing listens on (for a receiver that is down). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

/** For tests: a real SMTP server (the `smtp-server` package) on a loopback port, keeping every message. */
export async function smtpReceiver() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  whenDone(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { received, url: `smtp://127.0.0.1:${port}` }
}

/** The readable text of a raw message: quoted-printable soft breaks joined and escapes decoded. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** Waits until `check` holds, looking every 20 ms, for `timeoutMs` at most. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition') {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export interface MimePart {
  /** The part's Content-Type header as written, e.g. `text/calendar; charset=utf-8; method=REQUEST`. */
  contentType: string
  /** Its Content-Disposition header, when it has one. */
  disposition: string | undefined
  /** The body, decoded from base64 or quoted-printable. */
  body: string
}

/** The leaf parts of a raw MIME message (RFC 2045/2046), each decoded: enough to read what a mail holds. */
export function mimeParts(raw: string): MimePart[] {
  const split = /\r?\n\r?\n/.exec(raw)
  const head = split ? raw.slice(0, split.index) : raw
  const body = split ? raw.slice(split.index + split[0].length) : ''
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const contentType = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1]
  if (/^multipart\//i.test(contentType) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')))
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase()
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body
  return [{ contentType, disposition: headers.get('content-disposition'), body: decoded }]
}

/**
 * For tests: the outbox worker as the server runs it without SMTP_URL, every
 * mail written as a file under `mailDir`, the booking mails' links signed
 * with TEST_BOOKING_SECRET; `now`, the clock the deliveries are due by (the
 * test's, not the machine's). Silent: its log lines are not the test's subject.
 */
export function mailFileWorker({
  store,
  mailDir,
  now,
  teamTimeZone = 'America/New_York',
}: {
  store: Store
  mailDir: string
  now?: () => number
  teamTimeZone?: string
}) {
  return createOutboxWorker({
    store,
    deliver: createDeliver({
      sendMail: createMailer({ mailDir }),
      origin: 'https://northpeak.example',
      mailFrom: 'Northpeak <hello@northpeak.example>',
      notifyTo: 'hello@northpeak.example',
      bookingSecret: TEST_BOOKING_SECRET,
      teamTimeZone,
    }),
    log: { info: () => {}, error: () => {} },
    ...(now ? { now } : {}),
  })
}
