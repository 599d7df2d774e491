// For the booking tests (server/api/bookings.test.ts, bookings-concurrency.test.ts, the mails' and the CLI's).
import type { StoredBooking } from '../store/lead-store.ts'

/** A signing secret for tests' servers (BOOKING_SECRET). */
export const TEST_BOOKING_SECRET = 'test-booking-secret-of-32-characters-or-more'

/** The booking form's fields, all filled in; `start` and `timeZone` are the test's. */
export const booker = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  note: 'We would like more qualified leads from search.',
}

let bookers = 0
/**
 * The booking form's fields with an address of their own: an address may have
 * one call ahead at a time (server/booking/limits.ts), so each booking a test
 * makes is another person's.
 */
export function aBooker() {
  bookers += 1
  return { ...booker, email: `ada-${bookers}-${Math.random().toString(36).slice(2, 8)}@example.com` }
}

export interface SlotsAnswer {
  timeZone: string
  teamTimeZone: string
  slotMinutes: number
  days: { date: string; slots: { start: string; end: string; time: string }[] }[]
}

/** The free slots the server offers now, seen from `timeZone`. */
export async function slotsOf(url: string, timeZone = 'America/New_York'): Promise<SlotsAnswer> {
  const response = await fetch(`${url}/api/bookings/slots?timeZone=${encodeURIComponent(timeZone)}`)
  if (response.status !== 200) throw new Error(`slots answered ${response.status}`)
  return (await response.json()) as SlotsAnswer
}

/** `POST path` with a JSON body, as the booking page sends it. */
export function postBooking(url: string, body: unknown, path = '/api/bookings') {
  return fetch(`${url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })
}

/**
 * A booking as the store gives it, for the tests of what is written from one
 * (the invitation, the mails): a call on Wednesday 2026-12-02 at 09:00 in New
 * York, booked from Berlin; `overrides` for what a test is about.
 */
export function storedBooking(overrides: Partial<StoredBooking> = {}): StoredBooking {
  return {
    id: '0e6a3f7e-1111-4222-8333-444455556666',
    leadId: 'lead',
    start: '2026-12-02T14:00:00.000Z',
    end: '2026-12-02T14:30:00.000Z',
    timeZone: 'Europe/Berlin',
    uid: '5b1c@northpeak.example',
    sequence: 0,
    status: 'confirmed',
    createdAt: Date.parse('2026-11-30T12:00:00Z'),
    updatedAt: Date.parse('2026-11-30T12:05:00Z'),
    holdExpiresAt: null,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: null,
    note: null,
    ...overrides,
  }
}
