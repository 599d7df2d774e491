import ICAL from 'ical.js'
import type { Interval } from './slots.ts'
import {
  DAY,
  HOUR,
  MINUTE,
  canonicalTimeZone,
  parseInstant,
  wallClockAt,
  zonedDateTimeToUtc,
  zonedToUtc,
} from './zoned-time.ts'

/**
 * The team's busy time from its calendar: the iCalendar objects a CalDAV server returns
 * (RFC 4791 calendar-data, one text per calendar object resource) turned into busy intervals
 * within a window, for the slot engine (slots.ts). Parsing and the expansion of recurrence
 * rules are ical.js's; turning wall-clock times into instants is Intl's (zoned-time.ts), as for
 * the working hours (docs/decisions/031-booking-slots-in-the-team-zone.md).
 *
 * - Recurring events are expanded (RRULE, RDATE), less their EXDATEs; an occurrence that has its
 *   own component (RECURRENCE-ID) takes that component's time, status and transparency. An
 *   occurrence is matched to its RECURRENCE-ID by instant, so either may be written in UTC.
 *   RANGE=THISANDFUTURE is read as this occurrence alone.
 * - Events marked free (TRANSP:TRANSPARENT) or cancelled (STATUS:CANCELLED) are not busy;
 *   tentative ones are. A cancelled master cancels the whole series.
 * - An all-day event (DATE values) is busy from midnight to midnight in the team's zone, one
 *   day unless DTEND or DURATION says more.
 * - A TZID that is an IANA name is read with Intl; one only the calendar defines (Outlook's
 *   "Eastern Standard Time") with the calendar's VTIMEZONE; any other stops the reading with
 *   the calendar and the event named: busy time that cannot be placed is never guessed. Times
 *   without a zone ("floating") are the team's.
 * - An event without DTEND or DURATION takes no time (RFC 5545, 3.6.1) and is not busy.
 */

/** How many occurrences of one event are expanded before the window's end, at most. */
const maxOccurrences = 100_000

type Time = InstanceType<typeof ICAL.Time>
type Component = InstanceType<typeof ICAL.Component>
type Property = InstanceType<typeof ICAL.Property>
type Period = InstanceType<typeof ICAL.Period>
type Recur = InstanceType<typeof ICAL.Recur>

interface Span {
  start: number
  end: number
}

/**
 * The busy intervals of the events in `icsTexts` that overlap `window` (the part of an event
 * outside the window is kept), sorted and merged where they overlap or touch. `timeZone` is the
 * team's: all-day and floating times are read in it. Throws, naming the calendar (its place in
 * `icsTexts`, from 1) and the event's UID, on text that is not iCalendar or a time it cannot place.
 */
export function expandBusy(icsTexts: readonly string[], window: Interval, timeZone: string): Interval[] {
  const zone = canonicalTimeZone(timeZone)
  if (!zone) throw new RangeError(`"${timeZone}" is not an IANA time zone such as America/New_York`)
  const bounds = { start: parseInstant(window.start), end: parseInstant(window.end) }
  const spans: Span[] = []
  icsTexts.forEach((text, index) => {
    const where = `calendar ${index + 1}`
    for (const [uid, components] of eventsByUid(text, where)) {
      try {
        spans.push(...busyOfEvent(components, bounds, zone))
      } catch (error) {
        throw new Error(`${where}, event ${uid}: ${(error as Error).message}`, { cause: error })
      }
    }
  })
  return merge(spans.filter((span) => span.start < bounds.end && bounds.start < span.end))
}

/** The VEVENTs of one calendar object, grouped by UID (a series and its changed occurrences). */
function eventsByUid(text: string, where: string): Map<string, Component[]> {
  let calendars: Component[]
  try {
    const parsed: unknown = ICAL.parse(text)
    const roots = Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]
    calendars = roots.map((root) => new ICAL.Component(root as never))
  } catch (error) {
    throw new Error(`${where}: not iCalendar: ${(error as Error).message}`, { cause: error })
  }
  const groups = new Map<string, Component[]>()
  for (const calendar of calendars) {
    if (calendar.name !== 'vcalendar') throw new Error(`${where}: not iCalendar: no VCALENDAR but ${calendar.name}`)
    // A zone Intl knows is read with Intl (timeToInstant): its VTIMEZONE goes before any time is
    // read, so ical.js holds those times as wall clocks. It would otherwise expand the zone's
    // rules from 1970 on for each calendar object, and read one zone two ways.
    for (const definition of calendar.getAllSubcomponents('vtimezone')) {
      const tzid = definition.getFirstPropertyValue('tzid')
      if (typeof tzid === 'string' && canonicalTimeZone(tzid)) calendar.removeSubcomponent(definition)
    }
    calendar.getAllSubcomponents('vevent').forEach((event, index) => {
      const uid = String(event.getFirstPropertyValue('uid') ?? `#${index + 1} (no UID)`)
      groups.set(uid, [...(groups.get(uid) ?? []), event])
    })
  }
  return groups
}

/** Whether an event (a master or one changed occurrence) takes the team's time. */
function isBusy(event: Component): boolean {
  const status = String(event.getFirstPropertyValue('status') ?? '').toUpperCase()
  const transparency = String(event.getFirstPropertyValue('transp') ?? '').toUpperCase()
  return status !== 'CANCELLED' && transparency !== 'TRANSPARENT'
}

function busyOfEvent(components: Component[], window: Span, zone: string): Span[] {
  const master = components.find((event) => !event.hasProperty('recurrence-id'))
  const changed = components.filter((event) => event.hasProperty('recurrence-id'))
  if (master && String(master.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return []
  const spans: Span[] = []
  // Each changed occurrence stands on its own; it replaces the occurrence it names.
  const replaced = new Set<number>()
  for (const event of changed) {
    replaced.add(instantOf(event.getFirstProperty('recurrence-id')!, zone))
    if (isBusy(event)) spans.push(spanOf(event, zone, master))
  }
  if (!master) return spans
  const dtstart = master.getFirstProperty('dtstart')
  if (!dtstart) throw new Error('has no DTSTART')
  const start = dtstart.getFirstValue() as Time
  const tzid = tzidOf(dtstart)
  const duration = durationOf(master, zone)
  // EXDATEs are matched here by instant, and taken out before ical.js expands the rule:
  // it would compare them by wall clock, wrongly when they are written in another zone.
  // An EXDATE written as a date in a timed series leaves out that day's occurrences.
  const excluded = new Set<number>()
  const excludedDays = new Set<string>()
  for (const property of master.getAllProperties('exdate'))
    for (const value of property.getValues() as Time[]) {
      if (value.isDate && !start.isDate) excludedDays.add(isoDate(value))
      else excluded.add(timeToInstant(value, tzidOf(property), zone))
    }
  master.removeAllProperties('exdate')
  // RDATEs are read here too, each in its own zone, some as periods; ical.js would read them
  // in the series' zone, and without a rule it leaves out DTSTART.
  const occurrences: (Span & { day: string })[] = []
  for (const property of master.getAllProperties('rdate'))
    for (const value of property.getValues() as (Time | Period)[]) {
      if (value instanceof ICAL.Period) {
        const begins = timeToInstant(value.start, tzidOf(property), zone)
        const end = timeToInstant(value.getEnd(), tzidOf(property), zone)
        occurrences.push({ start: begins, end, day: isoDate(value.start) })
      } else {
        const begins = timeToInstant(value, tzidOf(property), zone)
        occurrences.push({ start: begins, end: duration(value, tzidOf(property), begins), day: isoDate(value) })
      }
    }
  master.removeAllProperties('rdate')
  untilAsWallClock(master, start, tzid, zone)
  if (!isBusy(master)) return spans
  const expansion = new ICAL.RecurExpansion({ component: master, dtstart: start })
  // next() gives DTSTART, then the rule's occurrences in wall-clock order, then undefined.
  for (let count = 0; ; count++) {
    if (count >= maxOccurrences) throw new Error(`has more than ${maxOccurrences} occurrences before the window ends`)
    const occurrence = expansion.next() as Time | undefined
    if (!occurrence) break
    const begins = timeToInstant(occurrence, tzid, zone)
    // In wall-clock order, instants can step back only by a repeated hour: a day's margin.
    if (begins >= window.end + DAY) break
    occurrences.push({ start: begins, end: duration(occurrence, tzid, begins), day: isoDate(occurrence) })
  }
  for (const { start, end, day } of occurrences)
    if (!excluded.has(start) && !replaced.has(start) && !excludedDays.has(day)) spans.push({ start, end })
  return spans
}

/**
 * ical.js ends a rule by comparing each occurrence with UNTIL. An UNTIL in UTC (as RFC 5545
 * asks when DTSTART has a zone) is compared right only while ical.js knows the zone; for a zone
 * read with Intl, or a floating series, it is rewritten as the wall clock of the series' zone.
 */
function untilAsWallClock(master: Component, start: Time, tzid: string | undefined, zone: string): void {
  if (start.isDate || start.zone === ICAL.Timezone.utcTimezone) return
  const seriesZone = tzid === undefined ? zone : canonicalTimeZone(tzid)
  if (!seriesZone) return
  for (const property of master.getAllProperties('rrule')) {
    const rule = property.getFirstValue() as Recur
    if (!rule.until || rule.until.isDate || rule.until.zone !== ICAL.Timezone.utcTimezone) continue
    const instant = timeToInstant(rule.until, undefined, zone)
    rule.until = ICAL.Time.fromData({ ...wallClockAt(instant, seriesZone), isDate: false })
    property.setValue(rule)
  }
}

/** An event's own span: DTSTART to DTEND or DURATION, else the series' length (`master`). */
function spanOf(event: Component, zone: string, master: Component | undefined): Span {
  const dtstart = event.getFirstProperty('dtstart')
  if (!dtstart) throw new Error('has no DTSTART')
  const start = dtstart.getFirstValue() as Time
  const begins = timeToInstant(start, tzidOf(dtstart), zone)
  const own = event.hasProperty('dtend') || event.hasProperty('duration') || !master
  return { start: begins, end: durationOf(own ? event : master, zone)(start, tzidOf(dtstart), begins) }
}

/**
 * How an event's occurrences end, given one's start: DTEND gives every occurrence the same
 * exact length, DURATION adds its days on the calendar and its hours exactly (RFC 5545,
 * 3.8.5.3); without either, an all-day event lasts a day and a timed one no time at all.
 */
function durationOf(event: Component, zone: string): (start: Time, tzid: string | undefined, begins: number) => number {
  const dtstartProperty = event.getFirstProperty('dtstart')!
  const first = dtstartProperty.getFirstValue() as Time
  const dtend = event.getFirstProperty('dtend')
  const duration = event.getFirstPropertyValue('duration') as InstanceType<typeof ICAL.Duration> | null
  if (dtend) {
    const last = dtend.getFirstValue() as Time
    if (first.isDate) {
      const days = Math.round((dateNumber(last) - dateNumber(first)) / DAY)
      return (start) => dayStart(start, days, zone)
    }
    const length = timeToInstant(last, tzidOf(dtend), zone) - timeToInstant(first, tzidOf(dtstartProperty), zone)
    return (_start, _tzid, begins) => begins + length
  }
  if (duration) {
    const sign = duration.isNegative ? -1 : 1
    const days = sign * (duration.weeks * 7 + duration.days)
    const exact = sign * (duration.hours * HOUR + duration.minutes * MINUTE + duration.seconds * 1000)
    if (first.isDate) return (start) => dayStart(start, days, zone)
    return (start, tzid) => {
      const end = start.clone()
      end.adjust(days, 0, 0, 0)
      return timeToInstant(end, tzid, zone) + exact
    }
  }
  if (first.isDate) return (start) => dayStart(start, 1, zone)
  return (_start, _tzid, begins) => begins
}

/** The team's midnight `days` after the date of `time`. */
function dayStart(time: Time, days: number, zone: string): number {
  const date = new Date(dateNumber(time) + days * DAY)
  return zonedToUtc(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 0, minute: 0 },
    zone,
  )
}

/** The date of `time` as UTC midnight ms, to count days between dates. */
function dateNumber(time: Time): number {
  return Date.UTC(time.year, time.month - 1, time.day)
}

function tzidOf(property: Property): string | undefined {
  const tzid = property.getParameter('tzid')
  return typeof tzid === 'string' && tzid !== '' ? tzid : undefined
}

/** The instant of a RECURRENCE-ID (or any single-valued time property). */
function instantOf(property: Property, zone: string): number {
  return timeToInstant(property.getFirstValue() as Time, tzidOf(property), zone)
}

/**
 * The instant of an iCalendar time: UTC as written; a TZID by its IANA name, else by the
 * calendar's VTIMEZONE of that name; a floating time or a date in the team's zone.
 */
function timeToInstant(time: Time, tzid: string | undefined, zone: string): number {
  if (time.isDate) return zonedDateTimeToUtc(isoDate(time), 0, zone)
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute }
  const seconds = time.second * 1000
  if (time.zone === ICAL.Timezone.utcTimezone)
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) + seconds
  if (tzid === undefined) return zonedToUtc(wall, zone) + seconds
  const iana = canonicalTimeZone(tzid)
  if (iana) return zonedToUtc(wall, iana) + seconds
  if (time.zone && time.zone.tzid === tzid && time.zone.component) return time.toUnixTime() * 1000
  throw new Error(`time zone "${tzid}" is neither an IANA name nor defined in the calendar`)
}

function isoDate(time: Time): string {
  return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`
}

/** Spans sorted by start, those that overlap or touch made one; as ISO instants. */
function merge(spans: Span[]): Interval[] {
  const merged: Span[] = []
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    if (span.end <= span.start) continue
    const last = merged.at(-1)
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end)
    else merged.push({ ...span })
  }
  return merged.map((span) => ({ start: new Date(span.start).toISOString(), end: new Date(span.end).toISOString() }))
}
