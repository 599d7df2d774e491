/**
 * Wall-clock time in a named time zone and the UTC instants it stands for, with the platform's
 * Intl and its time-zone database alone (docs/decisions/031-booking-slots-in-the-team-zone.md).
 * Dates are "YYYY-MM-DD" strings (app/lib/booking/calendar-date.ts counts them), instants epoch
 * milliseconds; nothing here reads the clock.
 */
import { knownTimeZone } from '#app/lib/booking/booking-days.ts'
import { formatDate, isCalendarDate, splitDate } from '#app/lib/booking/calendar-date.ts'

export { addDays, isCalendarDate, weekdayOf } from '#app/lib/booking/calendar-date.ts'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

/** A time as a clock on the wall shows it: month 1-12, hour 0-24 (24:00 is the next day's midnight). */
export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second?: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, format)
  }
  return format
}

/**
 * The IANA name of a time zone Intl knows (its canonical spelling), or undefined. Fixed offsets
 * such as "+05:00", which Intl also accepts, are refused: they know nothing of daylight saving.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!canonicalNames.has(name)) canonicalNames.set(name, knownTimeZone(name))
  return canonicalNames.get(name)
}

/** Names already resolved: creating a formatter to ask Intl costs a third of a millisecond. */
const canonicalNames = new Map<string, string | undefined>()

/** What a clock in `timeZone` shows at the instant `ms`. */
export function wallClockAt(ms: number, timeZone: string): Required<WallClock> {
  const parts: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  }
}

function wallAsUtc(wall: WallClock): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0)
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `ms`, in milliseconds. */
export function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000
  return wallAsUtc(wallClockAt(whole, timeZone)) - whole
}

/**
 * The instant at which a clock in `timeZone` shows `wall`. Where the clock shows it twice (the
 * hour repeated when daylight saving ends), the first time; where it never shows it (the hour
 * skipped when daylight saving starts), the instant as far after the jump as `wall` is after the
 * last time before it: 02:30 on a day the clock jumps from 02:00 to 03:00 is 03:30. This is what
 * Temporal calls the "compatible" disambiguation, and what RFC 5545 asks of calendar times.
 */
export function zonedToUtc(wall: WallClock, timeZone: string): number {
  const local = wallAsUtc(wall)
  // Every zone's offset changes at most once in two days: the offsets a day either side are the
  // only candidates, and a candidate is right when the clock at that instant shows `wall`.
  const before = offsetAt(local - DAY, timeZone)
  const after = offsetAt(local + DAY, timeZone)
  if (before === after) return local - before
  const shown = [local - before, local - after].filter((ms) => offsetAt(ms, timeZone) === local - ms)
  if (shown.length > 0) return Math.min(...shown)
  return local - before
}

/**
 * The epoch ms of an ISO 8601 instant, "2026-11-02T14:00:00.000Z" or "2026-11-02T09:00-05:00".
 * A date and time without an offset is refused: it is a different instant in every zone. So is
 * a date or time no calendar or clock has: `Date.parse` reads "2026-11-31T15:00Z" as December 1
 * and "T24:00" as the next midnight, which would book a time the visitor never saw.
 */
export function parseInstant(value: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))$/.exec(value)
  const [, date = '', hour, minute, second = '0', offsetHours = '0', offsetMinutes = '0'] = match ?? []
  const onTheClock =
    isCalendarDate(date) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59 &&
    Number(offsetHours) <= 23 &&
    Number(offsetMinutes) <= 59
  const ms = match && onTheClock ? Date.parse(value) : NaN
  if (Number.isNaN(ms)) throw new RangeError(`"${value}" is not an instant such as "2026-11-02T14:00:00.000Z"`)
  return ms
}

/** The calendar date ("YYYY-MM-DD") a clock in `timeZone` shows at the instant `ms`. */
export function dateAt(ms: number, timeZone: string): string {
  const wall = wallClockAt(ms, timeZone)
  return formatDate(wall.year, wall.month, wall.day)
}

/** "HH:MM" a clock in `timeZone` shows at the instant `ms`, 00:00-23:59. */
export function timeAt(ms: number, timeZone: string): string {
  const wall = wallClockAt(ms, timeZone)
  return `${pad(wall.hour)}:${pad(wall.minute)}`
}

/** The instant a clock in `timeZone` shows `minutes` after the start of `date` (1440: the next midnight). */
export function zonedDateTimeToUtc(date: string, minutes: number, timeZone: string): number {
  const [year, month, day] = splitDate(date)
  return zonedToUtc({ year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 }, timeZone)
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
