import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { admit, defaultBookingLimits, HOLD_MINUTES, networkKey, networkOf, type BookingCounts } from './limits.ts'

const none: BookingCounts = { callsAhead: 0, fromNetwork: 0, made: 0, held: 0 }
const now = Date.parse('2026-11-30T12:00:00Z')

describe('admit', () => {
  test('a booking with nothing counted against it stands at once', () => {
    expect(admit(none, defaultBookingLimits, now)).toEqual({ ok: true, status: 'confirmed' })
  })

  test('an address with a call ahead is refused, whatever the other counts', () => {
    expect(admit({ ...none, callsAhead: 1 }, { perNetworkPerDay: 0, surgePerDay: 0 }, now)).toEqual({
      ok: false,
      reason: 'has-call',
    })
  })

  test('a network at its limit is refused; 0 is no limit', () => {
    expect(admit({ ...none, fromNetwork: 1 }, defaultBookingLimits, now).ok).toBe(true)
    expect(admit({ ...none, fromNetwork: 2 }, defaultBookingLimits, now)).toEqual({
      ok: false,
      reason: 'network-limit',
    })
    expect(admit({ ...none, fromNetwork: 50 }, { ...defaultBookingLimits, perNetworkPerDay: 0 }, now).ok).toBe(true)
  })

  test('past the surge limit a booking is held for HOLD_MINUTES; the team is told with the first hold only; 0 never holds', () => {
    expect(admit({ ...none, made: 7 }, defaultBookingLimits, now)).toEqual({ ok: true, status: 'confirmed' })
    expect(admit({ ...none, made: 8 }, defaultBookingLimits, now)).toEqual({
      ok: true,
      status: 'held',
      holdUntil: now + HOLD_MINUTES * 60_000,
      alertTeam: true,
      made: 8,
    })
    expect(admit({ ...none, made: 9, held: 1 }, defaultBookingLimits, now)).toMatchObject({ alertTeam: false })
    expect(admit({ ...none, made: 500 }, { ...defaultBookingLimits, surgePerDay: 0 }, now)).toEqual({
      ok: true,
      status: 'confirmed',
    })
  })
})

describe('networkOf', () => {
  test('an IPv4 address is its own network, written as an IPv4-mapped IPv6 address too', () => {
    expect(networkOf('203.0.113.9')).toBe('203.0.113.9')
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(networkOf('::FFFF:203.0.113.9')).toBe('203.0.113.9')
  })

  test('an IPv6 address counts by its /64, however it is written', () => {
    const network = '2001:db8:5:6::/64'
    for (const address of [
      '2001:db8:5:6::1',
      '2001:0db8:0005:0006:ffff:ffff:ffff:fffe',
      '2001:DB8:5:6:1:2:3:4',
      '2001:db8:5:6::1.2.3.4',
      // With a zone index, as a link-local socket address may be written.
      '2001:db8:5:6::1%eth0',
    ]) {
      expect(networkOf(address), address).toBe(network)
    }
    expect(networkOf('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64')
    expect(networkOf('::1')).toBe('0:0:0:0::/64')
  })

  test('anything else is counted as it is', () => {
    expect(networkOf('unknown')).toBe('unknown')
  })

  test('the store keeps an HMAC of the network, never the address', () => {
    const secret = 'a-secret-of-at-least-32-characters-long'
    const key = networkKey('2001:db8:5:6::1', secret)
    expect(key).toBe(networkKey('2001:db8:5:6::ffff', secret))
    expect(key).not.toBe(networkKey('2001:db8:5:7::1', secret))
    expect(key).not.toBe(networkKey('2001:db8:5:6::1', `${secret}-another`))
    expect(key).not.toContain('2001')
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})

test('the README and the booking README state the limits the server has', () => {
  const readme = readFileSync('README.md', 'utf8')
  const bookingReadme = readFileSync('server/booking/README.md', 'utf8')
  expect(readme).toMatch(
    new RegExp(`\\| \`BOOKING_NETWORK_LIMIT\` +\\| \`${defaultBookingLimits.perNetworkPerDay}\` +\\|`),
  )
  expect(readme).toMatch(new RegExp(`\\| \`BOOKING_SURGE_LIMIT\` +\\| \`${defaultBookingLimits.surgePerDay}\` +\\|`))
  expect(readme).toContain(`at\nmost ${defaultBookingLimits.perNetworkPerDay} bookings a day from one network`)
  expect(readme).toContain(`once ${defaultBookingLimits.surgePerDay} bookings were made site-wide in 24 hours`)
  expect(readme).toContain(`\n${HOLD_MINUTES} minutes until its visitor confirms it`)
  expect(bookingReadme).toMatch(
    new RegExp(`\\| ${defaultBookingLimits.perNetworkPerDay} \\(\`BOOKING_NETWORK_LIMIT\`; 0: none\\)`),
  )
  expect(bookingReadme).toMatch(
    new RegExp(`\\| ${defaultBookingLimits.surgePerDay} \\(\`BOOKING_SURGE_LIMIT\`; 0: never held\\)`),
  )
  expect(bookingReadme).toContain(`**held** for ${HOLD_MINUTES} minutes (\`HOLD_MINUTES\`)`)
})
