import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ICAL from 'ical.js'
import { describe, expect, test, vi } from 'vitest'
import {
  TEST_BOOKING_SECRET,
  booker,
  bookingFormOf,
  bookThroughPage,
  landingOf,
  openBookingPage,
  submitForm,
  answeredPage,
} from '../booking/test-bookings.ts'
import type { Store } from '../store/store.ts'
import { startTestServer } from '../test-server.ts'
import { freePort, mimeParts, smtpReceiver, waitFor, webhookReceiver } from './test-receivers.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

const ORIGIN = 'https://northpeak.example'

/** The end of the 30-minute call that starts at `start`. */
const endOf = (start: string) => new Date(Date.parse(start) + 30 * 60_000).toISOString()

/** The booking the store holds for the call at `start`. */
async function bookingAt(store: Store, start: string) {
  const found = (await store.listBookings({ after: new Date(0).toISOString() })).filter((row) => row.start === start)
  expect(found).toHaveLength(1)
  return found[0]!
}

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
    // Booked through the booking form, as a visitor in Tokyo without scripts sends it.
    const { response: booked, start } = await bookThroughPage(server.url, booker, { timeZone: 'Asia/Tokyo' })
    expect(booked.status).toBe(303)
    expect((await landingOf(server.url, booked)).heading).toBe('Your call is booked')
    const stored = await bookingAt(server.store, start)
    const slot = { start, end: endOf(start) }

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
      start: slot.start,
      end: slot.end,
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
      `${clock(slot.start, 'Asia/Tokyo')} to ${clock(slot.end, 'Asia/Tokyo')} Japan Standard Time (Asia/Tokyo)`,
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
    expect(notice).toContain(`Booking: ${stored.id}`)
    expect(notice).toContain(`${clock(slot.start, 'America/New_York')} to ${clock(slot.end, 'America/New_York')}`)

    // Reschedule through the mailed link: its page offers the free times; the visitor picks one a few days on.
    const movePage = await openBookingPage(server.url, `/book/manage?token=${reschedule}`)
    expect(movePage.heading).toBe('Move your call')
    const later = movePage.offered.find((free) => Date.parse(free) > Date.parse(slot.start) + 2 * 86_400_000)!
    const moved = await submitForm(server.url, bookingFormOf(movePage), { start: later })
    expect(moved.status).toBe(200)
    expect((await answeredPage(moved)).heading).toBe('Your call is moved')
    await waitForMails('booking-invite', 2)
    const second = invitationOf(mailsOf('booking-invite')[1]!)
    expect(second).toMatchObject({
      method: 'REQUEST',
      uid: stored.uid,
      sequence: 1,
      start: later,
      status: 'CONFIRMED',
    })
    expect(second.text).toContain('has moved to:')
    // The first mail's links are spent: its cancel link's page says so, and its button cancels nothing.
    const usedPage = await openBookingPage(server.url, `/book/manage?token=${cancelFirst}`)
    expect(usedPage.status).toBe(410)
    expect(usedPage.lede).toContain('This link has already been used')
    const used = await submitForm(server.url, {
      action: `/book/manage?token=${cancelFirst}&_action=cancel`,
      hidden: { token: cancelFirst! },
    })
    expect(used.status).toBe(410)
    expect((await answeredPage(used)).lede).toContain('This link has already been used')

    // Cancel through the newest mail's link: its page asks, its button cancels.
    const cancelPage = await openBookingPage(server.url, `/book/manage?token=${linkIn(second.text, 'cancel')}`)
    expect(cancelPage.heading).toBe('Cancel your call?')
    const [cancelForm] = cancelPage.forms
    expect(cancelForm!.buttons).toEqual(['Cancel my call'])
    const cancelled = await submitForm(server.url, cancelForm!)
    expect(cancelled.status).toBe(200)
    expect((await answeredPage(cancelled)).heading).toBe('Your call is canceled')
    await waitForMails('booking-invite', 3)
    const third = mailsOf('booking-invite')[2]!
    expect(third).toMatch(/^Subject: Canceled: your free 30-minute strategy call with Northpeak$/m)
    const cancellation = invitationOf(third)
    expect(cancellation.contentType).toMatch(/method=CANCEL$/i)
    expect(cancellation).toMatchObject({ method: 'CANCEL', uid: stored.uid, sequence: 2, status: 'CANCELLED' })
    expect(cancellation.text).toContain(`To book a new time: ${ORIGIN}/book`)
    expect(linkIn(cancellation.text, 'cancel')).toBeUndefined()
    const again = await submitForm(server.url, cancelForm!)
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
    const { response, start } = await bookThroughPage(server.url, booker, { timeZone: 'Europe/Berlin', index: 3 })
    expect(response.status).toBe(303)
    const booking = await bookingAt(server.store, start)
    const slot = { start }
    await waitFor(() => smtp.received.length >= 2 && hooks.received.length >= 1, 10_000, 'the mails and the hook')
    const invite = smtp.received.find((mail) => mail.to.includes('ada@example.com'))!
    expect(invitationOf(invite.raw)).toMatchObject({ method: 'REQUEST', start: slot.start, sequence: 0 })
    expect(smtp.received.find((mail) => mail.to.includes('hello@northpeak.example'))).toBeDefined()
    const [hook] = hooks.received
    expect(hook!.signatureValid).toBe(true)
    expect(hook!.body).toMatchObject({
      type: 'booking.created',
      booking: { id: booking.id, start: slot.start, status: 'confirmed', sequence: 0, email: 'ada@example.com' },
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
    const { response } = await bookThroughPage(server.url, booker, { timeZone: 'UTC' })
    expect(response.status).toBe(303)
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
