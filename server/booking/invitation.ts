import ICAL from 'ical.js'
import { CALL_SUMMARY } from '#app/lib/booking/call-details.ts'
import { site } from '#app/lib/site/site.ts'
import type { BookingEvent } from '../store/store.ts'

/** The invitation's title, from the site's names: "Free strategy call with Northpeak". */
export { CALL_SUMMARY }

/** `METHOD` of an event's invitation (RFC 5546): a new or moved call is a REQUEST, a cancelled one a CANCEL. */
export function methodOf(event: BookingEvent): 'REQUEST' | 'CANCEL' {
  return event.event === 'cancelled' ? 'CANCEL' : 'REQUEST'
}

/**
 * The iCalendar invitation of a booking change (RFC 5545, RFC 5546 iTIP),
 * written with ical.js, which escapes the text values, and folded here to 75
 * octets a line (`foldLines`). No value carries a line break or a control
 * character into it, whatever the booking holds (`calendarText`,
 * `calendarParameter`):
 * `METHOD` REQUEST or CANCEL, as the mail part's `method=` says; the booking's
 * stable `UID` and its `SEQUENCE` (raised by each change, so calendars replace
 * the earlier version); `DTSTAMP` the change's time; `DTSTART`/`DTEND` in UTC
 * (`Z`), so no VTIMEZONE is needed; the agency as ORGANIZER, the visitor as
 * ATTENDEE. `description` is the mail's text about the call; `location`, where
 * the call happens (the meeting link, or the phone call described), and `url`
 * the meeting link when there is one
 * (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
 * `publish`: the file the booker downloads from the confirmation
 * (`METHOD:PUBLISH`, the same UID and SEQUENCE, no ATTENDEE as RFC 5546 3.2.1
 * has it), not an invitation to answer.
 */
export function invitation(
  event: BookingEvent,
  {
    organizerEmail,
    description,
    location,
    url,
    publish = false,
  }: { organizerEmail: string; description: string; location?: string; url?: string; publish?: boolean },
): string {
  const { booking } = event
  const method = methodOf(event)
  const calendar = new ICAL.Component(['vcalendar', [], []])
  calendar.addPropertyWithValue('prodid', `-//${site.name}//Strategy call booking//EN`)
  calendar.addPropertyWithValue('version', '2.0')
  calendar.addPropertyWithValue('calscale', 'GREGORIAN')
  calendar.addPropertyWithValue('method', publish ? 'PUBLISH' : method)

  const vevent = new ICAL.Component('vevent')
  vevent.addPropertyWithValue('uid', calendarText(booking.uid))
  vevent.addPropertyWithValue('sequence', booking.sequence)
  vevent.addPropertyWithValue('dtstamp', utc(booking.updatedAt))
  vevent.addPropertyWithValue('dtstart', utc(Date.parse(booking.start)))
  vevent.addPropertyWithValue('dtend', utc(Date.parse(booking.end)))
  vevent.addPropertyWithValue('summary', calendarText(CALL_SUMMARY))
  vevent.addPropertyWithValue('description', calendarText(description))
  if (location) vevent.addPropertyWithValue('location', calendarText(location))
  if (url) vevent.addPropertyWithValue('url', withoutControls(url))
  vevent.addPropertyWithValue('status', method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED')
  vevent.addPropertyWithValue('transp', 'OPAQUE')

  const organizer = new ICAL.Property('organizer')
  organizer.setParameter('cn', calendarParameter(site.name))
  organizer.setValue(`mailto:${withoutControls(organizerEmail)}`)
  vevent.addProperty(organizer)

  calendar.addSubcomponent(vevent)
  if (publish) return foldLines(calendar.toString())

  const attendee = new ICAL.Property('attendee')
  attendee.setParameter('cn', calendarParameter(booking.name))
  attendee.setParameter('role', 'REQ-PARTICIPANT')
  attendee.setParameter('partstat', method === 'CANCEL' ? 'DECLINED' : 'NEEDS-ACTION')
  attendee.setParameter('rsvp', method === 'CANCEL' ? 'FALSE' : 'TRUE')
  attendee.setValue(`mailto:${withoutControls(booking.email)}`)
  vevent.addProperty(attendee)
  return foldLines(calendar.toString())
}

/**
 * A text value (RFC 5545 3.3.11) made safe to hand to ical.js, which escapes a
 * LF as `\n` but writes a bare CR as it is: some readers end the line there
 * and read what follows as properties of their own, a second event among them
 * (issue 38; server/booking/README.md, "Mails"). Every line break, CRLF or a
 * bare CR, becomes LF, and so the escaped `\n`; any other control character
 * (C0, DEL, C1) is dropped.
 */
export function calendarText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/(?!\n)\p{Cc}/gu, '')
}

/**
 * A parameter value, such as a CN: RFC 5545 3.1's param-value holds no DQUOTE
 * and no control character, so both are removed (ical.js would write a CR as
 * it is, and quotes the value when it holds `:`, `;` or `,`).
 */
export function calendarParameter(value: string): string {
  return value.replace(/["\p{Cc}]/gu, '')
}

/** A value ical.js writes as it is (the `mailto:` of an address): no control character. */
function withoutControls(value: string): string {
  return value.replace(/\p{Cc}/gu, '')
}

/**
 * RFC 5545 3.1: lines of at most 75 octets, not counting the CRLF, longer ones
 * continued on lines that start with a space, never splitting a UTF-8
 * character. ical.js folds by characters, and its continuation lines run to 76
 * octets: its folds are undone and the text folded again.
 */
export function foldLines(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

function foldLine(line: string): string {
  const pieces: string[] = []
  let piece = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char)
    if (octets + size > 75) {
      pieces.push(piece)
      // The continuation's leading space counts.
      piece = ' '
      octets = 1
    }
    piece += char
    octets += size
  }
  pieces.push(piece)
  return pieces.join('\r\n')
}

function utc(ms: number): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(ms), true)
}
