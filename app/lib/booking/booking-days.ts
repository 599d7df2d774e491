/**
 * The free slots of the booking page as a visitor reads them: grouped by the
 * visitor's own dates and written on the visitor's clock, with the zone named
 * (docs/product.md#booking). Intl alone, so the server renders the page with it
 * and the page's island re-draws it in another zone or week. Slots are
 * UTC instants, as the slot engine gives them (server/booking/README.md); a
 * slot's value never depends on the zone it is shown in.
 */
import { addDays, isCalendarDate } from './calendar-date.ts'

export interface SlotChoice {
  /** The start, a UTC ISO instant: what the form sends. */
  start: string
  /** The start on the visitor's clock, e.g. "3:00 PM". */
  time: string
}

export interface DayChoice {
  /** The visitor's date, "YYYY-MM-DD". */
  date: string
  /** e.g. "Tuesday, December 1". */
  label: string
  slots: SlotChoice[]
}

const locale = 'en-US'

const cache = new Map<string, Intl.DateTimeFormat>()
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${JSON.stringify(options)}`
  let formatter = cache.get(key)
  if (!formatter) cache.set(key, (formatter = new Intl.DateTimeFormat(locale, { timeZone, ...options })))
  return formatter
}

/**
 * The names ICU still gives for zones IANA has since renamed (IANA's `backward` file): Intl
 * resolves `Asia/Kolkata` to `Asia/Calcutta`, and the page offers and keeps the current name.
 */
const renamed: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
}

const known = new Map<string, string>()

/**
 * The canonical IANA name of the zone `name` (any alias or case: `US/Central` is
 * `America/Chicago`, `Asia/Calcutta` is `Asia/Kolkata`), or undefined for a name Intl does not
 * know or a fixed offset.
 */
export function knownTimeZone(name: string | null | undefined): string | undefined {
  if (!name || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return undefined
  let zone = known.get(name)
  if (zone === undefined) {
    try {
      zone = new Intl.DateTimeFormat(locale, { timeZone: name }).resolvedOptions().timeZone
    } catch {
      return undefined
    }
    zone = renamed[zone] ?? zone
    // Only names Intl knows are kept, so the map stays as small as its list of zones and aliases.
    known.set(name, zone)
  }
  return zone
}

/** The zones a visitor may choose from: Intl's list (with UTC) by canonical IANA names. */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf('timeZone').map((name) => renamed[name] ?? name)
  return names.includes('UTC') ? names : [...names, 'UTC']
}

/** A zone's name at `at` in the `style` of Intl (`longGeneric`: "Central Time"; `shortOffset`: "GMT-6"). */
function zoneName(timeZone: string, at: number, style: 'longGeneric' | 'shortOffset'): string {
  return format(timeZone, { timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value
}

/** The zone's offset from UTC at `at` in minutes, for sorting. */
function offsetMinutes(timeZone: string, at: number): number {
  const match = /GMT([+-])(\d+)(?::(\d+))?/.exec(zoneName(timeZone, at, 'shortOffset'))
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0
}

function dateKey(ms: number, timeZone: string): string {
  const parts = format(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(ms)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

const daysKept = new Map<string, DayChoice[]>()

/**
 * The slots in order, grouped by the date they fall on in `timeZone`. Kept for the last few
 * lists and zones asked: the free times change only when a call is booked or the clock passes
 * one (server/booking/README.md, "The free slots, computed once per change"), and every page in
 * between shows the same.
 */
export function daysInZone(starts: readonly string[], timeZone: string): DayChoice[] {
  const key = `${timeZone} ${starts.join(' ')}`
  let days = daysKept.get(key)
  if (!days) {
    days = groupDays(starts, timeZone)
    if (daysKept.size >= 32) daysKept.delete(daysKept.keys().next().value!)
    daysKept.set(key, days)
  }
  return days
}

function groupDays(starts: readonly string[], timeZone: string): DayChoice[] {
  const days: DayChoice[] = []
  for (const ms of starts.map((start) => Date.parse(start)).sort((a, b) => a - b)) {
    const date = dateKey(ms, timeZone)
    let day = days.at(-1)
    if (day?.date !== date) {
      day = { date, label: format(timeZone, { weekday: 'long', month: 'long', day: 'numeric' }).format(ms), slots: [] }
      days.push(day)
    }
    day.slots.push({
      start: new Date(ms).toISOString(),
      time: format(timeZone, { hour: 'numeric', minute: '2-digit' }).format(ms),
    })
  }
  return days
}

/** A call's start in full on the visitor's clock: "Tuesday, December 1, 2026 at 3:00 PM". */
export function whenInZone(start: string, timeZone: string): string {
  return format(timeZone, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(Date.parse(start))
}

/**
 * The zone as people name it, with its city and its offset at `at`: "Central Time - Chicago
 * (GMT-6)", so a visitor can tell the times are theirs; UTC is "UTC (GMT+0)".
 */
export function zoneLabel(timeZone: string, at: number): string {
  const offset = zoneName(timeZone, at, 'shortOffset')
  if (!timeZone.includes('/')) return `${timeZone} (${offset})`
  const city = timeZone.slice(timeZone.lastIndexOf('/') + 1).replaceAll('_', ' ')
  return `${zoneName(timeZone, at, 'longGeneric')} - ${city} (${offset})`
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => escapes[character]!)

let zoneOptionsKept: { hour: number; html: string } | undefined

/**
 * The `<option>`s of the zone chooser, as HTML, `selected` the one of `timeZone`: every zone of
 * `timeZoneNames`, labeled by `zoneLabel` at `at`, west to east. Written once an hour (the
 * offsets change on the hour), and once into a page: the form's island keeps the options the
 * page drew (app/components/booking-form.tsx).
 */
export function zoneOptions(timeZone: string, at: number): string {
  const hour = Math.floor(at / 3_600_000)
  if (zoneOptionsKept?.hour !== hour) {
    const zones = timeZoneNames().map((zone) => ({ zone, offset: offsetMinutes(zone, at), label: zoneLabel(zone, at) }))
    zones.sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label, locale))
    const html = zones.map(({ zone, label }) => `<option value="${escapeHtml(zone)}">${escapeHtml(label)}</option>`)
    zoneOptionsKept = { hour, html: html.join('') }
  }
  const value = `<option value="${escapeHtml(knownTimeZone(timeZone) ?? timeZone)}">`
  return zoneOptionsKept.html.replace(value, `${value.slice(0, -1)} selected>`)
}

/** The days a page shows at a time: a week, so the page stays light and the list short. */
export const WEEK_DAYS = 7

/** A calendar date written "YYYY-MM-DD", or undefined: what the address may name as a week's first day. */
export function knownDate(value: string | null | undefined): string | undefined {
  return value && isCalendarDate(value) ? value : undefined
}

/**
 * The week of `days` to show: the days within {@link WEEK_DAYS} calendar days
 * of the first day offered on or after `from` (the first day offered when
 * `from` is not given; the last week when it is after every day). Without
 * `from`, the week holding `showing` (a UTC start, the time a refused post
 * chose) when the first week does not. `earlier` and `later` are the `from`
 * of the weeks before and after it, when there are times there.
 */
export function weekOf(
  days: readonly DayChoice[],
  from?: string,
  showing?: string,
): { first: number; end: number; earlier?: string; later?: string } {
  const after = (date: string) => {
    const index = days.findIndex((day) => day.date >= date)
    return index < 0 ? days.length : index
  }
  const endOf = (first: number) => (first < days.length ? after(addDays(days[first]!.date, WEEK_DAYS)) : first)
  let first = from === undefined ? 0 : after(from)
  if (first === days.length && days.length > 0) first = after(addDays(days.at(-1)!.date, 1 - WEEK_DAYS))
  if (from === undefined && showing !== undefined) {
    const day = days.findIndex((candidate) => candidate.slots.some((slot) => slot.start === showing))
    if (day >= endOf(first)) first = day
  }
  const end = endOf(first)
  // The week before: the seven days before this one, or, when they hold no
  // times, the seven days that end with the last day before it that does.
  let before = first > 0 ? after(addDays(days[first]!.date, -WEEK_DAYS)) : first
  if (before === first && first > 0) before = after(addDays(days[first - 1]!.date, 1 - WEEK_DAYS))
  return { first, end, earlier: before < first ? days[before]!.date : undefined, later: days[end]?.date }
}

/**
 * The free times as a page shows them in one zone: a week of them, grouped
 * by day (`weekOf`), the zone named, the first days of the weeks before and
 * after, and the labels of the nearest free times a refused booking offers
 * (`nearest`, UTC starts). The page formats them where it is rendered and
 * hands them to the booking form, so that waking the form formats nothing:
 * the browser's first date format starts its date library, some 15 ms at full
 * speed and 60 at a slow phone's, and that then falls outside the wake-up.
 */
export interface TimesInZone {
  timeZone: string
  /** The week's days. */
  days: DayChoice[]
  /** `zoneLabel` at the first start. */
  zone: string
  /** `whenInZone` of each of `nearest`, in order. */
  nearest: string[]
  /** The first day of the week before, when there are times before this week. */
  earlier?: string
  /** The first day of the week after, when there are times after this week. */
  later?: string
}

/**
 * `starts` (at least one) and `nearest` as shown in `timeZone`: the week from
 * `from`, or the one holding `showing` (`weekOf`).
 */
export function timesInZone(
  starts: readonly string[],
  timeZone: string,
  { nearest = [], from, showing }: { nearest?: readonly string[]; from?: string; showing?: string } = {},
): TimesInZone {
  const days = daysInZone(starts, timeZone)
  const week = weekOf(days, from, showing)
  return {
    timeZone,
    days: days.slice(week.first, week.end),
    zone: zoneLabel(timeZone, Date.parse(starts[0]!)),
    nearest: nearest.map((start) => whenInZone(start, timeZone)),
    ...(week.earlier ? { earlier: week.earlier } : {}),
    ...(week.later ? { later: week.later } : {}),
  }
}
