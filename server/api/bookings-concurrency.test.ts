import { describe, expect, test, vi } from 'vitest'
import { TEST_BOOKING_SECRET, booker, postBooking, slotsOf } from '../booking/test-bookings.ts'
import { testDatabases } from '../store/test-database.ts'
import { startTestServer } from '../test-server.ts'

// Real servers and processes: give them time on a busy machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 })

const databases = testDatabases()
const servers = {
  SQLite: await startTestServer({ LEAD_RATE_LIMIT: '0', BOOKING_SECRET: TEST_BOOKING_SECRET }),
  PostgreSQL: await startTestServer({
    LEAD_RATE_LIMIT: '0',
    BOOKING_SECRET: TEST_BOOKING_SECRET,
    DATABASE_URL: await databases.create(),
  }),
}

// Issue 26's load test: 50 visitors booking one slot at the same moment, over real HTTP.
describe.each(Object.entries(servers))('%s', (name, server) => {
  test('fifty concurrent bookings of one slot: exactly one 201, forty-nine 409s that each offer the nearest free slots, one row', async () => {
    expect(server.database).toBe(name === 'SQLite' ? 'sqlite' : 'postgres')
    const [slot] = (await slotsOf(server.url)).days[0]!.slots
    const started = performance.now()
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postBooking(server.url, { ...booker, email: `visitor-${i}@example.com`, start: slot!.start, timeZone: 'UTC' }),
      ),
    )
    const wallMs = performance.now() - started
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as {
      booking?: { start: string }
      reason?: string
      error?: string
      nearest?: { start: string }[]
    }[]
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(49)
    expect(bodies.find((body) => body.booking)!.booking!.start).toBe(slot!.start)
    for (const body of bodies.filter((candidate) => !candidate.booking)) {
      expect(body.reason).toBe('taken')
      expect(body.error).toBe(
        'That time has just been booked by someone else. Pick one of the nearest free times instead.',
      )
      expect(body.nearest).toHaveLength(3)
      expect(body.nearest!.map((free) => free.start)).not.toContain(slot!.start)
    }
    const stored = await server.store.listBookings({ after: new Date(0).toISOString() })
    expect(stored.map((booking) => [booking.start, booking.status])).toEqual([[slot!.start, 'confirmed']])
    expect(await server.store.countLeads()).toBe(1)
    // The figure for docs/decisions/035-bookings.md.
    console.info(`${name}: 50 concurrent bookings of one slot answered in ${Math.round(wallMs)} ms`)
  })
})
