import { readFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAvailability } from './availability.ts'
import { createBusyReader, maxCalendarAnswerBytes, readBusy } from './caldav.ts'
import { readMultistatus } from './caldav-xml.ts'
import { busyWindow, freeSlots } from './slots.ts'
import { startRadicale, type Radicale } from './test-radicale.ts'
import { sampleWeek } from './test-week.ts'

// A real CalDAV server (Debian's radicale) on loopback, one for this file. New York is UTC-5
// (EST) from 2026-11-01 02:00: 10:00 there is 15:00Z.

const team = 'America/New_York'

/** The events of the team's calendar in these tests, each one calendar object (fixtures/). */
const events = [
  'client-review', // Monday 2026-11-02 10:00-11:00
  'weekly-standup', // Tuesdays 10:00-10:30; 11-10 moved to Thursday 11-12 15:00, 11-17 left out
  'reading-hour', // Wednesday 11-04 13:00-14:00, transparent
  'cancelled-call', // Wednesday 11-04 15:00-16:00, cancelled
  'team-offsite', // all Friday 11-06
  'summer-retreat', // 2027-06-01: after every window here
  'september-workshop', // three Mondays of September 2026: before every window here
]

function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}.ics`, import.meta.url), 'utf8').replace(/\r?\n/g, '\r\n')
}

const busy = (start: string, end: string) => ({
  start: new Date(`${start}Z`).toISOString(),
  end: new Date(`${end}Z`).toISOString(),
})

/** Monday 2026-11-02 to Saturday 2026-11-21, midnight to midnight in New York. */
const threeWeeks = { start: '2026-11-02T05:00:00.000Z', end: '2026-11-21T05:00:00.000Z' }

let radicale: Radicale
let calendar: string

beforeAll(async () => {
  radicale = await startRadicale()
  calendar = await radicale.createCalendar('work')
  for (const name of events) await radicale.putEvent(calendar, name, fixture(name))
}, 60_000)

afterAll(async () => {
  await radicale?.stop()
})

const account = () => ({ url: calendar, username: radicale.username, password: radicale.password })

/** A fetch that keeps the text of every answer, to see what the server sent. */
function recordingFetch() {
  const answers: string[] = []
  const calls: string[] = []
  const recording: typeof fetch = async (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`)
    const response = await fetch(input, init)
    answers.push(await response.clone().text())
    return response
  }
  return { fetch: recording, answers, calls }
}

describe('readBusy against Radicale', () => {
  it('gives the busy time of three weeks: one event, a weekly one with its moved and its left-out occurrence, an all-day one', async () => {
    const result = await readBusy({ ...account(), window: threeWeeks, timeZone: team })
    expect(result).toEqual({
      ok: true,
      busy: [
        busy('2026-11-02T15:00', '2026-11-02T16:00'), // client review
        busy('2026-11-03T15:00', '2026-11-03T15:30'), // standup
        // Wednesday 11-04: the transparent reading hour and the cancelled call take no time
        busy('2026-11-06T05:00', '2026-11-07T05:00'), // the offsite, midnight to midnight in New York
        // Tuesday 11-10: the standup moved to Thursday
        busy('2026-11-12T20:00', '2026-11-12T20:30'),
        // Tuesday 11-17: left out
      ],
    })
  })

  it('asks the server for the window only: events outside it are not sent', async () => {
    const recorder = recordingFetch()
    // Monday 2026-11-02, New York's day.
    const monday = { start: '2026-11-02T05:00:00.000Z', end: '2026-11-03T05:00:00.000Z' }
    const result = await readBusy({ ...account(), window: monday, timeZone: team, fetch: recorder.fetch })
    expect(result).toEqual({ ok: true, busy: [busy('2026-11-02T15:00', '2026-11-02T16:00')] })
    expect(recorder.calls).toEqual([`REPORT ${calendar}`])
    expect(readMultistatus(recorder.answers[0]!).map((object) => object.href)).toEqual(['/team/work/client-review.ics'])
  })

  it('gives no busy time for a window with no events, and an empty calendar', async () => {
    const december = { start: '2026-12-01T05:00:00.000Z', end: '2026-12-05T05:00:00.000Z' }
    const standups = await readBusy({ ...account(), window: december, timeZone: team })
    expect(standups).toEqual({ ok: true, busy: [busy('2026-12-01T15:00', '2026-12-01T15:30')] })
    const empty = await radicale.createCalendar('empty')
    expect(await readBusy({ ...account(), url: empty, window: threeWeeks, timeZone: team })).toEqual({
      ok: true,
      busy: [],
    })
  })

  it('refuses a wrong password with { ok: false }', async () => {
    const result = await readBusy({ ...account(), password: 'not-the-password', window: threeWeeks, timeZone: team })
    expect(result).toMatchObject({ ok: false, reason: 'refused' })
    expect(result.ok === false && result.detail).toMatch(/401/)
  })

  it('fails on a calendar URL the server does not have', async () => {
    const url = `${radicale.origin}/team/no-such-calendar/`
    const result = await readBusy({ ...account(), url, window: threeWeeks, timeZone: team })
    expect(result).toMatchObject({ ok: false, reason: 'http-error' })
  })
})

describe('readBusy when the calendar cannot be read', () => {
  it('fails quickly on a server that is down (a closed port)', async () => {
    const probe = createServer().listen(0, '127.0.0.1')
    await once(probe, 'listening')
    const { port } = probe.address() as { port: number }
    await new Promise((resolve) => probe.close(resolve))
    const started = Date.now()
    const result = await readBusy({
      url: `http://127.0.0.1:${port}/team/work/`,
      username: 'team',
      password: 'secret',
      window: threeWeeks,
      timeZone: team,
      timeoutMs: 10_000,
    })
    expect(result).toMatchObject({ ok: false, reason: 'unreachable' })
    expect(result.ok === false && result.detail).toMatch(/ECONNREFUSED/)
    // At once, not at the timeout (a margin for a loaded machine).
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('gives up on a server that takes the connection and never answers, after the timeout', async () => {
    const sockets: Socket[] = []
    const silent: Server = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1')
    await once(silent, 'listening')
    const { port } = silent.address() as { port: number }
    try {
      const started = Date.now()
      const result = await readBusy({
        url: `http://127.0.0.1:${port}/team/work/`,
        username: 'team',
        password: 'secret',
        window: threeWeeks,
        timeZone: team,
        timeoutMs: 400,
      })
      const took = Date.now() - started
      expect(result).toMatchObject({ ok: false, reason: 'timeout' })
      expect(result.ok === false && result.detail).toMatch(/400 ms/)
      expect(took).toBeGreaterThanOrEqual(390)
      expect(took).toBeLessThan(2000)
      expect(sockets.length).toBe(1)
    } finally {
      for (const socket of sockets) socket.destroy()
      silent.close()
    }
  })

  it('fails on an answer that is not a calendar: a web page, a multistatus of something else', async () => {
    const pages = createHttpServer((request, response) => {
      if (request.url === '/login/') {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>')
      } else {
        response.writeHead(207, { 'content-type': 'text/html' }).end('<!DOCTYPE html><html><body>Hello</body></html>')
      }
    }).listen(0, '127.0.0.1')
    await once(pages, 'listening')
    const { port } = pages.address() as { port: number }
    try {
      const read = (path: string) =>
        readBusy({
          url: `http://127.0.0.1:${port}${path}`,
          username: 'team',
          password: 'secret',
          window: threeWeeks,
          timeZone: team,
        })
      expect(await read('/login/')).toMatchObject({ ok: false, reason: 'http-error' })
      const unreadable = await read('/calendar/')
      expect(unreadable).toMatchObject({ ok: false, reason: 'unreadable' })
      expect(unreadable.ok === false && unreadable.detail).toMatch(/document type declaration/)
    } finally {
      pages.close()
    }
  })

  it('fails on an answer larger than the cap, without reading the rest of it', async () => {
    const chunk = Buffer.alloc(64 * 1024, '<response xmlns="DAV:"><href>/c/a.ics</href></response>')
    const flood = createHttpServer((request, response) => {
      response.writeHead(207, { 'content-type': 'application/xml' })
      response.write('<multistatus xmlns="DAV:">')
      // An endless answer: it stops only when the reader hangs up.
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more)
      }
      more()
    }).listen(0, '127.0.0.1')
    await once(flood, 'listening')
    const { port } = flood.address() as { port: number }
    try {
      const result = await readBusy({
        url: `http://127.0.0.1:${port}/team/work/`,
        username: 'team',
        password: 'secret',
        window: threeWeeks,
        timeZone: team,
        timeoutMs: 10_000,
      })
      expect(result).toMatchObject({ ok: false, reason: 'unreadable' })
      expect(result.ok === false && result.detail).toMatch(`more than ${maxCalendarAnswerBytes} bytes`)
    } finally {
      flood.closeAllConnections()
      flood.close()
    }
  })

  it('fails on a calendar object whose time cannot be placed, naming it', async () => {
    const odd = await radicale.createCalendar('odd')
    await radicale.putEvent(odd, 'client-review', fixture('client-review'))
    await radicale.putEvent(odd, 'mars', fixture('unknown-zone').replace(/UID:.*/, 'UID:mars@northpeak.example'))
    const result = await readBusy({ ...account(), url: odd, window: threeWeeks, timeZone: team })
    expect(result).toMatchObject({ ok: false, reason: 'unreadable' })
    expect(result.ok === false && result.detail).toMatch(/mars@northpeak.example/)
  })
})

describe('createBusyReader: a short cache', () => {
  it('serves a page view from the last answer for 60 s, asks again after, and keeps no answer after a failure', async () => {
    let clock = Date.parse('2026-11-01T17:00:00.000Z')
    let down = false
    let attempts = 0
    const recorder = recordingFetch()
    const reader = createBusyReader({
      ...account(),
      timeZone: team,
      now: () => clock,
      fetch: (input, init) => {
        attempts += 1
        return down ? Promise.reject(new TypeError('fetch failed')) : recorder.fetch(input, init)
      },
    })
    const monday = { start: '2026-11-02T05:00:00.000Z', end: '2026-11-03T05:00:00.000Z' }
    const expected = { ok: true, busy: [busy('2026-11-02T15:00', '2026-11-02T16:00')] }
    expect(await reader.read(monday)).toEqual(expected)
    expect(attempts).toBe(1)
    // 59 s later, a window that starts a little later (the minimum notice moves with the clock).
    clock += 59_000
    expect(await reader.read({ ...monday, start: '2026-11-02T05:00:59.000Z' })).toEqual(expected)
    expect(attempts).toBe(1)
    // A window the last answer does not cover is asked for.
    expect(await reader.read(threeWeeks)).toMatchObject({ ok: true })
    expect(attempts).toBe(2)
    // Monday again, from that answer; 61 s after it, asked again.
    clock += 30_000
    expect(await reader.read(monday)).toEqual(expected)
    expect(attempts).toBe(2)
    clock += 31_000
    expect(await reader.read(monday)).toEqual(expected)
    expect(attempts).toBe(3)
    // The calendar goes down. Monday's answer is a second old, but a read that must ask (a wider
    // window) fails: the answer is dropped, and Monday is asked for again, and fails too.
    down = true
    clock += 1_000
    expect(await reader.read(threeWeeks)).toMatchObject({ ok: false, reason: 'unreachable' })
    expect(attempts).toBe(4)
    clock += 1_000
    expect(await reader.read(monday)).toMatchObject({ ok: false, reason: 'unreachable' })
    expect(attempts).toBe(5)
    // A failure is not kept either: the next view asks, and gets the calendar back.
    down = false
    clock += 1_000
    expect(await reader.read(monday)).toEqual(expected)
    expect(attempts).toBe(6)
  })

  it('sends one request for page views that come while it is asked', async () => {
    const recorder = recordingFetch()
    const reader = createBusyReader({ ...account(), timeZone: team, fetch: recorder.fetch })
    const answers = await Promise.all([reader.read(threeWeeks), reader.read(threeWeeks), reader.read(threeWeeks)])
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true])
    expect(recorder.calls).toHaveLength(1)
  })
})

describe("the slot engine with Radicale's busy time", () => {
  it('drops exactly the slots that overlap an event with their buffers, nothing else', async () => {
    // The sample settings' rules: 15 minutes before and after each call, 12 h notice, 30 days.
    const settings = checkAvailability(
      {
        timeZone: team,
        bufferBeforeMinutes: 15,
        bufferAfterMinutes: 15,
        minimumNoticeHours: 12,
        horizonDays: 30,
        maxCallsPerDay: 4,
        weeklyHours: sampleWeek,
        holidays: [{ date: '2026-11-26', name: 'Thanksgiving Day' }],
        overrides: [],
      },
      'test settings',
    )
    // Sunday 2026-11-01 12:00 in New York.
    const now = Date.parse('2026-11-01T17:00:00.000Z')
    const result = await readBusy({ ...account(), window: busyWindow(settings, now), timeZone: team })
    if (!result.ok) throw new Error(`the calendar was not read: ${result.detail}`)
    const withCalendar = freeSlots({ settings, now, busy: result.busy, booked: [] }).map((slot) => slot.start)
    const without = freeSlots({ settings, now, busy: [], booked: [] }).map((slot) => slot.start)
    expect(withCalendar.every((start) => without.includes(start))).toBe(true)
    const utc = (date: string, ...times: string[]) => times.map((time) => new Date(`${date}T${time}Z`).toISOString())
    expect(without.filter((start) => !withCalendar.includes(start))).toEqual([
      // Monday: the review 10:00-11:00; the 9:30, 10:00, 10:30 and 11:00 calls or their buffers overlap it.
      ...utc('2026-11-02', '14:30', '15:00', '15:30', '16:00'),
      // Tuesday: the standup 10:00-10:30; 9:30 (its buffer after), 10:00, 10:30 (its buffer before).
      ...utc('2026-11-03', '14:30', '15:00', '15:30'),
      // Wednesday: nothing (the reading hour is free, the vendor call cancelled). Friday: the offsite.
      ...utc('2026-11-06', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'),
      // Thursday 11-12: the standup of 11-10, moved to 15:00-15:30.
      ...utc('2026-11-12', '19:30', '20:00', '20:30'),
      // Tuesday 11-17: no standup. Tuesday 11-24, and 12-01, the horizon's last day: the standup.
      ...utc('2026-11-24', '14:30', '15:00', '15:30'),
      ...utc('2026-12-01', '14:30', '15:00', '15:30'),
    ])
  })
})
