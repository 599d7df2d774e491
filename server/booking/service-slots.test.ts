import { describe, expect, it } from 'vitest'
import type { BookingChange, Store } from '../store/store.ts'
import { checkAvailability } from './availability.ts'
import { BOOKED_RECHECK_MS, bookingService } from './service.ts'
import type { Interval } from './slots.ts'
import { TEST_BOOKING_SECRET } from './test-bookings.ts'
import { sampleWeek } from './test-week.ts'

// The free slots of the booking page, computed once per change (issue 39; README "The free
// slots, computed once per change"). New York: 2026-11-02 is a Monday, 09:00 there is 14:00Z.

const settings = checkAvailability(
  {
    timeZone: 'America/New_York',
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeHours: 12,
    horizonDays: 14,
    maxCallsPerDay: 4,
    weeklyHours: sampleWeek,
    holidays: [],
    overrides: [],
  },
  'test settings',
)

/** A store holding `calls`, counting its reads; cancelling one takes it out, as another instance would. */
function countingStore(calls: Interval[]) {
  const store = {
    reads: 0,
    calls,
    bookedCalls: async () => {
      store.reads += 1
      return [...store.calls]
    },
    cancelBooking: async (): Promise<BookingChange> => {
      store.calls = []
      return { ok: false, reason: 'not-found' }
    },
  }
  return store
}

function serviceWith(store: ReturnType<typeof countingStore>, busy: () => Promise<Interval[]> = async () => []) {
  return bookingService({
    store: store as unknown as Store,
    settings,
    busy,
    secret: TEST_BOOKING_SECRET,
    deliveries: [],
    log: { info: () => {} },
  })
}

const monday9 = { start: '2026-11-02T14:00:00.000Z', end: '2026-11-02T14:30:00.000Z' }
// Sunday 2026-11-01 12:00 in New York: Monday 09:00 is 14 hours ahead, past the 12 hours' notice.
const sunday = Date.parse('2026-11-01T17:00:00.000Z')
const starts = async (service: ReturnType<typeof serviceWith>, now: number) =>
  (await service.slots(now, 'America/New_York'))!.slots.map((slot) => slot.start)

describe('the free slots of the booking page', () => {
  it('are computed once and served to every page until something changes', async () => {
    const store = countingStore([monday9])
    const service = serviceWith(store)
    const first = await service.slots(sunday, 'America/New_York')
    expect(first!.slots[0]!.start).toBe('2026-11-02T14:30:00.000Z')
    const again = await service.slots(sunday + 500, 'Asia/Kolkata')
    // The same list, not a new one; the visitor's days grouped in the zone asked for.
    expect(again!.slots).toBe(first!.slots)
    expect(again!.days[0]!.slots[0]!.time).toBe('20:00')
    expect(store.reads).toBe(1)
  })

  it('show a change made elsewhere (another instance, the CLI) within a second', async () => {
    const store = countingStore([monday9])
    const service = serviceWith(store)
    expect(await starts(service, sunday)).not.toContain(monday9.start)
    store.calls = []
    expect(await starts(service, sunday + BOOKED_RECHECK_MS - 1)).not.toContain(monday9.start)
    expect(await starts(service, sunday + BOOKED_RECHECK_MS)).toContain(monday9.start)
    expect(store.reads).toBe(2)
  })

  it('show a change made through this service at once', async () => {
    const store = countingStore([monday9])
    const service = serviceWith(store)
    expect(await starts(service, sunday)).not.toContain(monday9.start)
    await service.cancelById('booking', sunday + 1)
    expect(await starts(service, sunday + 2)).toContain(monday9.start)
  })

  it('follow the busy time of each calendar answer', async () => {
    let busy: Interval[] = []
    const service = serviceWith(countingStore([]), async () => busy)
    expect(await starts(service, sunday)).toContain(monday9.start)
    busy = [monday9]
    expect(await starts(service, sunday + 1)).not.toContain(monday9.start)
  })

  it('drop a slot once the clock passes its notice, and take in a new last day at the team’s midnight', async () => {
    const service = serviceWith(countingStore([]))
    const now = await starts(service, sunday)
    expect(now[0]).toBe(monday9.start)
    // 12 hours before Monday 09:00, and a millisecond after.
    expect((await starts(service, Date.parse(monday9.start) - 12 * 3_600_000))[0]).toBe(monday9.start)
    expect((await starts(service, Date.parse(monday9.start) - 12 * 3_600_000 + 1))[0]).toBe('2026-11-02T14:30:00.000Z')
    // Sunday 23:59 New York: the last bookable day is Sunday 11-15; a minute later, Monday 11-16.
    const lastDay = (list: string[]) => list.at(-1)!.slice(0, 10)
    expect(lastDay(await starts(service, Date.parse('2026-11-02T04:59:00.000Z')))).toBe('2026-11-13')
    expect(lastDay(await starts(service, Date.parse('2026-11-02T05:00:00.000Z')))).toBe('2026-11-16')
  })
})
