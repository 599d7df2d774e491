import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ICAL from 'ical.js'
import { describe, expect, test, vi } from 'vitest'
import { TEST_BOOKING_SECRET, booker, postBooking, slotsOf } from '../booking/test-bookings.ts'
import { startTestServer } from '../test-server.ts'
import { freePort, mimeParts, smtpReceiver, waitFor, webhookReceiver } from './test-receivers.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

const ORIGIN = 'https://northpeak.example'

/** "3:00 PM" on the clock of `timeZone` at `instant`, as Intl writes it in US English. */
const clock = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' })
    .format(new Date(instant))
    .replace(/[\u202f\u00a0]/g, ' ')

/** The invitation of a raw mail: its text/calendar part's header and the VEVENT parsed back by ical.js. */
function invitationOf(raw: string) {
  const parts = mimeParts(raw)
  const calendarPart = parts.find((part) => /^text\/calendar/i.test(part.contentType))
  expect(calendarPart, 'a text/calendar part').toBeDefined()
  // The same invitation as invite.ics (base64, so its CRLF line ends arrive as written; a mail
  // file's text parts have the machine's line ends).
  const attachment = parts.find((part) => /attachment/i.test(part.disposition ?? ''))
  expect(attachment?.body.replace(/\r\n/g, '\n').trim()).toBe(calendarPart!.body.replace(/\r\n/g, '\n').trim())
  const calendar = new ICAL.Component(ICAL.parse(calendarPart!.body))
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const value = (name: string) => vevent.getFirstPropertyValue(name)
  return {
    contentType: calendarPart!.contentType,
    text: parts.find((part) => /^text\/plain/i.test(part.contentType))!.body,
    ics: attachment!.body,
    method: calendar.getFirstPropertyValue('method'),
    uid: value('uid'),
    sequence: value('sequence'),
    status: value('status'),
    summary: value('summary'),
    dtstamp: (value('dtstamp') as ICAL.Time).toString(),
    start: (value('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (value('dtend') as ICAL.Time).toJSDate().toISOString(),
    startIsUtc: (value('dtstart') as ICAL.Time).zone === ICAL.Timezone.utcTimezone,
    organizer: value('organizer'),
    attendee: value('attendee'),
    attendeeName: vevent.getFirstProperty('attendee')!.getParameter('cn'),
  }
}

describe('mail files (no SMTP_URL)', async () => {
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    SITE_ORIGIN: ORIGIN,
  })
  const mailDir = path.join(server.dataDir, 'mail')
  const mailsOf = (kind: string) =>
    readdirSync(mailDir)
      .filter((name) => name.endsWith(`-${kind}.eml`))
      .sort((a, b) => Number(a.split('-').at(-3)) - Number(b.split('-').at(-3)))
      .map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
  const waitForMails = (kind: string, count: number) =>
    waitFor(
      async () => {
        await server.worker.runOnce()
        try {
          return mailsOf(kind).length >= count
        } catch {
          return false
        }
      },
      10_000,
      `${count} ${kind} mails`,
    )
  const linkIn = (text: string, action: string) =>
    new RegExp(`${ORIGIN}/book/manage\\?token=(${action}\\.[A-Za-z0-9._-]+)`).exec(text)?.[1]

  test('booked, moved and cancelled: each mail carries the invitation with the same UID and a raised SEQUENCE, the time on the visitor’s clock, and links that work once', async () => {
    const [slot] = (await slotsOf(server.url)).days[0]!.slots
    const booked = await postBooking(server.url, { ...booker, start: slot!.start, timeZone: 'Asia/Tokyo' })
    expect(booked.status).toBe(201)
    const { booking } = (await booked.json()) as { booking: { id: string } }
    const stored = (await server.store.getBooking(booking.id))!

    await waitForMails('booking-invite', 1)
    const [first] = mailsOf('booking-invite')
    expect(first).toMatch(/^To: ada@example\.com$/m)
    expect(first).toMatch(/^Subject: Booked: your free 30-minute strategy call with Northpeak$/m)
    const invite = invitationOf(first!)
    expect(invite.contentType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST$/i)
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: stored.uid,
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Free strategy call with Northpeak',
      start: slot!.start,
      end: slot!.end,
      startIsUtc: true,
      organizer: 'mailto:hello@northpeak.example',
      attendee: 'mailto:ada@example.com',
      attendeeName: 'Ada Lovelace',
    })
    expect(invite.ics).toMatch(/^DTSTART:\d{8}T\d{6}Z\r$/m)
    expect(invite.ics).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m)
    expect(invite.ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    // The time in words, on the visitor's clock in Tokyo.
    expect(invite.text).toContain(
      `${clock(slot!.start, 'Asia/Tokyo')} to ${clock(slot!.end, 'Asia/Tokyo')} Japan Standard Time (Asia/Tokyo)`,
    )
    const reschedule = linkIn(invite.text, 'reschedule')
    const cancelFirst = linkIn(invite.text, 'cancel')
    expect(reschedule).toBeDefined()
    expect(cancelFirst).toBeDefined()

    // The agency's notice names the booking, on the team's clock.
    await waitForMails('booking-notice', 1)
    const [notice] = mailsOf('booking-notice')
    expect(notice).toMatch(/^To: hello@northpeak\.example$/m)
    expect(notice).toContain('Subject: New booking: Ada Lovelace (Analytical Engines Ltd)')
    expect(notice).toContain(`Booking: ${booking.id}`)
    expect(notice).toContain(`${clock(slot!.start, 'America/New_York')} to ${clock(slot!.end, 'America/New_York')}`)

    // Reschedule through the mailed link.
    const later = (await slotsOf(server.url)).days[2]!.slots[1]!
    const moved = await postBooking(server.url, { token: reschedule, start: later.start }, '/api/bookings/reschedule')
    expect(moved.status).toBe(200)
    await waitForMails('booking-invite', 2)
    const second = invitationOf(mailsOf('booking-invite')[1]!)
    expect(second).toMatchObject({
      method: 'REQUEST',
      uid: stored.uid,
      sequence: 1,
      start: later.start,
      status: 'CONFIRMED',
    })
    expect(second.text).toContain('has moved to:')
    // The first mail's links are spent.
    const used = await postBooking(server.url, { token: cancelFirst }, '/api/bookings/cancel')
    expect(used.status).toBe(410)
    expect(((await used.json()) as { error: string }).error).toContain('This link has already been used')

    // Cancel through the newest mail's link.
    const cancelled = await postBooking(server.url, { token: linkIn(second.text, 'cancel') }, '/api/bookings/cancel')
    expect(cancelled.status).toBe(200)
    await waitForMails('booking-invite', 3)
    const third = mailsOf('booking-invite')[2]!
    expect(third).toMatch(/^Subject: Canceled: your free 30-minute strategy call with Northpeak$/m)
    const cancellation = invitationOf(third)
    expect(cancellation.contentType).toMatch(/method=CANCEL$/i)
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid: stored.uid, sequence: 2, status: 'CANCELLED' })
    expect(cancellation.text).toContain(`To book a new time: ${ORIGIN}/book`)
    expect(linkIn(cancellation.text, 'cancel')).toBeUndefined()
    const again = await postBooking(server.url, { token: linkIn(second.text, 'cancel') }, '/api/bookings/cancel')
    expect(again.status).toBe(410)
  })
})

describe('through SMTP, with the webhook', async () => {
  const SECRET = 'booking-webhook-secret-for-tests'
  const smtp = await smtpReceiver()
  const hooks = await webhookReceiver({ secret: SECRET })
  await hooks.start()
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    SMTP_URL: smtp.url,
    LEAD_WEBHOOK_URL: hooks.url,
    LEAD_WEBHOOK_SECRET: SECRET,
  })

  test('the invitation and the notice are sent, and the webhook gets a signed booking.created', async () => {
    const [slot] = (await slotsOf(server.url)).days[1]!.slots
    const response = await postBooking(server.url, { ...booker, start: slot!.start, timeZone: 'Europe/Berlin' })
    expect(response.status).toBe(201)
    const { booking } = (await response.json()) as { booking: { id: string } }
    await waitFor(() => smtp.received.length >= 2 && hooks.received.length >= 1, 10_000, 'the mails and the hook')
    const invite = smtp.received.find((mail) => mail.to.includes('ada@example.com'))!
    expect(invitationOf(invite.raw)).toMatchObject({ method: 'REQUEST', start: slot!.start, sequence: 0 })
    expect(smtp.received.find((mail) => mail.to.includes('hello@northpeak.example'))).toBeDefined()
    const [hook] = hooks.received
    expect(hook!.signatureValid).toBe(true)
    expect(hook!.body).toMatchObject({
      type: 'booking.created',
      booking: { id: booking.id, start: slot!.start, status: 'confirmed', sequence: 0, email: 'ada@example.com' },
      lead: { kind: 'booking', email: 'ada@example.com', company: booker.company },
    })
  })
})

describe('with the mail server down', async () => {
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  })

  test('the booking is confirmed at once; its mails wait in the outbox with the error', async () => {
    const [slot] = (await slotsOf(server.url)).days[0]!.slots
    const response = await postBooking(server.url, { ...booker, start: slot!.start, timeZone: 'UTC' })
    expect(response.status).toBe(201)
    await server.worker.runOnce()
    await waitFor(async () => (await server.store.listUndelivered()).every((row) => row.attempts >= 1), 10_000)
    const waiting = await server.store.listUndelivered()
    expect(waiting.map((row) => [row.kind, row.state])).toEqual([
      ['booking-invite', 'pending'],
      ['booking-notice', 'pending'],
    ])
    expect(waiting[0]!.lastError).toMatch(/ECONNREFUSED/)
    expect(await server.store.listBookings({ after: new Date(0).toISOString(), status: 'confirmed' })).toHaveLength(1)
  })
})
