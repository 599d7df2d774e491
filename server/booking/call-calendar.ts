import { callDetailsLines, callLocation, googleCalendarLink, type MeetingMode } from '#app/lib/booking/call-details.ts'
import { site } from '#app/lib/site/site.ts'
import type { StoredBooking } from '../store/store.ts'
import { invitation } from './invitation.ts'
import { manageLink } from './tokens.ts'
import { callTimeInWords } from './when.ts'

/**
 * The query flag of the manage page (`/book/manage?token=...&calendar=ics`)
 * that answers the call's calendar file instead of the page: reachable only
 * with a link signed for the booking (./tokens.ts), which travels to the
 * booker alone (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
 */
export const CALENDAR_FILE_PARAM = 'calendar'
export const CALENDAR_FILE_VALUE = 'ics'

/** What a standing call carries into calendars: the same in the mailed invitation, the download and Google's link. */
export interface CallCalendar {
  /** The invitation's DESCRIPTION and Google's `details`. */
  description: string
  /** LOCATION: the meeting link, or the phone call described. */
  location: string
  /** URL: the meeting link, when the call is a video call. */
  url?: string
  /** The links of the booking at its sequence. */
  reschedule: string
  cancel: string
  /** The calendar file's link (the manage page, `?calendar=ics`). */
  file: string
  /** Google Calendar's template link with the same details. */
  google: string
}

/**
 * The calendar details of a standing (confirmed) call, for its booker: its
 * time on their clock, the host, how the call happens (their own phone
 * number in a phone call), what to prepare, and the links to move or cancel
 * it, signed for the booking as it is now.
 */
export function callCalendar(
  booking: StoredBooking,
  { origin, secret, mode }: { origin: string; secret: string; mode: MeetingMode },
): CallCalendar {
  const at = { id: booking.id, sequence: booking.sequence }
  const reschedule = manageLink(origin, secret, { action: 'reschedule', ...at })
  const cancel = manageLink(origin, secret, { action: 'cancel', ...at })
  const file = `${reschedule}&${CALENDAR_FILE_PARAM}=${CALENDAR_FILE_VALUE}`
  const location = callLocation(mode, booking.phone)
  const description = [
    `${site.strategySession.minutes} minutes, ${callTimeInWords(booking.start, booking.end, booking.timeZone)}`,
    ...callDetailsLines(mode, booking.phone),
    `Reschedule: ${reschedule}`,
    `Cancel: ${cancel}`,
  ].join('\n')
  return {
    description,
    location,
    url: mode.kind === 'video' ? mode.url : undefined,
    reschedule,
    cancel,
    file,
    google: googleCalendarLink({ start: booking.start, end: booking.end, details: description, location }),
  }
}

/**
 * The calendar file the booker downloads (METHOD:PUBLISH): the booking's UID
 * and SEQUENCE, as the newest invitation mailed, so a calendar that has the
 * invitation keeps one event.
 */
export function calendarFile(
  booking: StoredBooking,
  settings: { origin: string; secret: string; mode: MeetingMode },
): string {
  const details = callCalendar(booking, settings)
  return invitation(
    { event: 'created', booking },
    {
      organizerEmail: site.email,
      description: details.description,
      location: details.location,
      url: details.url,
      publish: true,
    },
  )
}
