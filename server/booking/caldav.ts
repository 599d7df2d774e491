import { expandBusy } from './busy-calendar.ts'
import { readMultistatus } from './caldav-xml.ts'
import type { Interval } from './slots.ts'
import { HOUR, parseInstant } from './zoned-time.ts'

/**
 * The team's busy time read from its calendar over CalDAV (RFC 4791): one `calendar-query`
 * REPORT with a `time-range` filter to the calendar collection, its `calendar-data` turned into
 * busy intervals by busy-calendar.ts. Anything that keeps the calendar from being read whole (no
 * answer in time, credentials refused, an answer that is not a calendar) is a failure the caller
 * shows as such: it then offers no slots, and the contact form instead, never slots it could
 * not check (issue 26; docs/decisions/031-booking-slots-in-the-team-zone.md).
 */

/** How long one read of the calendar may take, connection and answer, by default. */
export const defaultCalendarTimeoutMs = 4_000

/**
 * The largest answer read, in bytes: a team calendar's events over the booking horizon take a
 * few hundred kilobytes; a larger answer is refused as unreadable rather than held in memory.
 */
export const maxCalendarAnswerBytes = 5 * 1024 * 1024

/** How long an answer serves page views, by default. */
export const defaultCalendarCacheMs = 60_000

/** A calendar collection and the account that reads it (CALDAV_URL, CALDAV_USERNAME, CALDAV_PASSWORD). */
export interface CalendarAccount {
  /** The calendar collection's URL, e.g. https://dav.example.com/team/work/ */
  url: string
  username: string
  password: string
}

/** Why the calendar could not be read. */
export type CalendarFailure =
  /** No whole answer within the time allowed. */
  | 'timeout'
  /** No connection: the server is down, the name does not resolve, TLS failed. */
  | 'unreachable'
  /** 401 or 403: the username or password is wrong, or the account may not read the calendar. */
  | 'refused'
  /** Any other answer than 207 Multi-Status: no such calendar, a redirect, a server error. */
  | 'http-error'
  /** A 207 whose XML or iCalendar cannot be read, or that lists an error in place of an event. */
  | 'unreadable'

export type BusyResult =
  | { ok: true; busy: Interval[] }
  /** `detail` is for the server's log; it never holds the password. */
  | { ok: false; reason: CalendarFailure; detail: string }

export interface ReadBusyOptions extends CalendarAccount {
  /** The span to read, e.g. `busyWindow(settings, now)` (slots.ts). */
  window: Interval
  /** The team's zone (the settings' `timeZone`): all-day and floating times are read in it. */
  timeZone: string
  timeoutMs?: number
  fetch?: typeof fetch
}

/** The busy intervals of the calendar within `window` (busy-calendar.ts), or why they cannot be had. */
export async function readBusy(options: ReadBusyOptions): Promise<BusyResult> {
  const { url, username, password, window, timeZone } = options
  const timeoutMs = options.timeoutMs ?? defaultCalendarTimeoutMs
  const body = calendarQuery(window)
  const signal = AbortSignal.timeout(timeoutMs)
  let status: number
  let text: string | undefined
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'REPORT',
      headers: {
        authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`,
        'content-type': 'application/xml; charset=utf-8',
        depth: '1',
      },
      body,
      // A redirect would carry the password to another URL, or lose it: CALDAV_URL must be the
      // calendar's own URL (docs/deploy.md).
      redirect: 'manual',
      signal,
    })
    status = response.status
    // The body is read under the same signal: a server that stops half-way is a timeout too.
    text = await readCapped(response, maxCalendarAnswerBytes)
    if (status === 401 || status === 403)
      return { ok: false, reason: 'refused', detail: `${url}: ${status} (check CALDAV_USERNAME and CALDAV_PASSWORD)` }
    if (status >= 300 && status < 400) {
      const location = response.headers.get('location')
      return {
        ok: false,
        reason: 'http-error',
        detail: `${url}: ${status}, redirected to ${location ?? 'nowhere'}: set CALDAV_URL to the calendar's own URL`,
      }
    }
    if (status !== 207) return { ok: false, reason: 'http-error', detail: `${url}: ${status}, not 207 Multi-Status` }
  } catch (error) {
    if (signal.aborted) return { ok: false, reason: 'timeout', detail: `${url}: no answer within ${timeoutMs} ms` }
    return { ok: false, reason: 'unreachable', detail: `${url}: ${networkError(error)}` }
  }
  if (text === undefined)
    return { ok: false, reason: 'unreadable', detail: `${url}: an answer of more than ${maxCalendarAnswerBytes} bytes` }
  try {
    const objects = readMultistatus(text)
    return {
      ok: true,
      busy: expandBusy(
        objects.map((object) => object.calendarData),
        window,
        timeZone,
      ),
    }
  } catch (error) {
    return { ok: false, reason: 'unreadable', detail: `${url}: ${(error as Error).message}` }
  }
}

/** The body as text, or undefined once it passes `limit` bytes (the rest is not read). */
async function readCapped(response: Response, limit: number): Promise<string | undefined> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength
    // Leaving the loop cancels the rest of the body.
    if (size > limit) return undefined
    chunks.push(chunk)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/**
 * The REPORT's body: the VEVENTs that overlap the window, whole (RFC 4791, 7.8 and 9.9). A
 * recurring event is sent when any of its occurrences overlaps; it is expanded here, not by
 * the server, whose `expand` many servers do not implement or get wrong across zones.
 */
export function calendarQuery(window: Interval): string {
  const start = caldavTime(parseInstant(window.start))
  const end = caldavTime(parseInstant(window.end))
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">',
    '<D:prop><C:calendar-data/></D:prop>',
    '<C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT">',
    `<C:time-range start="${start}" end="${end}"/>`,
    '</C:comp-filter></C:comp-filter></C:filter>',
    '</C:calendar-query>',
  ].join('')
}

/** An instant as CalDAV's time-range writes it: UTC, "20261102T150000Z". */
function caldavTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** What went wrong on the network, without the request (which holds the credentials). */
function networkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error)
}

export interface BusyReaderOptions extends CalendarAccount {
  timeZone: string
  timeoutMs?: number
  /** How long an answer serves page views; 60 s by default. */
  cacheMs?: number
  /** The clock, epoch ms (the server's `now()`); injected by the tests. */
  now?: () => number
  fetch?: typeof fetch
}

/**
 * A calendar reader for the booking page: `read(window)` gives the busy time as `readBusy`
 * does, but one answer serves every window inside it for `cacheMs`, so page views do not each
 * reach the calendar. It asks for the window widened to whole hours, so the next views, whose
 * window starts a little later as the clock moves, fall inside it. Views that come while it
 * asks share the one request. A failure is never kept, and it drops the answer kept before:
 * after a failure, the next view asks again.
 */
export function createBusyReader(options: BusyReaderOptions) {
  const { cacheMs = defaultCalendarCacheMs, now = Date.now } = options
  let kept: { start: number; end: number; at: number; answer: Promise<BusyResult> } | undefined
  return {
    async read(window: Interval): Promise<BusyResult> {
      const start = parseInstant(window.start)
      const end = parseInstant(window.end)
      const at = now()
      let entry = kept
      if (!entry || at - entry.at >= cacheMs || start < entry.start || entry.end < end) {
        const wide = { start: Math.floor(start / HOUR) * HOUR, end: Math.ceil(end / HOUR) * HOUR }
        const asked = readBusy({
          ...options,
          window: { start: new Date(wide.start).toISOString(), end: new Date(wide.end).toISOString() },
        })
        const created = { ...wide, at, answer: asked }
        kept = entry = created
        void asked.then((answer) => {
          if (!answer.ok && kept === created) kept = undefined
        })
      }
      const answer = await entry.answer
      if (!answer.ok) return answer
      return {
        ok: true,
        busy: answer.busy.filter(
          (interval) => parseInstant(interval.start) < end && start < parseInstant(interval.end),
        ),
      }
    },
  }
}

/** The calendar account of the server's settings, or undefined when CALDAV_URL is not set. */
export function calendarAccount(env: {
  CALDAV_URL?: string | undefined
  CALDAV_USERNAME?: string | undefined
  CALDAV_PASSWORD?: string | undefined
}): CalendarAccount | undefined {
  if (!env.CALDAV_URL || env.CALDAV_USERNAME === undefined || env.CALDAV_PASSWORD === undefined) return undefined
  return { url: env.CALDAV_URL, username: env.CALDAV_USERNAME, password: env.CALDAV_PASSWORD }
}
