import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { whenInZone } from '#app/lib/booking/booking-days.ts'
import { FORM_KEY_FIELD } from '#app/lib/booking/booking-form.ts'
import { loadAvailability } from './booking/availability.ts'
import { HOLD_MINUTES } from './booking/limits.ts'
import { freeSlots } from './booking/slots.ts'
import {
  TEST_BOOKING_SECRET,
  aBooker,
  answeredPage,
  booker,
  bookingFormOf,
  bookPage,
  landingOf,
  offeredStarts,
  openBookingPage,
  readBookingPage,
  submitForm,
  wokenBookingForm,
} from './booking/test-bookings.ts'
import { startRadicale } from './booking/test-radicale.ts'
import { signBookingToken, type BookingAction } from './booking/tokens.ts'
import { freePort, mimeParts, waitFor } from './outbox/test-receivers.ts'
import { testDatabases } from './store/test-database.ts'
import { attribution } from './leads/test-leads.ts'
import { expectRetryWithinAMinute, startTestServer } from './test-server.ts'

// Real servers and databases: give them time on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

// The booking's writes as a visitor without scripts makes them: the booking
// form's plain post to the book action on /book (`POST /book?_action=book`),
// and the buttons of a mailed link's page to the reschedule, cancel and
// confirm actions on /book/manage (app/actions/booking.ts;
// docs/decisions/045-astro-owns-pages-forms-and-content.md), through the real
// server and the site's real build, with the sample settings
// (server/booking/availability.yaml) and the real clock. Each test reads what
// the pages show: the times offered, the form's key, the headings and the
// messages. Nobody takes over a booking, forges a link or floods the calendar
// (issue 38, docs/decisions/042-nobody-floods-the-calendar.md). The islands
// that call the same actions are driven in tests/e2e/booking.spec.ts.
const databases = testDatabases()
/** Each server's own database: none for SQLite (a file in its data folder), a new one on the PostgreSQL cluster. */
const stores = {
  SQLite: async () => ({}),
  PostgreSQL: async () => ({ DATABASE_URL: await databases.create() }),
}

let networks = 0
/** A network no other post of the file came from. */
const aNetwork = () => `198.51.100.${(networks += 1)}`

const HAS_CALL =
  'This email address already has a call booked with us. To move or cancel it, use the links in the email we sent; to talk about something else, send us a message.'
const TAKEN = 'That time has just been booked by someone else. Pick one of the nearest free times instead.'
const CHANGED =
  'This link has already been used: the call was changed after this email was sent. Use the links in the latest email about your call, or book a new time.'
const CANCELED = 'This call was canceled, so its links no longer work. You are welcome to book a new time.'
const NOT_VALID =
  'This link is not valid: it may have been cut short. Open it again from the email, or book a new time.'

type Server = Awaited<ReturnType<typeof startTestServer>>

/**
 * Books as a visitor does: /book in `timeZone` (the team's unless named), the
 * time `index` places into the week shown (or `start`), the key the woken form
 * makes unless `formKey` names another (`null`: none sent, as without
 * JavaScript), from `from`.
 */
async function book(
  server: Server,
  fields: Record<string, string | undefined>,
  {
    index = 0,
    start,
    timeZone = 'America/New_York',
    from = aNetwork(),
    formKey,
  }: { index?: number; start?: string; timeZone?: string; from?: string; formKey?: string | null } = {},
) {
  const page = await bookPage(server.url, { timeZone })
  const form = bookingFormOf(page)
  const chosen = start ?? page.offered[index]!
  const key = formKey === undefined ? wokenBookingForm(page).hidden[FORM_KEY_FIELD] : (formKey ?? undefined)
  const response = await submitForm(
    server.url,
    form,
    { start: chosen, ...fields, formKey: key },
    { forwardedFor: from },
  )
  return { response, start: chosen, formKey: key, page }
}

/** Posts a link's form to its action on /book/manage, as its page's button does. */
function postLink(
  server: Server,
  token: string,
  action: BookingAction | 'confirm',
  fields: Record<string, string> = {},
  from = aNetwork(),
) {
  const query = new URLSearchParams({ token, _action: action })
  return submitForm(server.url, { action: `/book/manage?${query}`, hidden: { token } }, fields, { forwardedFor: from })
}

/** The reschedule token of the page a booking landed on. */
function tokenOf(landing: string): string {
  const token = new URLSearchParams(landing.split('?')[1]).get('token')
  if (!token) throw new Error(`No token in ${landing}`)
  return token
}

/** The booking a token names: its id is the token's second part. */
const idOf = (token: string) => token.split('.')[1]!

/** The mail files of a server written so far, decoded, newest last. */
function mails(dataDir: string) {
  const dir = path.join(dataDir, 'mail')
  let names: string[]
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml'))
  } catch {
    return []
  }
  return names.sort().map((name) => {
    const raw = readFileSync(path.join(dir, name), 'utf8')
    // Long headers are folded onto lines that start with a space.
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ')
    const header = (field: string) => new RegExp(`^${field}: (.*)$`, 'm').exec(head)?.[1] ?? ''
    return { raw, to: header('To'), subject: header('Subject'), parts: mimeParts(raw) }
  })
}

/** The link of `action` a mail's text part holds, as a path on the site. */
function linkIn(text: string, action: BookingAction): string {
  const match = new RegExp(`https://northpeak\\.example(/book/manage\\?token=${action}\\.[A-Za-z0-9._-]+)`).exec(text)
  if (!match) throw new Error(`No ${action} link in: ${text}`)
  return match[1]!
}

/** Checks that a page shows no booking's link (nor its id): nothing a stranger could move or cancel a call with. */
function expectNoLinkIn(html: string, id?: string) {
  if (id !== undefined) expect(html).not.toContain(id)
  expect(html).not.toMatch(/token=|reschedule\.|cancel\.|confirm\./)
}

describe.each(Object.entries(stores))('%s', (name, database) => {
  const start = async (settings: Record<string, string> = {}) =>
    startTestServer({
      LEAD_RATE_LIMIT: '0',
      BOOKING_SECRET: TEST_BOOKING_SECRET,
      // One proxy of our own stands in front: each test names the network it posts from with X-Forwarded-For.
      TRUSTED_PROXIES: '1',
      ...(await database()),
      ...settings,
    })

  describe('nobody takes over a booking', async () => {
    const server = await start({ BOOKING_SURGE_LIMIT: '0' })

    test("the booker's address and time, without the form's key, get a refusal: no link, no id, nothing changed", async () => {
      expect(server.database).toBe(name === 'SQLite' ? 'sqlite' : 'postgres')
      // The page holds nothing of any visitor, so one rendering serves everyone: the form makes its key as it wakes.
      const [one, two] = [await fetch(`${server.url}/book`), await fetch(`${server.url}/book`)]
      expect(one.headers.get('cache-control')).toBe('no-cache')
      const html = await one.text()
      expect(await two.text()).toBe(html)
      expect(readBookingPage(html).formKey).toBeUndefined()

      const victim = { ...aBooker(), timeZone: 'Europe/Berlin' }
      const booked = await book(server, victim, { timeZone: 'Europe/Berlin' })
      expect(booked.response.status).toBe(303)
      const landing = booked.response.headers.get('location')!
      expect(landing).toMatch(/^\/book\/manage\?token=reschedule\.[^&]+&booked=&tz=Europe%2FBerlin$/)
      const [booking] = await server.store.listBookings({ after: new Date(0).toISOString(), status: 'confirmed' })
      expect(booking).toMatchObject({ start: booked.start, email: victim.email })
      const leads = await server.store.countLeads()

      for (const [attempt, formKey] of [
        [victim, null],
        [{ ...victim, email: victim.email.toUpperCase() }, null],
        [victim, 'the-attackers-own-form'],
      ] as const) {
        const { response } = await book(server, { ...attempt, name: 'Mallory' }, { start: booked.start, formKey })
        expect(response.status).toBe(409)
        expect(response.headers.get('location')).toBeNull()
        const html = await response.text()
        expectNoLinkIn(html, booking!.id)
        const page = readBookingPage(html, 409)
        // The address has a call ahead: said first, as to the booker's own second post without JavaScript.
        expect(page.alerts).toEqual([HAS_CALL])
        expect(page.errors).toEqual({})
        // The form comes back with the key it was sent with, to be sent again once corrected; without one, none.
        expect(page.formKey).toBe(formKey ?? undefined)
        expect(page.formKey).not.toBe(booked.formKey)
        // What was typed is filled in again.
        expect(page.values).toMatchObject({ name: 'Mallory', email: attempt.email, company: victim.company })
      }
      expect(await server.store.countLeads()).toBe(leads)
      expect(await server.store.getBooking(booking!.id)).toMatchObject({ sequence: 0, name: 'Ada Lovelace' })
    })

    test('the same form sent twice (a double click) books once and lands both on the same page', async () => {
      const page = await bookPage(server.url, { timeZone: 'UTC' })
      const form = wokenBookingForm(page)
      const fields = { ...aBooker(), start: page.offered[3]! }
      const leads = await server.store.countLeads()
      const from = aNetwork()
      const [first, second] = await Promise.all([
        submitForm(server.url, form, fields, { forwardedFor: from }),
        submitForm(server.url, form, fields, { forwardedFor: from }),
      ])
      expect([first!.status, second!.status]).toEqual([303, 303])
      expect(second!.headers.get('location')).toBe(first!.headers.get('location'))
      expect(await server.store.countLeads()).toBe(leads + 1)
      // The form's key booked that time: sent again for another time, it books nothing.
      const other = await submitForm(server.url, form, { ...fields, start: page.offered[9]! })
      expect(other.status).toBe(409)
      expect((await answeredPage(other)).alerts).toEqual([
        'This form has already booked a call: the email about it is on its way. To book another time, open the booking page again.',
      ])
      expect(await server.store.countLeads()).toBe(leads + 1)
    })

    test('without JavaScript (no key), the same form sent twice books once; the second answer sends to the mail and gives no link', async () => {
      const page = await bookPage(server.url, { timeZone: 'UTC' })
      const fields = { ...aBooker(), start: page.offered[5]! }
      const leads = await server.store.countLeads()
      const from = aNetwork()
      const first = await submitForm(server.url, bookingFormOf(page), fields, { forwardedFor: from })
      expect(first.status).toBe(303)
      const second = await submitForm(server.url, bookingFormOf(page), fields, { forwardedFor: from })
      expect(second.status).toBe(409)
      expect(second.headers.get('location')).toBeNull()
      const html = await second.text()
      expect(html).not.toContain(tokenOf(first.headers.get('location')!))
      expect(readBookingPage(html, 409).alerts).toEqual([HAS_CALL])
      expect(await server.store.countLeads()).toBe(leads + 1)
    })

    test('one call ahead per address: a second booking with it (any case) is refused with a message that sends to the mail', async () => {
      const person = aBooker()
      const from = aNetwork()
      const first = await book(server, person, { index: 6, timeZone: 'UTC', from })
      expect(first.response.status).toBe(303)
      const again = await book(server, { ...person, email: person.email.toUpperCase() }, { index: 8, from })
      expect(again.response.status).toBe(409)
      const page = await answeredPage(again.response)
      expect(page.alerts).toEqual([HAS_CALL])
      expect(page.errors).toEqual({})
    })

    test('two bookings a day from one network (an IPv4 address, an IPv6 /64): the third is refused with 429', async () => {
      for (const [network, neighbour] of [
        ['203.0.113.9', '203.0.113.9'],
        ['2001:db8:5:6::1', '2001:db8:5:6:ffff:ffff:ffff:fffe'],
      ] as const) {
        for (const index of [10, 12]) {
          const { response } = await book(server, aBooker(), { index, from: network })
          expect(response.status, network).toBe(303)
        }
        const third = await book(server, aBooker(), { index: 14, from: neighbour })
        expect(third.response.status, neighbour).toBe(429)
        expect((await answeredPage(third.response)).alerts).toEqual([
          'We take at most 2 bookings a day from one network, and yours has made them. Send us a message and we will find a time with you.',
        ])
      }
      // The next /64 is another network.
      const other = await book(server, aBooker(), { index: 14, from: '2001:db8:5:7::1' })
      expect(other.response.status).toBe(303)
    })

    test('a date no calendar has (November 31) is refused beside the time, nothing stored', async () => {
      const leads = await server.store.countLeads()
      const { response } = await book(server, aBooker(), { start: '2026-11-31T15:00:00Z' })
      expect(response.status).toBe(400)
      expect((await answeredPage(response)).errors).toEqual({ start: 'Choose one of the times offered' })
      expect(await server.store.countLeads()).toBe(leads)
    })

    test('once the call has started, its links are spent: 410, and the call stays as it was', async () => {
      const booked = await book(server, aBooker(), { index: 16 })
      const id = idOf(tokenOf(booked.response.headers.get('location')!))
      // The call's time comes: its start is put an hour in the past.
      const past = new Date(Date.now() - 3_600_000).toISOString()
      const end = new Date(Date.now() - 1_800_000).toISOString()
      if (server.database === 'sqlite') {
        const db = new Database(server.env.DATABASE_PATH)
        db.prepare('UPDATE bookings SET start_at = ?, end_at = ? WHERE id = ?').run(past, end, id)
        db.close()
      } else {
        const client = new pg.Client({ connectionString: server.env.DATABASE_URL })
        await client.connect()
        await client.query('UPDATE bookings SET start_at = $1, end_at = $2 WHERE id = $3', [past, end, id])
        await client.end()
      }
      const started =
        'This call has already started, so it can no longer be moved or canceled. To talk again, you are welcome to book a new time.'
      const later = (await bookPage(server.url)).offered[20]!
      for (const action of ['reschedule', 'cancel'] as const) {
        const token = signBookingToken(TEST_BOOKING_SECRET, { action, id, sequence: 0 })
        const look = await openBookingPage(server.url, `/book/manage?token=${token}`)
        expect(look.status).toBe(410)
        expect([look.heading, look.lede]).toEqual(['This link no longer works', started])
        expect(look.forms).toEqual([])
        expect(look.links).toContain('/book')
        const post = await postLink(server, token, action, { start: later })
        expect(post.status).toBe(410)
        expect((await answeredPage(post)).lede).toBe(started)
      }
      expect(await server.store.getBooking(id)).toMatchObject({ status: 'confirmed', sequence: 0, start: past })
    })
  })

  describe('a surge: bookings wait for their confirmation by mail', async () => {
    const server = await start({ BOOKING_SURGE_LIMIT: '2' })

    test('past the limit a booking is held: the page says so and gives no link; the mail to the address confirms it; the team is told once', async () => {
      for (const index of [0, 2]) {
        const normal = await book(server, aBooker(), { index, timeZone: 'UTC' })
        expect(normal.response.status).toBe(303)
        expect(normal.response.headers.get('location')).toMatch(/token=reschedule\./)
      }
      const person = aBooker()
      const held = await book(server, person, { index: 4, timeZone: 'Asia/Tokyo' })
      const slot = held.start
      expect(held.response.status).toBe(303)
      const landing = held.response.headers.get('location')!
      expect(landing).toBe(`/book/manage?held=${encodeURIComponent(slot)}&tz=Asia%2FTokyo`)
      const response = await fetch(`${server.url}${landing}`)
      expect(response.status).toBe(200)
      const html = await response.text()
      const page = readBookingPage(html, 200)
      expect(page.heading).toBe('Confirm your call from your email')
      expect(page.lede).toContain(`We are holding this time for you for ${HOLD_MINUTES} minutes.`)
      // The time held, on the clock of the zone it was booked in, and nothing to move, cancel or confirm it with.
      expect(page.statuses.join(' ')).toContain(`Held for you ${whenInZone(slot, 'Asia/Tokyo')}`)
      expect(page.forms).toEqual([])
      expectNoLinkIn(html)
      // The time is no one else's while it is held.
      expect(await offeredStarts(server.url)).not.toContain(slot)
      const [booking] = (await server.store.listBookings({ after: new Date(0).toISOString() })).filter(
        (candidate) => candidate.email === person.email,
      )
      expect(booking).toMatchObject({ status: 'held', start: slot })
      expect(html).not.toContain(booking!.id)

      // The address gets a mail to confirm it, without an invitation; the team a notice of the surge.
      await waitFor(
        () => mails(server.dataDir).some((mail) => mail.to === person.email),
        10_000,
        'the confirmation mail',
      )
      await waitFor(
        () => mails(server.dataDir).some((mail) => mail.subject.startsWith('Bookings far above normal')),
        10_000,
        'the notice',
      )
      const confirmMail = mails(server.dataDir).find((mail) => mail.to === person.email)!
      expect(confirmMail.subject).toBe('Confirm your free 30-minute strategy call with Northpeak')
      expect(confirmMail.parts.map((part) => part.contentType.split(';')[0])).toEqual(['text/plain', 'text/html'])
      const text = confirmMail.parts[0]!.body
      expect(text).toContain(`To confirm it, open this link within ${HOLD_MINUTES} minutes`)
      const notice = mails(server.dataDir).find((mail) => mail.subject.startsWith('Bookings far above normal'))!
      expect(notice.subject).toBe('Bookings far above normal: 2 in 24 hours, new ones wait for confirmation')
      expect(notice.to).toBe('hello@northpeak.example')

      // A second held booking gets its mail; the team is not told again.
      const second = aBooker()
      expect((await book(server, second, { index: 6, timeZone: 'UTC' })).response.status).toBe(303)
      await waitFor(() => mails(server.dataDir).some((mail) => mail.to === second.email), 10_000, 'the second mail')
      expect(mails(server.dataDir).filter((mail) => mail.subject.startsWith('Bookings far above normal'))).toHaveLength(
        1,
      )

      // The link of the mail shows the time held and a button; pressed, the call stands and the invitation goes out.
      const confirmPath = linkIn(text, 'confirm')
      const look = await openBookingPage(server.url, confirmPath)
      expect(look.status).toBe(200)
      expect(look.heading).toBe('Confirm your call')
      expect(look.text).toContain(`Held for you ${whenInZone(slot, 'Asia/Tokyo')}`)
      expect(look.forms).toHaveLength(1)
      expect(look.forms[0]!.buttons).toEqual(['Confirm my call'])
      const confirmed = await submitForm(server.url, look.forms[0]!, {}, { forwardedFor: aNetwork() })
      expect(confirmed.status).toBe(200)
      const done = await answeredPage(confirmed)
      expect(done.heading).toBe('Your call is booked')
      expect(done.text).toContain(`Your call ${whenInZone(slot, 'Asia/Tokyo')}`)
      expect(await server.store.getBooking(booking!.id)).toMatchObject({ status: 'confirmed' })
      await waitFor(
        () => mails(server.dataDir).some((mail) => mail.to === person.email && mail.subject.startsWith('Booked:')),
        10_000,
        'the invitation',
      )
      const invitation = mails(server.dataDir).find(
        (mail) => mail.to === person.email && mail.subject.startsWith('Booked:'),
      )!
      expect(invitation.parts.some((part) => part.contentType.startsWith('text/calendar'))).toBe(true)
      // The confirm link is spent: it says the call stands, and confirms nothing twice.
      const again = await submitForm(server.url, look.forms[0]!, {}, { forwardedFor: aNetwork() })
      expect(again.status).toBe(410)
      expect((await answeredPage(again)).lede).toBe(
        'This call is already confirmed: the invitation, with the links to move or cancel the call, is in your email.',
      )
    })
  })

  // Issue 26's load test, as form posts: visitors booking one time at the same moment, over real HTTP.
  describe('many at once', async () => {
    const server = await start()

    test('thirty concurrent form posts for one time: exactly one booked, twenty-nine refused with the nearest free times, one row', async () => {
      const page = await bookPage(server.url, { timeZone: 'UTC' })
      const slot = page.offered[0]!
      const form = bookingFormOf(page)
      const started = performance.now()
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          submitForm(
            server.url,
            { ...form, hidden: { ...form.hidden, formKey: `form-${i}` } },
            { ...booker, email: `visitor-${i}@example.com`, start: slot },
            { forwardedFor: `192.0.2.${i + 1}` },
          ),
        ),
      )
      const wallMs = performance.now() - started
      const statuses = responses.map((response) => response.status)
      expect(statuses.filter((status) => status === 303)).toHaveLength(1)
      expect(statuses.filter((status) => status === 409)).toHaveLength(29)
      const booked = responses.find((response) => response.status === 303)!
      expect(booked.headers.get('location')).toMatch(/^\/book\/manage\?token=reschedule\./)
      for (const response of responses.filter((candidate) => candidate.status === 409)) {
        const refused = await answeredPage(response)
        expect(refused.errors).toEqual({ start: TAKEN })
        expect(refused.nearest).toHaveLength(3)
        expect(refused.nearest).not.toContain(slot)
      }
      const stored = await server.store.listBookings({ after: new Date(0).toISOString() })
      expect(stored.map((booking) => [booking.start, booking.status])).toEqual([[slot, 'confirmed']])
      expect(await server.store.countLeads()).toBe(1)
      // The figure for docs/decisions/035-bookings.md.
      console.info(`${name}: 30 concurrent form posts for one time answered in ${Math.round(wallMs)} ms`)
    })
  })
})

describe('on SQLite, every post from one address (the per-network limit off)', async () => {
  // Every test here posts from 127.0.0.1: the per-address and per-network limits would count them all together
  // (they have tests of their own above).
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '0',
    BOOKING_NETWORK_LIMIT: '0',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
  })

  /** "2:00 PM" on the clock of `timeZone` at `start`. */
  const clockIn = (start: string, timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(start))
  const dayIn = (start: string, timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(
      new Date(start),
    )

  describe('the free times /book offers', () => {
    test("30-minute times on the team's grid, grouped by the visitor's days, each on the visitor's clock", async () => {
      const page = await bookPage(server.url, { timeZone: 'Asia/Kolkata' })
      expect(bookingFormOf(page).hidden.timeZone).toBe('Asia/Kolkata')
      expect(page.offeredTimes.length).toBeGreaterThan(20)
      for (const { start, time, day } of page.offeredTimes) {
        expect(time).toBe(clockIn(start, 'Asia/Kolkata'))
        expect(day).toBe(dayIn(start, 'Asia/Kolkata'))
        // On the team's grid: a half hour of a New York working day, Monday to Friday.
        expect(
          new Intl.DateTimeFormat('en-GB', {
            timeZone: 'America/New_York',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }).format(new Date(start)),
        ).toMatch(/^(09|1[0-6]):(00|30)$/)
      }
      // At least the minimum notice (12 hours) ahead.
      expect(Date.parse(page.offered[0]!)).toBeGreaterThanOrEqual(Date.now() + 12 * 3_600_000 - 60_000)
      // The zone only groups: the same times, week after week, from New York.
      expect(await offeredStarts(server.url, 'America/New_York')).toEqual(
        await offeredStarts(server.url, 'Asia/Kolkata'),
      )
    })

    test("a zone nobody knows: the times on the team's clock", async () => {
      const page = await bookPage(server.url, { timeZone: 'Mars/Olympus_Mons' })
      expect(page.status).toBe(200)
      expect(bookingFormOf(page).hidden.timeZone).toBe('America/New_York')
      expect(page.offeredTimes[0]!.time).toBe(clockIn(page.offered[0]!, 'America/New_York'))
    })
  })

  describe('the booking form', () => {
    test('a free time: 303 to the call’s page; the lead and the call stored with the attribution; the time no longer offered', async () => {
      const ada = aBooker()
      const { response, start } = await book(
        server,
        { ...ada, page: '/book', ...attribution },
        { timeZone: 'Europe/Berlin' },
      )
      expect(response.status).toBe(303)
      const landed = await landingOf(server.url, response)
      expect(landed.heading).toBe('Your call is booked')
      expect(landed.text).toContain(`Your call ${whenInZone(start, 'Europe/Berlin')}`)
      const id = idOf(tokenOf(response.headers.get('location')!))
      const stored = await server.store.getBooking(id)
      expect(stored).toMatchObject({ ...ada, start, timeZone: 'Europe/Berlin', sequence: 0, status: 'confirmed' })
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
      expect(await offeredStarts(server.url)).not.toContain(start)
    })

    test('one rendering of the times serves every visitor for a second, encoded for each browser; a call booked drops it at once', async () => {
      const url = `${server.url}/book?tz=Europe/Lisbon`
      const viewed = (encoding: string) => fetch(url, { headers: { 'accept-encoding': encoding } })
      const [first, again, plain] = [
        await viewed('gzip, deflate, br'),
        await viewed('gzip, deflate, br'),
        await viewed('identity'),
      ]
      expect(first.headers.get('content-encoding')).toBe('br')
      expect(first.headers.get('vary')).toBe('Accept-Encoding')
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(again.headers.get('x-astro-cache')).toBe('HIT')
      const html = await first.text()
      expect(await again.text()).toBe(html)
      expect(await plain.text()).toBe(html)
      const shown = readBookingPage(html)
      // The last time of the week: the day of the first ones stays free for the other tests of this server.
      const start = shown.offered.at(-1)!
      const booked = await submitForm(
        server.url,
        wokenBookingForm(shown),
        { ...aBooker(), start },
        { forwardedFor: aNetwork() },
      )
      expect(booked.status).toBe(303)
      const after = await viewed('gzip, deflate, br')
      expect(after.headers.get('x-astro-cache')).not.toBe('HIT')
      expect(readBookingPage(await after.text()).offered).not.toContain(start)
    })

    test('a malformed booking: 400, the form again with a reason beside each field and what was typed, nothing stored', async () => {
      const before = await server.store.countLeads()
      const { response } = await book(server, {
        name: ' ',
        email: 'not-an-address',
        company: undefined,
        note: 'x'.repeat(5001),
        start: '2026-12-02T09:00',
      })
      const page = await answeredPage(response)
      expect(page.status).toBe(400)
      expect(page.errors).toEqual({
        name: 'Enter your name',
        email: 'Enter a valid email address, like name@company.com',
        company: 'Enter your company',
        note: 'Keep your note under 5,000 characters',
        start: 'Choose one of the times offered',
      })
      expect(page.values).toMatchObject({ name: ' ', email: 'not-an-address', note: 'x'.repeat(5001) })
      expect(await server.store.countLeads()).toBe(before)
    })

    test('a control character in a typed field: 400 naming the field, nothing stored (issue 38)', async () => {
      const before = await server.store.countLeads()
      const page = await bookPage(server.url)
      const slot = page.offered[0]!
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
        const response = await submitForm(server.url, bookingFormOf(page), { ...booker, ...fields, start: slot })
        expect(response.status, JSON.stringify(fields)).toBe(400)
        expect((await answeredPage(response)).errors).toEqual(messages)
      }
      expect(await server.store.countLeads()).toBe(before)
      expect((await bookPage(server.url)).offered[0]).toBe(slot)
    })

    test('a note with line breaks as a form post sends them (CRLF): booked, stored with LF', async () => {
      const { response } = await book(
        server,
        { ...aBooker(), note: 'Two things:\r\n1. search\r\n2. ads' },
        { index: 5 },
      )
      expect(response.status).toBe(303)
      const stored = await server.store.getBooking(idOf(tokenOf(response.headers.get('location')!)))
      const lead = (await server.store.exportLeads()).find((candidate) => candidate.id === stored!.leadId)
      expect(lead).toMatchObject({ kind: 'booking', message: 'Two things:\n1. search\n2. ads' })
    })

    test('a time taken: 409 saying so beside the times, the nearest free ones offered first; a time that is no slot: 409 too', async () => {
      const first = await book(server, aBooker(), { index: 0, timeZone: 'UTC' })
      expect(first.response.status).toBe(303)
      const before = await server.store.countLeads()
      const taken = await book(
        server,
        { ...booker, email: 'grace@example.org' },
        { start: first.start, timeZone: 'UTC' },
      )
      expect(taken.response.status).toBe(409)
      const page = await answeredPage(taken.response)
      expect(page.errors).toEqual({ start: TAKEN })
      expect(page.nearest).toHaveLength(3)
      const offered = await offeredStarts(server.url)
      for (const start of page.nearest) expect(offered).toContain(start)
      expect(page.nearest).not.toContain(first.start)
      expect(await server.store.countLeads()).toBe(before)

      const offGrid = new Date(Date.parse(offered[1]!) + 10 * 60_000).toISOString()
      const notASlot = await book(server, booker, { start: offGrid })
      expect(notASlot.response.status).toBe(409)
      expect((await answeredPage(notASlot.response)).errors).toEqual({
        start: 'That is not one of the call times we offer. Pick one of the nearest free times instead.',
      })
    })

    test('the same form sent again (a retry after a lost answer, its key): the same page, booked once', async () => {
      const page = await bookPage(server.url, { timeZone: 'UTC' })
      const fields = { ...booker, email: 'retry@example.com', start: page.offered[7]! }
      const form = wokenBookingForm(page)
      const first = await submitForm(server.url, form, fields)
      expect(first.status).toBe(303)
      const before = await server.store.countLeads()
      const again = await submitForm(server.url, form, { ...fields, email: 'Retry@Example.com' })
      expect(again.status).toBe(303)
      expect(again.headers.get('location')).toBe(first.headers.get('location'))
      expect(await server.store.countLeads()).toBe(before)
      // Someone else asking for it, with the key of their own page, is still refused.
      const other = await book(server, { ...booker, email: 'other@example.com' }, { start: fields.start })
      expect(other.response.status).toBe(409)
    })

    test('a bot (the honeypot filled in) is answered like a person and books nothing', async () => {
      const before = await server.store.countLeads()
      const { response, start } = await book(server, { ...booker, website: 'spam' }, { index: 2 })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe('/book')
      expect(await server.store.countLeads()).toBe(before)
      expect(await offeredStarts(server.url)).toContain(start)
    })

    test('a post from another site is refused (403), one that is no form post (415): nothing booked', async () => {
      const before = await server.store.countLeads()
      const page = await bookPage(server.url)
      const fields = { ...aBooker(), start: page.offered[1]! }
      const crossSite = await submitForm(server.url, bookingFormOf(page), fields, {
        headers: { origin: 'https://evil.example' },
      })
      expect(crossSite.status).toBe(403)
      expect(await crossSite.text()).toBe('Messages and bookings are taken from this site only')
      const json = await fetch(`${server.url}${bookingFormOf(page).action}`, {
        method: 'POST',
        body: JSON.stringify(fields),
        headers: { 'content-type': 'application/json' },
        redirect: 'manual',
      })
      expect(json.status).toBe(415)
      expect(await server.store.countLeads()).toBe(before)
    })
  })

  describe('reschedule and cancel by link', () => {
    const token = (action: 'reschedule' | 'cancel', id: string, sequence: number) =>
      signBookingToken(TEST_BOOKING_SECRET, { action, id, sequence })

    /** Books a time a few days on, from Tokyo; the booking's id and its start. */
    async function booked(index: number) {
      const { response, start } = await book(server, aBooker(), { index, timeZone: 'Asia/Tokyo' })
      expect(response.status).toBe(303)
      return { id: idOf(tokenOf(response.headers.get('location')!)), start }
    }

    test('reschedule: the link shows the call and the free times; moved, the old links are spent with a 410 that explains itself', async () => {
      const booking = await booked(20)
      const look = await openBookingPage(server.url, `/book/manage?token=${token('reschedule', booking.id, 0)}`)
      expect(look.status).toBe(200)
      expect(look.heading).toBe('Move your call')
      expect(look.text).toContain(`Booked now ${whenInZone(booking.start, 'Asia/Tokyo')}`)
      expect(look.offered).not.toContain(booking.start)
      const later = look.offered.at(-1)!

      const moved = await submitForm(server.url, bookingFormOf(look), { start: later })
      expect(moved.status).toBe(200)
      const done = await answeredPage(moved)
      expect(done.heading).toBe('Your call is moved')
      expect(done.text).toContain(`Your call ${whenInZone(later, 'Asia/Tokyo')}`)
      expect(await server.store.getBooking(booking.id)).toMatchObject({ sequence: 1, start: later })

      for (const [action, fields] of [
        ['reschedule', { start: booking.start }],
        ['cancel', {}],
      ] as const) {
        const spent = await postLink(server, token(action, booking.id, 0), action, fields)
        expect(spent.status).toBe(410)
        const page = await answeredPage(spent)
        expect([page.heading, page.lede]).toEqual(['This link no longer works', CHANGED])
        expect(page.links).toContain('/book')
        const look = await openBookingPage(server.url, `/book/manage?token=${token(action, booking.id, 0)}`)
        expect([look.status, look.lede]).toEqual([410, CHANGED])
      }
      // The old time is free again.
      expect(await offeredStarts(server.url)).toContain(booking.start)
    })

    test('cancel: the link asks, the button cancels, the time is free again; every link of the booking then gets a 410', async () => {
      const booking = await booked(24)
      const look = await openBookingPage(server.url, `/book/manage?token=${token('cancel', booking.id, 0)}`)
      expect(look.heading).toBe('Cancel your call?')
      expect(look.text).toContain(`Your call ${whenInZone(booking.start, 'Asia/Tokyo')}`)
      const cancelled = await submitForm(server.url, look.forms[0]!)
      expect(cancelled.status).toBe(200)
      const done = await answeredPage(cancelled)
      expect(done.heading).toBe('Your call is canceled')
      expect(done.text).toContain(`Canceled call ${whenInZone(booking.start, 'Asia/Tokyo')}`)
      expect(await server.store.getBooking(booking.id)).toMatchObject({ status: 'cancelled' })
      expect(await offeredStarts(server.url)).toContain(booking.start)

      for (const sequence of [0, 1]) {
        const again = await postLink(server, token('cancel', booking.id, sequence), 'cancel')
        expect(again.status).toBe(410)
        expect((await answeredPage(again)).lede).toBe(CANCELED)
      }
    })

    test('a link altered or cut short: 400, and nothing changes', async () => {
      const booking = await booked(28)
      const good = token('cancel', booking.id, 0)
      // A link signed with another secret is as bad.
      const forged = signBookingToken('another-secret-of-at-least-32-characters', {
        action: 'cancel',
        id: booking.id,
        sequence: 0,
      })
      for (const bad of [good.slice(0, -1), good.replace('cancel.', 'reschedule.'), `${good}x`, 'nonsense', forged]) {
        const response = await postLink(server, bad, 'cancel')
        expect(response.status, bad).toBe(400)
        const page = await answeredPage(response)
        expect([page.heading, page.lede]).toEqual(['This link no longer works', NOT_VALID])
        expect(page.forms).toEqual([])
        const look = await openBookingPage(server.url, `/book/manage?token=${encodeURIComponent(bad)}`)
        expect([look.status, look.lede]).toEqual([400, NOT_VALID])
      }
      expect(await server.store.getBooking(booking.id)).toMatchObject({ status: 'confirmed', sequence: 0 })
    })
  })
})

describe("the team's calendar (a real Radicale)", async () => {
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

  test('a busy time is not offered, and booking it is refused with the nearest free times', async () => {
    const offered = await offeredStarts(server.url)
    expect(offered.length).toBeGreaterThan(20)
    expect(offered).not.toContain(first!.start)
    const refused = await book(server, booker, { start: first!.start, timeZone: 'UTC' })
    expect(refused.response.status).toBe(409)
    const page = await answeredPage(refused.response)
    expect(page.errors).toEqual({ start: TAKEN })
    expect(page.nearest).toHaveLength(3)
    for (const start of page.nearest) expect(offered).toContain(start)
    const booked = await book(server, booker, { start: page.nearest[0]!, timeZone: 'UTC' })
    expect(booked.response.status).toBe(303)
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

  test('no times are offered and no booking is taken: the page says why; a post is refused with 503', async () => {
    const page = await bookPage(server.url, { timeZone: 'Europe/Berlin' })
    expect(page.status).toBe(200)
    expect(page.offered).toEqual([])
    expect(page.forms).toEqual([])
    expect(page.statuses.join(' ')).toContain(
      'We cannot check our calendar right now, so we are not offering times we might not keep.',
    )
    expect(page.links).toContain('/contact')

    // A form sent from a page loaded before the calendar went away.
    const [slot] = freeSlots({ settings: loadAvailability(), now: Date.now(), busy: [], booked: [] })
    const booking = await submitForm(
      server.url,
      { action: '/book?_action=book&tz=UTC', hidden: { timeZone: 'UTC' } },
      { ...booker, start: slot!.start },
    )
    expect(booking.status).toBe(503)
    // The page again says why no time can be booked, and offers none.
    const refused = await answeredPage(booking)
    expect(refused.offered).toEqual([])
    expect(refused.statuses.join(' ')).toContain(
      'We cannot check our calendar right now, so we are not offering times we might not keep.',
    )
    expect(await server.store.countLeads()).toBe(0)
    expect(server.logs.join('\n')).toContain('"event":"booking_calendar_unavailable"')
    expect(server.logs.join('\n')).not.toContain('secret')
  })
})

describe('the one write limit (LEAD_RATE_LIMIT), counted with the leads', async () => {
  const server = await startTestServer({
    LEAD_RATE_LIMIT: '2',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    TRUSTED_PROXIES: '1',
  })

  test('past it a booking form gets its page back with the message, what was typed and Retry-After; a link too', async () => {
    const from = aNetwork()
    const booked = await book(server, aBooker(), { from })
    expect(booked.response.status).toBe(303)
    const token = tokenOf(booked.response.headers.get('location')!)
    const lead = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'popup', email: 'ada@example.com' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    })
    expect(lead.status).toBe(201)
    const leads = await server.store.countLeads()

    const person = aBooker()
    const refused = await book(server, person, { index: 5, from })
    expect(refused.response.status).toBe(429)
    expectRetryWithinAMinute(refused.response)
    const page = await answeredPage(refused.response)
    expect(page.alerts).toEqual(['Too many submissions from your address: try again in a minute.'])
    expect(page.values).toMatchObject({ name: person.name, email: person.email, company: person.company })
    expect(page.formKey).toBe(refused.formKey)

    const move = await postLink(server, token, 'cancel', {}, from)
    expect(move.status).toBe(429)
    expect((await answeredPage(move)).alerts).toEqual([
      'Too many submissions from your address: try again in a minute.',
    ])
    expect(await server.store.countLeads()).toBe(leads)
    expect(await server.store.getBooking(idOf(token))).toMatchObject({ status: 'confirmed' })
    // Another address is not held back.
    expect((await book(server, aBooker(), { index: 5 })).response.status).toBe(303)
  })
})
