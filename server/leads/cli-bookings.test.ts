import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ICAL from 'ical.js'
import { expect, test, vi } from 'vitest'
import { loadAvailability } from '../booking/availability.ts'
import { runLeadsCli } from './cli.ts'
import { mailFileWorker, mimeParts } from '../outbox/test-receivers.ts'
import { bookingDeliveriesFor } from '../outbox/worker.ts'
import type { NewBooking } from '../store/store.ts'
import { openTestStore } from '../store/test-store.ts'

vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

// The CLI's booking commands on a real SQLite file, the mails delivered to real files.
const { dir, file, store } = openTestStore()
const env = { DATA_DIR: dir, DATABASE_PATH: file }
const mailDir = path.join(dir, 'mail')
/** Monday 2026-11-30, 07:00 in New York: the clock of these tests. */
const now = Date.parse('2026-11-30T12:00:00Z')
const rules = { settings: loadAvailability(), now, busy: [] }

async function cliAt(at: number, ...args: string[]) {
  const stdout: string[] = []
  const stderr: string[] = []
  const code = await runLeadsCli(
    args,
    env,
    { log: (text) => stdout.push(text), error: (text) => stderr.push(text) },
    () => at,
  )
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') }
}
const cli = (...args: string[]) => cliAt(now, ...args)

let n = 0
async function book(start: string, person: { name: string; email: string; company: string }, createdAt = now) {
  n += 1
  const item: NewBooking = {
    lead: { kind: 'booking', ...person },
    leadId: `lead-${n}`,
    bookingId: `00000000-0000-4000-8000-00000000000${n}`,
    uid: `uid-${n}@northpeak.example`,
    start,
    timeZone: 'Europe/Berlin',
    createdAt,
    deliveries: bookingDeliveriesFor({ webhook: false }),
    limits: { perNetworkPerDay: 0, surgePerDay: 0 },
  }
  const result = await store.insertBooking(item, { ...rules, now: createdAt })
  expect(result.ok).toBe(true)
  return item.bookingId
}

// The deliveries are due at the tests' clock, not the machine's.
const worker = mailFileWorker({ store, mailDir, now: () => now + 60_000 })

const ada = { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines Ltd' }
const grace = { name: 'Grace Hopper', email: 'grace@example.org', company: 'Navy Labs' }
// Wednesday 2026-12-02 09:00 and 14:00 in New York.
const adaCall = await book('2026-12-02T14:00:00.000Z', ada)
const graceCall = await book('2026-12-02T19:00:00.000Z', grace)

test('bookings: the upcoming calls on the team’s clock, with name, company and status', async () => {
  const { code, stdout } = await cli('bookings')
  expect(code).toBe(0)
  expect(stdout.split('\n')).toEqual([
    '2 upcoming bookings (times in America/New_York):',
    `  Wed, Dec 2, 2026, 9:00 AM  confirmed  Ada Lovelace, Analytical Engines Ltd  ${adaCall}`,
    `  Wed, Dec 2, 2026, 2:00 PM  confirmed  Grace Hopper, Navy Labs  ${graceCall}`,
    '',
    'Cancel one, telling the visitor, with: npm run leads -- cancel ID',
  ])
})

test('cancel ID: the booking is cancelled, its slot free, and the visitor gets the CANCEL invitation', async () => {
  const { code, stdout } = await cli('cancel', graceCall)
  expect(code).toBe(0)
  expect(stdout).toBe(
    `Canceled ${graceCall}: Grace Hopper, Navy Labs, Wed, Dec 2, 2026, 2:00 PM (America/New_York). The running server emails the visitor the cancellation within a second or so.`,
  )
  expect(await store.getBooking(graceCall)).toMatchObject({ status: 'cancelled', sequence: 1 })
  expect((await cli('bookings')).stdout).toContain(
    `  Wed, Dec 2, 2026, 2:00 PM  cancelled  Grace Hopper, Navy Labs  ${graceCall}`,
  )

  await worker.runOnce()
  const mails = readdirSync(mailDir)
    .filter((name) => name.endsWith('-booking-invite.eml'))
    .map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
    .filter((raw) => raw.includes('To: grace@example.org'))
  expect(mails).toHaveLength(2)
  const cancellation = mails.find((raw) => raw.includes('Subject: Canceled:'))!
  const ics = mimeParts(cancellation).find((part) =>
    /^text\/calendar; charset=utf-8; method=CANCEL/i.test(part.contentType),
  )!
  const vevent = new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!
  expect(vevent.getFirstPropertyValue('uid')).toBe('uid-2@northpeak.example')
  expect(vevent.getFirstPropertyValue('sequence')).toBe(1)
  expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED')

  const again = await cli('cancel', graceCall)
  expect(again.code).toBe(1)
  expect(again.stderr).toBe(`Booking ${graceCall} is canceled already.`)
  const unknown = await cli('cancel', 'no-such-booking')
  expect(unknown.code).toBe(1)
  expect(unknown.stderr).toBe('No booking no-such-booking (see npm run leads -- bookings).')
  expect((await cli('cancel')).code).toBe(2)
})

test('erase EMAIL removes the booking with its lead, its deliveries and its mail files', async () => {
  await worker.runOnce()
  const adaFiles = () =>
    readdirSync(mailDir).filter((name) => readFileSync(path.join(mailDir, name), 'utf8').includes('ada@example.com'))
  expect(adaFiles().length).toBeGreaterThanOrEqual(2)
  const { code, stdout } = await cli('erase', 'ada@example.com')
  expect(code).toBe(0)
  expect(stdout).toContain(`    lead-1  booking  2026-11-30T12:00:00.000Z`)
  expect(await store.getBooking(adaCall)).toBeNull()
  expect(adaFiles()).toEqual([])
  expect((await cli('bookings')).stdout).not.toContain('Ada Lovelace')
})

test('purge removes a booking whose address was last heard from past the retention period', async () => {
  const old = await book('2026-12-03T14:00:00.000Z', { ...ada, email: 'old@example.com' }, now)
  // 24 months and a day after it was booked.
  const { code, stdout } = await cliAt(Date.parse('2028-12-01T12:00:00Z'), 'purge')
  expect(code).toBe(0)
  expect(stdout).toContain('Purged the leads of every address last heard from before 2026-12-01T12:00:00.000Z')
  expect(stdout).toContain(`    lead-${n}  booking  2026-11-30T12:00:00.000Z`)
  expect(await store.getBooking(old)).toBeNull()
  expect(
    existsSync(mailDir) &&
      readdirSync(mailDir).some((name) => readFileSync(path.join(mailDir, name), 'utf8').includes('old@example.com')),
  ).toBe(false)
})

test('cancel ID of a call that has started, or of one held until its visitor confirms it: refused, saying why', async () => {
  const call = await book('2026-12-03T15:00:00.000Z', { ...ada, email: 'ada.started@example.com' })
  const started = await cliAt(Date.parse('2026-12-03T15:01:00.000Z'), 'cancel', call)
  expect(started.code).toBe(1)
  expect(started.stderr).toBe(`Booking ${call} has started already: it can no longer be canceled.`)

  const item: NewBooking = {
    lead: { kind: 'booking', ...grace, email: 'grace.held@example.org' },
    leadId: 'lead-held',
    bookingId: '00000000-0000-4000-8000-0000000000ff',
    uid: 'uid-held@northpeak.example',
    start: '2026-12-03T16:00:00.000Z',
    timeZone: 'Europe/Berlin',
    createdAt: now,
    deliveries: bookingDeliveriesFor({ webhook: false }),
    // A surge from the first booking on: this one is held.
    limits: { perNetworkPerDay: 0, surgePerDay: 1 },
  }
  expect(await store.insertBooking(item, rules)).toMatchObject({ ok: true, booking: { status: 'held' } })
  const held = await cli('cancel', item.bookingId)
  expect(held.code).toBe(1)
  expect(held.stderr).toBe(
    `Booking ${item.bookingId} is held until its visitor confirms it from the mail: unconfirmed, it frees its time within 30 minutes.`,
  )
  expect(await store.getBooking(item.bookingId)).toMatchObject({ status: 'held' })
})
