import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ICAL from 'ical.js'
import { afterAll, describe, expect, test } from 'vitest'
import { eventsByReader, hostileNames, oneCall } from '../booking/test-ical.ts'
import { storedBooking, TEST_BOOKING_SECRET } from '../booking/test-bookings.ts'
import { callTimeInWords } from '../booking/when.ts'
import type { BookingEvent } from '../store/store.ts'
import { storedLead } from '../leads/test-leads.ts'
import { bookingInviteMail, bookingNoticeMail } from './booking-mail.ts'
import { createMailer, type MailMessage } from './mail.ts'
import { mimeParts, smtpReceiver, waitFor } from './test-receivers.ts'

// Issue 38: a line break in what a visitor typed, as it could still reach the mails from an old row
// or the CLI (the lead schema refuses it, app/lib/leads/lead.ts). The whole mail is read as it is written
// to a file without SMTP and as an SMTP server receives it: nodemailer sends a bare CR of a 7-bit
// part as CRLF, so there every reader ends the line at it.

const ORIGIN = 'https://northpeak.example'
const FROM = 'Northpeak <hello@northpeak.example>'

const booking = storedBooking({ company: 'Analytical Engines Ltd' })

const mailDir = mkdtempSync(path.join(tmpdir(), 'northpeak-mail-'))
afterAll(() => rmSync(mailDir, { recursive: true, force: true }))
const smtp = await smtpReceiver()

/** The message as written to a mail file (no SMTP_URL) and as the SMTP server received it. */
async function written(message: MailMessage, name: string): Promise<Record<string, string>> {
  const { file } = await createMailer({ mailDir })(message, name)
  const before = smtp.received.length
  await createMailer({ smtpUrl: smtp.url, mailDir })(message, name)
  await waitFor(() => smtp.received.length > before, 10_000, 'the mail over SMTP')
  const received = smtp.received.at(-1)!
  expect(received.to).toEqual([message.to])
  return { 'mail file': readFileSync(file!, 'utf8'), SMTP: received.raw }
}

/** The names of a message's own headers, in order, and its subject decoded (RFC 2047). */
function headersOf(raw: string) {
  const head = raw.slice(0, /\r?\n\r?\n/.exec(raw)!.index).replace(/\r?\n[ \t]+/g, ' ')
  const lines = head.split(/\r?\n/)
  const subject = lines.find((line) => line.startsWith('Subject: '))!.slice('Subject: '.length)
  const bytes = subject
    .replace(/\?= =\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
      text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
  return {
    names: lines.map((line) => line.slice(0, line.indexOf(':')).toLowerCase()),
    subject: Buffer.from(bytes, 'latin1').toString('utf8'),
  }
}

const mailHeaders = ['from', 'to', 'reply-to', 'subject', 'message-id', 'date', 'mime-version', 'content-type']

describe("the visitor's invitation", () => {
  for (const [what, value] of hostileNames) {
    test(`name, company and note with ${what}: the mail's calendar part and invite.ics hold one event, the call's, to ical.js and to vobject`, async () => {
      const event: BookingEvent = {
        event: 'created',
        // The phone number too: it goes into the invitation's LOCATION and DESCRIPTION.
        booking: { ...booking, name: value, company: value, note: value, phone: value },
      }
      const mails = await written(
        bookingInviteMail(event, {
          origin: ORIGIN,
          from: FROM,
          secret: TEST_BOOKING_SECRET,
          mode: { kind: 'phone' },
        }),
        `invite-${hostileNames.findIndex(([name]) => name === what)}`,
      )
      for (const [how, raw] of Object.entries(mails)) {
        expect(headersOf(raw), how).toEqual({
          names: mailHeaders,
          subject: 'Booked: your free 30-minute strategy call with Northpeak',
        })
        const parts = mimeParts(raw)
        expect(
          parts.map((part) => part.contentType.split(';')[0]),
          how,
        ).toEqual(['text/plain', 'text/html', 'text/calendar', 'application/ics'])
        for (const part of parts.slice(2)) {
          expect(eventsByReader(part.body), `${how}: ${part.contentType}`).toEqual(oneCall)
          const attendee = new ICAL.Component(ICAL.parse(part.body))
            .getFirstSubcomponent('vevent')!
            .getFirstProperty('attendee')!
          expect(attendee.getParameter('cn'), how).toBe(value.replace(/[\r\n]/g, ''))
          expect(attendee.getFirstValue(), how).toBe('mailto:ada@example.com')
        }
      }
    })
  }
})

describe("the team's notice", () => {
  const lead = storedLead({
    id: 'lead',
    createdAt: booking.createdAt,
    kind: 'booking',
    name: 'Ada\r\nBcc: victim@evil.example\rX-Injected: yes',
    company: 'Analytical Engines\u0000\u001b[2J',
    message: 'Hello\r\nBcc: victim@evil.example',
  })

  test('a name and company with line breaks and control characters: no header of their own, the subject one line of text, sent to the team alone', async () => {
    const event: BookingEvent = { event: 'created', booking: { ...booking, name: lead.name!, company: lead.company } }
    const mails = await written(
      bookingNoticeMail(event, lead, { to: 'hello@northpeak.example', from: FROM, teamTimeZone: 'America/New_York' }),
      'notice',
    )
    const when = callTimeInWords(booking.start, booking.end, 'America/New_York')
    for (const [how, raw] of Object.entries(mails)) {
      expect(headersOf(raw), how).toEqual({
        names: mailHeaders,
        subject: `New booking: Ada Bcc: victim@evil.example X-Injected: yes (Analytical Engines [2J), ${when}`,
      })
      expect(
        mimeParts(raw).map((part) => part.contentType.split(';')[0]),
        how,
      ).toEqual(['text/plain', 'text/html'])
    }
  })
})
