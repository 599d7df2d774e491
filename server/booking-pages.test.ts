import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { describe, expect, test, vi } from 'vitest'
import { FORM_KEY_FIELD } from '#app/lib/booking-form.ts'
import { HOLD_MINUTES } from './booking/limits.ts'
import { TEST_BOOKING_SECRET, aBooker, slotsOf } from './booking/test-bookings.ts'
import { signBookingToken, type BookingAction } from './booking/tokens.ts'
import { mimeParts, waitFor } from './outbox/test-receivers.ts'
import { testDatabases } from './store/test-database.ts'
import { shownBookingLocals } from './test-build.ts'
import { startTestServer } from './test-server.ts'

// Real servers and databases: give them time on a busy machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

// The booking pages' plain form posts (server/booking-pages.ts) through the real server, on each
// store: nobody takes over a booking, forges a link or floods the calendar (issue 38,
// docs/decisions/042-nobody-floods-the-calendar.md). The test build's booking pages show the
// locals the server handed them (server/test-build.ts); the real pages are driven end to end in
// tests/e2e/booking.spec.ts. One proxy of our own stands in front (TRUSTED_PROXIES=1), so each
// test names the network it posts from with X-Forwarded-For.
const databases = testDatabases()
/** Each server's own database: none for SQLite (a file in its data folder), a new one on the PostgreSQL cluster. */
const stores = {
  SQLite: async () => ({}),
  PostgreSQL: async () => ({ DATABASE_URL: await databases.create() }),
}

let networks = 0
/** A network no other post of the file came from. */
const aNetwork = () => `198.51.100.${(networks += 1)}`

/** Posts the booking form as a browser without scripts does. */
function postForm(url: string, fields: Record<string, string | undefined>, from = aNetwork(), path = '/book') {
  const body = new URLSearchParams(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  return fetch(`${url}${path}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
  })
}

/** A free start, `index` places into the offer. */
async function freeStart(url: string, index = 0): Promise<string> {
  const starts = (await slotsOf(url)).days.flatMap((day) => day.slots.map((slot) => slot.start))
  return starts[index]!
}

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

describe.each(Object.entries(stores))('%s', (name, database) => {
  const start = async (settings: Record<string, string> = {}) =>
    startTestServer({
      LEAD_RATE_LIMIT: '0',
      BOOKING_SECRET: TEST_BOOKING_SECRET,
      TRUSTED_PROXIES: '1',
      ...(await database()),
      ...settings,
    })

  describe('nobody takes over a booking', async () => {
    const server = await start({ BOOKING_SURGE_LIMIT: '0' })

    test("the booker's address and time, without the form's key, get a refusal: no link, no id, nothing changed", async () => {
      expect(server.database).toBe(name === 'SQLite' ? 'sqlite' : 'postgres')
      // The booking form carries a key of its own: its page is never kept by a cache.
      expect((await fetch(`${server.url}/book`)).headers.get('cache-control')).toBe('no-store')
      const slot = await freeStart(server.url)
      const victim = { ...aBooker(), start: slot, timeZone: 'Europe/Berlin', [FORM_KEY_FIELD]: 'victim-form-key' }
      const booked = await postForm(server.url, victim)
      expect(booked.status).toBe(303)
      const landing = booked.headers.get('location')!
      expect(landing).toMatch(/^\/book\/manage\?token=reschedule\.[^&]+&booked=&tz=Europe%2FBerlin$/)
      const [booking] = await server.store.listBookings({ after: new Date(0).toISOString(), status: 'confirmed' })
      const leads = await server.store.countLeads()

      for (const attempt of [
        { ...victim, [FORM_KEY_FIELD]: undefined },
        { ...victim, email: victim.email.toUpperCase(), [FORM_KEY_FIELD]: undefined },
        { ...victim, [FORM_KEY_FIELD]: 'the-attackers-own-form' },
      ]) {
        const response = await postForm(server.url, { ...attempt, name: 'Mallory' })
        expect(response.status).toBe(409)
        expect(response.headers.get('location')).toBeNull()
        const page = await response.text()
        expect(page).not.toContain(booking!.id)
        expect(page).not.toContain('reschedule.')
        const refused = shownBookingLocals(page).booking!.refused!.state
        expect(refused.errors).toEqual({
          start: 'That time has just been booked by someone else. Pick one of the nearest free times instead.',
        })
        // The form comes back with the key it was sent with, to be sent again once corrected.
        expect(refused.formKey).toBe(attempt[FORM_KEY_FIELD])
      }
      expect(await server.store.countLeads()).toBe(leads)
      expect(await server.store.getBooking(booking!.id)).toMatchObject({ sequence: 0, name: 'Ada Lovelace' })
    })

    test('the same form sent twice (a double click) books once and lands both on the same page', async () => {
      const form = { ...aBooker(), start: await freeStart(server.url, 3), timeZone: 'UTC', [FORM_KEY_FIELD]: 'twice' }
      const leads = await server.store.countLeads()
      const [first, second] = await Promise.all([postForm(server.url, form), postForm(server.url, form)])
      expect([first!.status, second!.status]).toEqual([303, 303])
      expect(second!.headers.get('location')).toBe(first!.headers.get('location'))
      expect(await server.store.countLeads()).toBe(leads + 1)
    })

    test('one call ahead per address: a second booking with it (any case) is refused with a message that sends to the mail', async () => {
      const person = aBooker()
      const from = aNetwork()
      const first = await postForm(
        server.url,
        { ...person, start: await freeStart(server.url, 6), timeZone: 'UTC' },
        from,
      )
      expect(first.status).toBe(303)
      const again = await postForm(
        server.url,
        { ...person, email: person.email.toUpperCase(), start: await freeStart(server.url, 8), timeZone: 'UTC' },
        from,
      )
      expect(again.status).toBe(409)
      expect(shownBookingLocals(await again.text()).booking!.refused!.state.errors).toEqual({
        form: 'This email address already has a call booked with us. To move or cancel it, use the links in the email we sent; to talk about something else, send us a message.',
      })
    })

    test('two bookings a day from one network (an IPv4 address, an IPv6 /64): the third is refused with 429', async () => {
      for (const [network, neighbour] of [
        ['203.0.113.9', '203.0.113.9'],
        ['2001:db8:5:6::1', '2001:db8:5:6:ffff:ffff:ffff:fffe'],
      ] as const) {
        for (const index of [10, 12]) {
          const response = await postForm(
            server.url,
            { ...aBooker(), start: await freeStart(server.url, index), timeZone: 'UTC' },
            network,
          )
          expect(response.status, network).toBe(303)
        }
        const third = await postForm(
          server.url,
          { ...aBooker(), start: await freeStart(server.url, 14), timeZone: 'UTC' },
          neighbour,
        )
        expect(third.status, neighbour).toBe(429)
        expect(shownBookingLocals(await third.text()).booking!.refused!.state.errors).toEqual({
          form: 'We take at most 2 bookings a day from one network, and yours has made them. Send us a message and we will find a time with you.',
        })
      }
      // The next /64 is another network.
      const other = await postForm(
        server.url,
        { ...aBooker(), start: await freeStart(server.url, 14), timeZone: 'UTC' },
        '2001:db8:5:7::1',
      )
      expect(other.status).toBe(303)
    })

    test('a date no calendar has (November 31) is refused beside the time, nothing stored', async () => {
      const leads = await server.store.countLeads()
      const response = await postForm(server.url, { ...aBooker(), start: '2026-11-31T15:00:00Z', timeZone: 'UTC' })
      expect(response.status).toBe(400)
      expect(shownBookingLocals(await response.text()).booking!.refused!.state.errors).toEqual({
        start: 'Choose one of the times offered',
      })
      expect(await server.store.countLeads()).toBe(leads)
    })

    test('once the call has started, its links are spent: 410, and the call stays as it was', async () => {
      const booked = await postForm(server.url, {
        ...aBooker(),
        start: await freeStart(server.url, 16),
        timeZone: 'UTC',
      })
      const id = new URLSearchParams(booked.headers.get('location')!.split('?')[1]).get('token')!.split('.')[1]!
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
      for (const action of ['reschedule', 'cancel'] as const) {
        const token = signBookingToken(TEST_BOOKING_SECRET, { action, id, sequence: 0 })
        const look = await fetch(`${server.url}/book/manage?token=${token}`)
        expect(look.status).toBe(410)
        expect(shownBookingLocals(await look.text()).bookingLink).toEqual({
          kind: 'spent',
          message: started,
          status: 410,
        })
        const post = await postForm(
          server.url,
          { token, action, start: await freeStart(server.url, 20) },
          aNetwork(),
          '/book/manage',
        )
        expect(post.status).toBe(410)
      }
      expect(await server.store.getBooking(id)).toMatchObject({ status: 'confirmed', sequence: 0, start: past })
    })
  })

  describe('a surge: bookings wait for their confirmation by mail', async () => {
    const server = await start({ BOOKING_SURGE_LIMIT: '2' })

    test('past the limit a booking is held: the page says so and gives no link; the mail to the address confirms it; the team is told once', async () => {
      for (const index of [0, 2]) {
        const normal = await postForm(server.url, {
          ...aBooker(),
          start: await freeStart(server.url, index),
          timeZone: 'UTC',
        })
        expect(normal.status).toBe(303)
        expect(normal.headers.get('location')).toMatch(/token=reschedule\./)
      }
      const person = aBooker()
      const slot = await freeStart(server.url, 4)
      const held = await postForm(server.url, { ...person, start: slot, timeZone: 'Asia/Tokyo' })
      expect(held.status).toBe(303)
      const landing = held.headers.get('location')!
      expect(landing).toBe(`/book/manage?held=${encodeURIComponent(slot)}&tz=Asia%2FTokyo`)
      const page = await fetch(`${server.url}${landing}`)
      expect(page.status).toBe(200)
      expect(shownBookingLocals(await page.text()).bookingLink).toEqual({
        kind: 'held',
        call: {
          start: slot,
          end: new Date(Date.parse(slot) + 30 * 60_000).toISOString(),
          timeZone: 'Asia/Tokyo',
          status: 'held',
        },
        holdMinutes: HOLD_MINUTES,
      })
      // The time is no one else's while it is held.
      expect((await slotsOf(server.url)).days.flatMap((day) => day.slots.map((free) => free.start))).not.toContain(slot)
      const [booking] = (await server.store.listBookings({ after: new Date(0).toISOString() })).filter(
        (candidate) => candidate.email === person.email,
      )
      expect(booking).toMatchObject({ status: 'held', start: slot })

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
      expect(
        (await postForm(server.url, { ...second, start: await freeStart(server.url, 6), timeZone: 'UTC' })).status,
      ).toBe(303)
      await waitFor(() => mails(server.dataDir).some((mail) => mail.to === second.email), 10_000, 'the second mail')
      expect(mails(server.dataDir).filter((mail) => mail.subject.startsWith('Bookings far above normal'))).toHaveLength(
        1,
      )

      // The link of the mail shows the time held and a button; pressed, the call stands and the invitation goes out.
      const confirmPath = linkIn(text, 'confirm')
      const look = await fetch(`${server.url}${confirmPath}`)
      expect(look.status).toBe(200)
      expect(shownBookingLocals(await look.text()).bookingLink).toMatchObject({
        kind: 'good',
        action: 'confirm',
        call: { start: slot, status: 'held' },
      })
      const token = new URLSearchParams(confirmPath.split('?')[1]).get('token')!
      const confirmed = await postForm(server.url, { token, action: 'confirm' }, aNetwork(), '/book/manage')
      expect(confirmed.status).toBe(200)
      expect(shownBookingLocals(await confirmed.text()).bookingLink).toMatchObject({
        kind: 'done',
        action: 'confirmed',
        call: { start: slot, status: 'confirmed' },
      })
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
      const again = await postForm(server.url, { token, action: 'confirm' }, aNetwork(), '/book/manage')
      expect(again.status).toBe(410)
      expect(shownBookingLocals(await again.text()).bookingLink).toEqual({
        kind: 'spent',
        message:
          'This call is already confirmed: the invitation, with the links to move or cancel the call, is in your email.',
        status: 410,
      })
    })
  })
})
