// For the booking tests (server/api/bookings.test.ts, bookings-concurrency.test.ts, the mails' and the CLI's).

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
