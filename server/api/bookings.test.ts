import { describe, expect, test, vi } from 'vitest'
import { signBookingToken } from '../booking/tokens.ts'
import { TEST_BOOKING_SECRET, aBooker, booker, postBooking, slotsOf } from '../booking/test-bookings.ts'
import { attribution } from '../test-leads.ts'
import { startTestServer } from '../test-server.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The booking API through the real server on a loopback port, with the sample settings
// (server/booking/availability.yaml) and the real clock, storing into a real SQLite file. Every
// test posts from 127.0.0.1: the per-address and per-network limits would count them all together
// (the limits have tests of their own, server/booking-pages.test.ts).
const server = await startTestServer({
  LEAD_RATE_LIMIT: '0',
  BOOKING_NETWORK_LIMIT: '0',
  BOOKING_SECRET: TEST_BOOKING_SECRET,
})

/** The clock a person in `timeZone` reads at `start`, "HH:MM". */
const clockIn = (start: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(start),
  )
const dateIn = (start: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(start),
  )

describe('GET /api/bookings/slots', () => {
  test("the free 30-minute slots, grouped by the visitor's days, each with the visitor's clock", async () => {
    const answer = await slotsOf(server.url, 'Asia/Kolkata')
    expect(answer).toMatchObject({ timeZone: 'Asia/Kolkata', teamTimeZone: 'America/New_York', slotMinutes: 30 })
    const slots = answer.days.flatMap((day) => day.slots)
    expect(slots.length).toBeGreaterThan(20)
    for (const day of answer.days) {
      for (const slot of day.slots) {
        expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000)
        expect(slot.time).toBe(clockIn(slot.start, 'Asia/Kolkata'))
        expect(day.date).toBe(dateIn(slot.start, 'Asia/Kolkata'))
        // On the team's grid: a half hour of a New York working day, Monday to Friday.
        expect(clockIn(slot.start, 'America/New_York')).toMatch(/^(09|1[0-6]):(00|30)$/)
      }
    }
    // At least the minimum notice (12 hours) ahead.
    expect(Date.parse(slots[0]!.start)).toBeGreaterThanOrEqual(Date.now() + 12 * 3_600_000 - 60_000)
    // The zone only groups: the same slots from New York.
    const fromNewYork = (await slotsOf(server.url, 'America/New_York')).days.flatMap((day) => day.slots)
    expect(fromNewYork.map((slot) => slot.start)).toEqual(slots.map((slot) => slot.start))
  })

  test('an unknown time zone: 400 naming the field', async () => {
    const response = await fetch(`${server.url}/api/bookings/slots?timeZone=Mars/Olympus_Mons`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'Unknown time zone',
      fields: { timeZone: 'Use an IANA time zone such as Europe/Berlin' },
    })
  })
})

describe('POST /api/bookings', () => {
  test('a free slot: 201 with the booking; the lead and the call stored; the slot no longer offered', async () => {
    const [slot] = (await slotsOf(server.url)).days[0]!.slots
    const ada = aBooker()
    const response = await postBooking(server.url, {
      ...ada,
      start: slot!.start,
      timeZone: 'Europe/Berlin',
      page: '/book',
      ...attribution,
    })
    expect(response.status).toBe(201)
    const { booking } = (await response.json()) as { booking: { id: string } }
    expect(booking).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      start: slot!.start,
      end: slot!.end,
      timeZone: 'Europe/Berlin',
      status: 'confirmed',
    })
    const stored = await server.store.getBooking(booking.id)
    expect(stored).toMatchObject({ ...ada, start: slot!.start, sequence: 0, status: 'confirmed' })
    expect(stored!.uid).toMatch(/@northpeak\.example$/)
    const lead = (await server.store.exportLeads()).find((candidate) => candidate.id === stored!.leadId)
    expect(lead).toMatchObject({
      kind: 'booking',
      name: ada.name,
      email: ada.email,
      company: ada.company,
      message: ada.note,
      page: '/book',
      ...attribution,
    })
    const offered = (await slotsOf(server.url)).days.flatMap((day) => day.slots.map((free) => free.start))
    expect(offered).not.toContain(slot!.start)
  })

  test('a malformed booking: 400 with a reason per field, nothing stored', async () => {
    const before = await server.store.countLeads()
    const response = await postBooking(server.url, {
      name: ' ',
      email: 'not-an-address',
      start: '2026-12-02T09:00',
      timeZone: 'Mars/Olympus_Mons',
      note: 'x'.repeat(5001),
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'Some fields need attention',
      fields: {
        name: 'Enter your name',
        email: 'Enter a valid email address, like name@company.com',
        company: 'Enter your company',
        note: 'Keep your note under 5,000 characters',
        start: 'Choose one of the times offered',
        timeZone: 'Choose your time zone from the list, such as Europe/Berlin',
      },
    })
    expect((await postBooking(server.url, '{"start":')).status).toBe(400)
    expect(await server.store.countLeads()).toBe(before)
  })

  test('a control character in a typed field: 400 naming the field, nothing stored (issue 38)', async () => {
    const [slot] = (await slotsOf(server.url)).days[0]!.slots
    const before = await server.store.countLeads()
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { name: 'Ada\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Pay at evil.example\rEND:VEVENT' },
        { name: 'Remove the control characters from your name' },
      ],
      // Checked before trimming: a trailing CR is refused, not trimmed away.
      [{ name: 'Ada Lovelace\r' }, { name: 'Remove the control characters from your name' }],
      [
        { company: 'Analytical Engines\r\nLtd', note: 'Call me\rplease', email: 'ada@example.com\u0000' },
        {
          company: 'Remove the control characters from your company name',
          note: 'Remove the control characters from your note',
          email: 'Remove the control characters from your email address',
        },
      ],
    ]
    for (const [fields, messages] of cases) {
      const response = await postBooking(server.url, {
        ...booker,
        ...fields,
        start: slot!.start,
        timeZone: 'Europe/Berlin',
      })
      expect(response.status, JSON.stringify(fields)).toBe(400)
      expect(await response.json()).toEqual({ error: 'Some fields need attention', fields: messages })
    }
    expect(await server.store.countLeads()).toBe(before)
    expect((await slotsOf(server.url)).days[0]!.slots[0]!.start).toBe(slot!.start)
  })

  test('a note with line breaks as a form post sends them (CRLF): booked, stored with LF', async () => {
    const [slot] = (await slotsOf(server.url)).days[1]!.slots
    const response = await postBooking(server.url, {
      ...aBooker(),
      note: 'Two things:\r\n1. search\r\n2. ads',
      start: slot!.start,
      timeZone: 'Europe/Berlin',
    })
    expect(response.status).toBe(201)
    const { booking } = (await response.json()) as { booking: { id: string } }
    const stored = await server.store.getBooking(booking.id)
    const lead = (await server.store.exportLeads()).find((candidate) => candidate.id === stored!.leadId)
    expect(lead).toMatchObject({ kind: 'booking', message: 'Two things:\n1. search\n2. ads' })
  })

  test('a slot taken: 409 saying so, with the nearest free slots; a time that is no slot: 409 too', async () => {
    const [first, second] = (await slotsOf(server.url)).days[0]!.slots
    expect((await postBooking(server.url, { ...aBooker(), start: first!.start, timeZone: 'UTC' })).status).toBe(201)
    const before = await server.store.countLeads()
    const taken = await postBooking(server.url, {
      ...booker,
      email: 'grace@example.org',
      start: first!.start,
      timeZone: 'UTC',
    })
    expect(taken.status).toBe(409)
    const body = (await taken.json()) as { error: string; reason: string; nearest: { start: string }[] }
    expect(body.error).toBe(
      'That time has just been booked by someone else. Pick one of the nearest free times instead.',
    )
    expect(body.reason).toBe('taken')
    expect(body.nearest).toHaveLength(3)
    const offered = (await slotsOf(server.url)).days.flatMap((day) => day.slots.map((free) => free.start))
    for (const slot of body.nearest) expect(offered).toContain(slot.start)
    expect(body.nearest.map((slot) => slot.start)).not.toContain(first!.start)
    expect(await server.store.countLeads()).toBe(before)

    const offGrid = new Date(Date.parse(second!.start) + 10 * 60_000).toISOString()
    const notASlot = await postBooking(server.url, { ...booker, start: offGrid, timeZone: 'UTC' })
    expect(notASlot.status).toBe(409)
    expect(await notASlot.json()).toMatchObject({
      reason: 'not-a-slot',
      error: 'That is not one of the call times we offer. Pick one of the nearest free times instead.',
    })
  })

  test('the same form sent again (a retry after a lost answer, its formKey): 201 with the same booking, booked once', async () => {
    const [, slot] = (await slotsOf(server.url)).days[1]!.slots
    const request = { ...booker, email: 'retry@example.com', start: slot!.start, timeZone: 'UTC', formKey: 'form-1' }
    const first = await postBooking(server.url, request)
    expect(first.status).toBe(201)
    const before = await server.store.countLeads()
    const again = await postBooking(server.url, { ...request, email: 'Retry@Example.com' })
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual(await first.json())
    expect(await server.store.countLeads()).toBe(before)
    // Someone else asking for it is still refused.
    expect((await postBooking(server.url, { ...request, email: 'other@example.com', formKey: 'form-2' })).status).toBe(
      409,
    )
  })

  test("the booker's address and time, without the form's key, give nobody the booking: 409, no id (issue 38)", async () => {
    const [slot] = (await slotsOf(server.url)).days[2]!.slots
    const victim = { ...aBooker(), start: slot!.start, timeZone: 'Europe/Berlin', formKey: 'the-victims-form' }
    const booked = await postBooking(server.url, victim)
    expect(booked.status).toBe(201)
    const { booking } = (await booked.json()) as { booking: { id: string } }
    const before = await server.store.countLeads()
    for (const attempt of [
      { ...victim, formKey: undefined },
      { ...victim, email: victim.email.toUpperCase(), formKey: undefined },
      { ...victim, formKey: 'the-attackers-form' },
    ]) {
      const response = await postBooking(server.url, { ...attempt, name: 'Mallory' })
      expect(response.status).toBe(409)
      const text = await response.text()
      expect(text).not.toContain(booking.id)
      expect(JSON.parse(text)).toMatchObject({ reason: 'taken' })
    }
    expect(await server.store.countLeads()).toBe(before)
    expect(await server.store.getBooking(booking.id)).toMatchObject({
      sequence: 0,
      status: 'confirmed',
      name: 'Ada Lovelace',
    })
  })

  test('a date no calendar has (November 31): 400 naming the start, nothing stored (issue 38)', async () => {
    const before = await server.store.countLeads()
    const response = await postBooking(server.url, { ...aBooker(), start: '2026-11-31T15:00:00Z', timeZone: 'UTC' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'Some fields need attention',
      fields: { start: 'Choose one of the times offered' },
    })
    expect(await server.store.countLeads()).toBe(before)
  })

  test('a bot (the honeypot filled in) is answered like a person and books nothing', async () => {
    const [slot] = (await slotsOf(server.url)).days[2]!.slots
    const before = await server.store.countLeads()
    const response = await postBooking(server.url, { ...booker, start: slot!.start, timeZone: 'UTC', website: 'spam' })
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({
      booking: { start: slot!.start, end: slot!.end, status: 'confirmed' },
    })
    expect(await server.store.countLeads()).toBe(before)
    const offered = (await slotsOf(server.url)).days.flatMap((day) => day.slots.map((free) => free.start))
    expect(offered).toContain(slot!.start)
  })

  test('a post from another site or not as JSON is refused', async () => {
    const [slot] = (await slotsOf(server.url)).days[1]!.slots
    const crossSite = await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      body: JSON.stringify({ ...booker, start: slot!.start, timeZone: 'UTC' }),
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    })
    expect(crossSite.status).toBe(403)
    const form = await fetch(`${server.url}/api/bookings`, { method: 'POST', body: 'name=x' })
    expect(form.status).toBe(415)
  })
})

describe('reschedule and cancel by link', () => {
  async function book(dayIndex: number) {
    const [slot] = (await slotsOf(server.url)).days[dayIndex]!.slots
    const response = await postBooking(server.url, { ...aBooker(), start: slot!.start, timeZone: 'Asia/Tokyo' })
    expect(response.status).toBe(201)
    return ((await response.json()) as { booking: { id: string; start: string } }).booking
  }
  const token = (action: 'reschedule' | 'cancel', id: string, sequence: number) =>
    signBookingToken(TEST_BOOKING_SECRET, { action, id, sequence })

  test('reschedule: 200 with the new time; the old link then gets a 410 that explains itself', async () => {
    const booking = await book(2)
    const look = await fetch(`${server.url}/api/bookings/manage?token=${token('reschedule', booking.id, 0)}`)
    expect(look.status).toBe(200)
    expect(await look.json()).toMatchObject({ booking: { id: booking.id, start: booking.start, status: 'confirmed' } })

    const later = (await slotsOf(server.url)).days[3]!.slots[0]!
    const moved = await postBooking(
      server.url,
      { token: token('reschedule', booking.id, 0), start: later.start },
      '/api/bookings/reschedule',
    )
    expect(moved.status).toBe(200)
    expect(await moved.json()).toMatchObject({ booking: { id: booking.id, start: later.start, status: 'confirmed' } })
    expect(await server.store.getBooking(booking.id)).toMatchObject({ sequence: 1, start: later.start })

    for (const [path, body] of [
      ['/api/bookings/reschedule', { token: token('reschedule', booking.id, 0), start: booking.start }],
      ['/api/bookings/cancel', { token: token('cancel', booking.id, 0) }],
    ] as const) {
      const spent = await postBooking(server.url, body, path)
      expect(spent.status).toBe(410)
      expect(await spent.json()).toEqual({
        error:
          'This link has already been used: the call was changed after this email was sent. Use the links in the latest email about your call, or book a new time.',
        reason: 'changed',
        bookAgain: '/book',
      })
    }
    // The old time is free again.
    const offered = (await slotsOf(server.url)).days.flatMap((day) => day.slots.map((free) => free.start))
    expect(offered).toContain(booking.start)
  })

  test('cancel: 200, the slot free again; every link of the booking then gets a 410', async () => {
    const booking = await book(4)
    const cancelled = await postBooking(server.url, { token: token('cancel', booking.id, 0) }, '/api/bookings/cancel')
    expect(cancelled.status).toBe(200)
    expect(await cancelled.json()).toMatchObject({ booking: { id: booking.id, status: 'cancelled' } })
    const offered = (await slotsOf(server.url)).days.flatMap((day) => day.slots.map((free) => free.start))
    expect(offered).toContain(booking.start)

    for (const sequence of [0, 1]) {
      const again = await postBooking(
        server.url,
        { token: token('cancel', booking.id, sequence) },
        '/api/bookings/cancel',
      )
      expect(again.status).toBe(410)
      expect(await again.json()).toEqual({
        error: 'This call was canceled, so its links no longer work. You are welcome to book a new time.',
        reason: 'cancelled',
        bookAgain: '/book',
      })
    }
  })

  test('a link altered or cut short: 400, and nothing changes', async () => {
    const booking = await book(5)
    const good = token('cancel', booking.id, 0)
    for (const bad of [good.slice(0, -1), good.replace('cancel.', 'reschedule.'), `${good}x`, 'nonsense']) {
      const response = await postBooking(server.url, { token: bad }, '/api/bookings/cancel')
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: 'This link is not valid: it may have been cut short. Open it again from the email, or book a new time.',
        bookAgain: '/book',
      })
    }
    // A link signed with another secret is as bad.
    const forged = signBookingToken('another-secret-of-at-least-32-characters', {
      action: 'cancel',
      id: booking.id,
      sequence: 0,
    })
    expect((await postBooking(server.url, { token: forged }, '/api/bookings/cancel')).status).toBe(400)
    expect(await server.store.getBooking(booking.id)).toMatchObject({ status: 'confirmed', sequence: 0 })
  })
})
