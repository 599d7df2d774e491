// For the tests of the invitation (invitation.test.ts, ../outbox/booking-mail-control-characters.test.ts):
// what two independent iCalendar readers find in a text, ical.js and Python's vobject (Debian's
// python3-vobject, which the radicale package brings; .ci/run installs it), so that a line only one
// of them ends is seen (issue 38).
import { execFileSync } from 'node:child_process'
import ICAL from 'ical.js'
import { CALL_SUMMARY } from './invitation.ts'

/** The SUMMARY of each VEVENT, for each VCALENDAR; or what the reader said when it refused the text. */
export type EventsRead = (string | null)[][] | { error: string }

/** The events ical.js reads. */
export function eventsByIcalJs(ics: string): EventsRead {
  let parsed: unknown[]
  try {
    parsed = ICAL.parse(ics) as unknown[]
  } catch (error) {
    return { error: (error as Error).message }
  }
  // One component comes back as its jCal; several as a list of them.
  const roots = (typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[][]
  return roots.map((root) =>
    new ICAL.Component(root as never)
      .getAllSubcomponents('vevent')
      .map((event) => (event.getFirstPropertyValue('summary') as string | null) ?? null),
  )
}

const VOBJECT = `
import json, logging, sys
import vobject
logging.disable(logging.CRITICAL)
text = sys.stdin.buffer.read().decode('utf-8')
try:
    calendars = vobject.readComponents(text, ignoreUnreadable=sys.argv[1] == 'lenient')
    print(json.dumps([
        [str(event.summary.value) if hasattr(event, 'summary') else None for event in calendar.contents.get('vevent', [])]
        for calendar in calendars
    ]))
except vobject.base.ParseError as error:
    print(json.dumps({'error': str(error)}))
`

/**
 * The events vobject reads: strictly, or, `lenient`, skipping each line it
 * cannot read as a forgiving calendar does.
 */
export function eventsByVobject(ics: string, { lenient = false } = {}): EventsRead {
  let output: string
  try {
    output = execFileSync('/usr/bin/python3', ['-c', VOBJECT, lenient ? 'lenient' : 'strict'], {
      input: ics,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    })
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '')
    if (/No module named 'vobject'|ENOENT/.test(`${stderr} ${(error as Error).message}`)) {
      throw new Error(
        "Python's vobject is not installed: apt-get install python3-vobject (the radicale package brings it; .ci/run installs that)",
        { cause: error },
      )
    }
    throw error
  }
  return JSON.parse(output) as EventsRead
}

/** What each reader finds in `ics`: an invitation reads as `[[summary]]` to every one of them. */
export function eventsByReader(ics: string): Record<string, EventsRead> {
  return {
    'ical.js': eventsByIcalJs(ics),
    vobject: eventsByVobject(ics),
    'vobject, skipping unreadable lines': eventsByVobject(ics, { lenient: true }),
  }
}

/**
 * Names that try to inject a second event into an invitation (issue 38), as
 * they could still reach the writers from an old row or the CLI: the review's,
 * and one whose injected lines end in a property of their own, so that a
 * reader that skips the unreadable start of a line reads whole events; each
 * with CRLF, a bare CR and a bare LF.
 */
const injected = 'Ada\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Pay at evil.example\r\nEND:VEVENT'
const closed = 'Ada\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Pay at evil.example\r\nX-TAIL:'
export const hostileNames: [string, string][] = [
  ['CRLF', injected],
  ['a bare CR', injected.replaceAll('\r\n', '\r')],
  ['a bare LF', injected.replaceAll('\r\n', '\n')],
  ['CRLF, the injected lines closed', closed],
  ['a bare CR, the injected lines closed', closed.replaceAll('\r\n', '\r')],
  ['a bare LF, the injected lines closed', closed.replaceAll('\r\n', '\n')],
]

/** What every reader of `eventsByReader` must find in an invitation: one event, the call's. */
export const oneCall = {
  'ical.js': [[CALL_SUMMARY]],
  vobject: [[CALL_SUMMARY]],
  'vobject, skipping unreadable lines': [[CALL_SUMMARY]],
}
