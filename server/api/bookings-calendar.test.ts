import { afterAll, describe, expect, test, vi } from 'vitest'
import { loadAvailability } from '../booking/availability.ts'
import { freeSlots } from '../booking/slots.ts'
import { TEST_BOOKING_SECRET, booker, postBooking, slotsOf } from '../booking/test-bookings.ts'
import { startRadicale } from '../booking/test-radicale.ts'
import { freePort } from '../outbox/test-receivers.ts'
import { startTestServer } from '../test-server.ts'

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 })

const ics = (start: string, end: string) => `BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Northpeak//tests//EN\r
BEGIN:VEVENT\r
UID:blocked-call@northpeak.example\r
DTSTAMP:20261101T000000Z\r
DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}\r
DTEND:${end.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}\r
SUMMARY:Client review\r
END:VEVENT\r
END:VCALENDAR\r
`

describe("the team's calendar (a real Radicale)", async () => {
  const radicale = await startRadicale()
  afterAll(() => radicale.stop())
  const calendar = await radicale.createCalendar('work')
  // The first slot the settings offer now, with nothing booked: an event is put on it before the server starts.
  const [first] = freeSlots({ settings: loadAvailability(), now: Date.now(), busy: [], booked: [] })
  await radicale.putEvent(calendar, 'client-review', ics(first!.start, first!.end))
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    CALDAV_URL: calendar,
    CALDAV_USERNAME: radicale.username,
    CALDAV_PASSWORD: radicale.password,
  })

  test('a busy time is not offered, and booking it is refused with the nearest free slots', async () => {
    const offered = (await slotsOf(server.url)).days.flatMap((day) => day.slots.map((slot) => slot.start))
    expect(offered.length).toBeGreaterThan(20)
    expect(offered).not.toContain(first!.start)
    const refused = await postBooking(server.url, { ...booker, start: first!.start, timeZone: 'UTC' })
    expect(refused.status).toBe(409)
    const body = (await refused.json()) as { reason: string; nearest: { start: string }[] }
    expect(body.reason).toBe('taken')
    expect(body.nearest).toHaveLength(3)
    for (const slot of body.nearest) expect(offered).toContain(slot.start)
    const booked = await postBooking(server.url, { ...booker, start: body.nearest[0]!.start, timeZone: 'UTC' })
    expect(booked.status).toBe(201)
  })
})

describe('the calendar not answering', async () => {
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    CALDAV_URL: `http://127.0.0.1:${await freePort()}/team/work/`,
    CALDAV_USERNAME: 'team',
    CALDAV_PASSWORD: 'secret',
  })

  test('no slots are offered and no booking is taken: a 503 that says why', async () => {
    const slots = await fetch(`${server.url}/api/bookings/slots?timeZone=Europe/Berlin`)
    expect(slots.status).toBe(503)
    expect(await slots.json()).toEqual({
      error:
        "We cannot check the team's calendar right now, so no times are offered. Please try again shortly, or use the contact form.",
    })
    const [slot] = freeSlots({ settings: loadAvailability(), now: Date.now(), busy: [], booked: [] })
    const booking = await postBooking(server.url, { ...booker, start: slot!.start, timeZone: 'UTC' })
    expect(booking.status).toBe(503)
    expect(((await booking.json()) as { error: string }).error).toContain(
      "We cannot check the team's calendar right now",
    )
    expect(await server.store.countLeads()).toBe(0)
    expect(server.logs.join('\n')).toContain('"event":"booking_calendar_unavailable"')
    expect(server.logs.join('\n')).not.toContain('secret')
  })
})
