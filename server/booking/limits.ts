import { createHmac } from 'node:crypto'
import { isIPv4, isIPv6 } from 'node:net'
import { HOUR } from './zoned-time.ts'

/**
 * The defence against a flooded calendar and against invitations sent to
 * addresses nobody confirmed (docs/decisions/042-nobody-floods-the-calendar.md,
 * server/booking/README.md "Limits"). Checked by the stores inside the
 * booking's transaction, with the counts they read there (`admit`), so two
 * bookings at once cannot both slip under a limit.
 */

/** Calls one e-mail address (in any case) may have ahead, held or confirmed, at once. */
export const CALLS_AHEAD_PER_EMAIL = 1
/** How long a held time waits for the visitor's confirmation. */
export const HOLD_MINUTES = 30
/** The span the per-network limit and the surge count bookings over: the last 24 hours. */
export const LIMIT_WINDOW_MS = 24 * HOUR

export interface BookingLimits {
  /** Bookings one network (an IPv4 address, an IPv6 /64) may make in 24 hours; 0: no limit (BOOKING_NETWORK_LIMIT). */
  perNetworkPerDay: number
  /**
   * Bookings made site-wide in 24 hours from which each new one is held until the visitor
   * confirms it by mail, and the team is told once (BOOKING_SURGE_LIMIT); 0: never held.
   */
  surgePerDay: number
}

/** The server's defaults: README.md and server/booking/README.md state them. */
export const defaultBookingLimits: BookingLimits = { perNetworkPerDay: 2, surgePerDay: 8 }

/** What a store counted inside the booking's transaction, before writing it. */
export interface BookingCounts {
  /** Calls of the booking's address (any case) that are held or confirmed and not yet over. */
  callsAhead: number
  /** Bookings made from its network in the last 24 hours, whatever became of them. */
  fromNetwork: number
  /** Bookings made site-wide in the last 24 hours, whatever became of them. */
  made: number
  /** Of those, how many were held (a surge was on when they came). */
  held: number
}

export type LimitReason =
  /** The address has a call ahead already. */
  | 'has-call'
  /** The network made its bookings for the day. */
  | 'network-limit'

export type Admission =
  | { ok: false; reason: LimitReason }
  | { ok: true; status: 'confirmed' }
  /** Held until `holdUntil` (ms); `alertTeam` for the first hold of a surge; `made` the bookings of the last 24 hours. */
  | { ok: true; status: 'held'; holdUntil: number; alertTeam: boolean; made: number }

/** Whether a new booking is taken at `now`, and how. */
export function admit(counts: BookingCounts, limits: BookingLimits, now: number): Admission {
  if (counts.callsAhead >= CALLS_AHEAD_PER_EMAIL) return { ok: false, reason: 'has-call' }
  if (limits.perNetworkPerDay > 0 && counts.fromNetwork >= limits.perNetworkPerDay)
    return { ok: false, reason: 'network-limit' }
  if (limits.surgePerDay > 0 && counts.made >= limits.surgePerDay)
    return {
      ok: true,
      status: 'held',
      holdUntil: now + HOLD_MINUTES * 60_000,
      alertTeam: counts.held === 0,
      made: counts.made,
    }
  return { ok: true, status: 'confirmed' }
}

/**
 * The network a client address is counted by: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address as its IPv4 address), an IPv6 address by its /64,
 * the smallest network a provider hands one customer: counting single IPv6
 * addresses would let one visitor take any number. Anything else (no socket
 * address) is counted as it is.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]!
  if (isIPv4(address)) return address
  const bare = address.replace(/%.*$/, '')
  if (!isIPv6(bare)) return address
  return `${hextets(bare).slice(0, 4).join(':')}::/64`
}

/** The eight 16-bit groups of an IPv6 address, lowercase without leading zeros. */
function hextets(address: string): string[] {
  // A trailing dotted IPv4 part (::1.2.3.4) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address)
  const written = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address
  const [head = '', tail] = written.split('::') as [string, string | undefined]
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return groups.map((group) => parseInt(group, 16).toString(16))
}

/**
 * What the store keeps of the network: an HMAC under the booking secret, so
 * the database holds no address (the privacy policy, "Booking a call on this
 * site") while the bookings of one network still count together.
 */
export function networkKey(address: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`northpeak-booking-network:${networkOf(address)}`)
    .digest('base64url')
}
