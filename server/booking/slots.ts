import { weekdays, type Availability } from './availability.ts'
import {
  MINUTE,
  HOUR,
  addDays,
  canonicalTimeZone,
  dateAt,
  parseInstant,
  timeAt,
  weekdayOf,
  zonedDateTimeToUtc,
} from './zoned-time.ts'

/**
 * The slot engine: which strategy calls can be booked, from the availability settings, the
 * clock, the team's busy time and the calls already booked. Pure: it reads no clock, file or
 * database; the caller passes them in (server/booking/README.md).
 *
 * Instants, in and out, are ISO 8601 strings in UTC as `Date.prototype.toISOString` writes
 * them ("2026-11-02T14:00:00.000Z"): one spelling per instant, so they compare as strings and
 * can key a unique column. Inputs may carry any offset ("...Z" or "...-05:00") but must carry one.
 */

/** A span of time: from `start` (included) to `end` (excluded), ISO instants. */
export interface Interval {
  start: string
  end: string
}

/** A call that can be booked: `end` is `start` plus the call's length. */
export type Slot = Interval

export interface SlotQuery {
  settings: Availability
  /** The moment of the question, epoch ms (the server's clock, `now()` in server/app.ts). */
  now: number
  /** The team's busy time, e.g. from its calendar (busy-calendar.ts). */
  busy: readonly Interval[]
  /** The calls already booked, each with its own buffers; all those of the days asked about. */
  booked: readonly Interval[]
  /** Only slots starting at or after this instant. */
  from?: string
  /** Only slots starting before this instant. */
  to?: string
}

/** Why a start cannot be booked (isBookable). */
export type NotBookable =
  /** Not a start the working hours give: off the grid, a closed day, a holiday. */
  | 'not-a-slot'
  /** Sooner than the minimum notice, or past. */
  | 'too-soon'
  /** After the last bookable day. */
  | 'beyond-horizon'
  /** The day has its maximum of calls. */
  | 'day-full'
  /** Busy time or another call (with the buffers) overlaps it. */
  | 'taken'

export type Bookable = { bookable: true; slot: Slot } | { bookable: false; reason: NotBookable }

/** One of the visitor's days and its slots, each with the visitor's "HH:MM" (24-hour clock). */
export interface SlotDay {
  date: string
  slots: (Slot & { time: string })[]
}

function parseIntervals(intervals: readonly Interval[]): { start: number; end: number }[] {
  return intervals.map((interval) => ({ start: parseInstant(interval.start), end: parseInstant(interval.end) }))
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The working periods of a date in the team's zone: a holiday's none, an override's own, else its weekday's. */
function hoursOf(settings: Availability, date: string) {
  if (settings.holidays.some((holiday) => holiday.date === date)) return []
  const override = settings.overrides.find((candidate) => candidate.date === date)
  return override ? override.hours : settings.weeklyHours[weekdays[weekdayOf(date)]!]
}

/**
 * The starts a date's working periods give, epoch ms: each period's start and every slot
 * length after it while the whole call fits. The grid is laid in real time from the period's
 * start instant, so a period over a daylight-saving change has as many slots as real hours.
 */
function gridOf(settings: Availability, date: string): number[] {
  const length = settings.slotMinutes * MINUTE
  const starts: number[] = []
  for (const hours of hoursOf(settings, date)) {
    const end = zonedDateTimeToUtc(date, hours.to, settings.timeZone)
    for (let start = zonedDateTimeToUtc(date, hours.from, settings.timeZone); start + length <= end; start += length)
      starts.push(start)
  }
  return starts
}

/** What every check of a start needs, computed once per query. */
function prepare(query: SlotQuery) {
  const { settings, now } = query
  const before = settings.bufferBeforeMinutes * MINUTE
  const after = settings.bufferAfterMinutes * MINUTE
  const length = settings.slotMinutes * MINUTE
  const booked = parseIntervals(query.booked)
  // A booked call occupies its buffers too; busy time occupies itself. A candidate's own call
  // and buffers must miss both: between two calls lie the first's buffer after and the
  // second's buffer before.
  const blocked = [
    ...parseIntervals(query.busy),
    ...booked.map((call) => ({ start: call.start - before, end: call.end + after })),
  ].filter((interval) => interval.end > interval.start)
  const callsPerDay = new Map<string, number>()
  for (const call of booked) {
    const date = dateAt(call.start, settings.timeZone)
    callsPerDay.set(date, (callsPerDay.get(date) ?? 0) + 1)
  }
  const earliest = now + settings.minimumNoticeHours * HOUR
  const lastDate = addDays(dateAt(now, settings.timeZone), settings.horizonDays)
  return {
    earliest,
    lastDate,
    /** Why a start on the grid of `date` cannot be booked, or undefined when it can. */
    check(start: number, date: string): NotBookable | undefined {
      if (start < earliest) return 'too-soon'
      if (date > lastDate) return 'beyond-horizon'
      if ((callsPerDay.get(date) ?? 0) >= settings.maxCallsPerDay) return 'day-full'
      const from = start - before
      const to = start + length + after
      if (blocked.some((interval) => interval.start < to && from < interval.end)) return 'taken'
      return undefined
    },
  }
}

/**
 * The free slots, in order: on the grid of the team's working hours (never moved off it by a
 * buffer: a start that a buffer blocks is left out, and the next start on the grid is offered),
 * from now plus the minimum notice to the end of the last bookable day, free of busy time and
 * booked calls with the buffers around the call, on days under the daily maximum.
 */
export function freeSlots(query: SlotQuery): Slot[] {
  const { settings } = query
  const rules = prepare(query)
  const from = Math.max(rules.earliest, query.from === undefined ? -Infinity : parseInstant(query.from))
  const to = query.to === undefined ? Infinity : parseInstant(query.to)
  const length = settings.slotMinutes * MINUTE
  const slots: Slot[] = []
  // A start always lies on its own date in the team's zone, so the dates run from the
  // earliest start's to the last bookable one.
  for (let date = dateAt(from, settings.timeZone); date <= rules.lastDate; date = addDays(date, 1)) {
    for (const start of gridOf(settings, date)) {
      if (start < from || start >= to) continue
      if (rules.check(start, date) === undefined) slots.push({ start: iso(start), end: iso(start + length) })
    }
    if (zonedDateTimeToUtc(addDays(date, 1), 0, settings.timeZone) >= to) break
  }
  return slots
}

/**
 * Until when `slots`, the free slots at `now`, stay the free slots for the same busy time and
 * calls booked: until the minimum notice passes the first one's start (it is then too soon), or
 * the team's next midnight brings a new last bookable day, whichever comes first. The clock
 * changes nothing else in `freeSlots`.
 */
export function freeSlotsUntil(settings: Availability, now: number, slots: readonly Slot[]): number {
  const nextDay = zonedDateTimeToUtc(addDays(dateAt(now, settings.timeZone), 1), 0, settings.timeZone)
  const first = slots[0] ? parseInstant(slots[0].start) - settings.minimumNoticeHours * HOUR + 1 : Infinity
  return Math.min(nextDay, first)
}

/**
 * Whether the call starting at `start` can be booked, by the same rules as freeSlots: the
 * store's check inside the booking's transaction, with the calls booked so far.
 */
export function isBookable(start: string, query: SlotQuery): Bookable {
  const { settings } = query
  const ms = parseInstant(start)
  const date = dateAt(ms, settings.timeZone)
  if (!gridOf(settings, date).includes(ms)) return { bookable: false, reason: 'not-a-slot' }
  const reason = prepare(query).check(ms, date)
  if (reason) return { bookable: false, reason }
  return { bookable: true, slot: { start: iso(ms), end: iso(ms + settings.slotMinutes * MINUTE) } }
}

/**
 * The `n` free slots nearest to `start` (before or after it), in time order: what a 409 offers
 * when the slot was taken. Of two as near, the earlier.
 */
export function nearestFree(start: string, n: number, query: SlotQuery): Slot[] {
  const wanted = parseInstant(start)
  const distance = (slot: Slot) => Math.abs(Date.parse(slot.start) - wanted)
  return freeSlots({ ...query, from: undefined, to: undefined })
    .map((slot, index) => ({ slot, index }))
    .sort((a, b) => distance(a.slot) - distance(b.slot) || a.index - b.index)
    .slice(0, Math.max(0, n))
    .sort((a, b) => a.index - b.index)
    .map(({ slot }) => slot)
}

/**
 * The slots grouped by the visitor's dates, in order, each with its start on the visitor's
 * clock ("HH:MM"). The page formats dates and times for the visitor's language itself.
 */
export function groupByDay(slots: readonly Slot[], visitorTimeZone: string): SlotDay[] {
  const zone = canonicalTimeZone(visitorTimeZone)
  if (!zone) throw new RangeError(`"${visitorTimeZone}" is not an IANA time zone such as Europe/Berlin`)
  const days: SlotDay[] = []
  for (const slot of [...slots].sort((a, b) => parseInstant(a.start) - parseInstant(b.start))) {
    const ms = parseInstant(slot.start)
    const date = dateAt(ms, zone)
    let day = days.at(-1)
    if (day?.date !== date) days.push((day = { date, slots: [] }))
    day.slots.push({ start: slot.start, end: slot.end, time: timeAt(ms, zone) })
  }
  return days
}

/**
 * The span the busy time must cover for a query at `now`: from the first possible start less
 * the buffer before, to the end of the last bookable day plus the buffer after. A calendar
 * reader asks its server for this window (busy-calendar.ts).
 */
export function busyWindow(settings: Availability, now: number): Interval {
  const lastDate = addDays(dateAt(now, settings.timeZone), settings.horizonDays)
  return {
    start: iso(now + settings.minimumNoticeHours * HOUR - settings.bufferBeforeMinutes * MINUTE),
    end: iso(zonedDateTimeToUtc(addDays(lastDate, 1), 0, settings.timeZone) + settings.bufferAfterMinutes * MINUTE),
  }
}
