import {
  callHost,
  howTheCallHappens,
  meetingLabel,
  whatToPrepare,
  type MeetingMode,
} from '#app/lib/booking/call-details.ts'
import { site } from '#app/lib/site/site.ts'
import { callCalendar } from '../booking/call-calendar.ts'
import { CALL_SUMMARY, invitation, methodOf } from '../booking/invitation.ts'
import { HOLD_MINUTES } from '../booking/limits.ts'
import { BOOK_AGAIN_PATH } from '../booking/service.ts'
import { manageLink } from '../booking/tokens.ts'
import { callTimeInWords, clockTime } from '../booking/when.ts'
import type { BookingEvent, StoredLead } from '../store/store.ts'
import { escapeHtml, leadFields, type MailMessage } from './mail.ts'

/**
 * The visitor's mail of a booking change (issue 26): the call's time in words
 * on the visitor's clock, the invitation (`text/calendar; method=REQUEST` or
 * `CANCEL`, alternative part and invite.ics attachment, ../booking/invitation.ts),
 * and, while the call stands, the links to reschedule and cancel it
 * (`/book/manage?token=...`, ../booking/tokens.ts), signed for the booking's
 * sequence after this change. While the call stands, the mail and the
 * invitation also say who hosts it, how it happens (`mode`: the meeting link,
 * or the host phoning the booker's number), what to prepare, and how to add it
 * to a calendar: the calendar file's link and Google Calendar's
 * (../booking/call-calendar.ts, docs/decisions/048-the-call-its-host-and-how-it-happens.md).
 */
export function bookingInviteMail(
  event: BookingEvent,
  { origin, from, secret, mode }: { origin: string; from: string; secret: string; mode: MeetingMode },
): MailMessage {
  if (event.event === 'held') return confirmMail(event, { origin, from, secret })
  const { booking } = event
  const when = callTimeInWords(booking.start, booking.end, booking.timeZone)
  const method = methodOf(event)
  const calendar = method === 'REQUEST' ? callCalendar(booking, { origin, secret, mode }) : null
  const links = calendar ? { reschedule: calendar.reschedule, cancel: calendar.cancel } : null
  const host = new URL(origin).host
  const call = `${site.strategySession.price.toLowerCase()} ${site.strategySession.minutes}-minute strategy call with ${site.name}`
  const [subject, lines] = ((): [string, string[]] => {
    switch (event.event) {
      case 'created':
        return [`Booked: your ${call}`, [`Your ${call} is booked for:`, '', when]]
      case 'rescheduled':
        return [
          `Moved: your ${call}`,
          [
            `Your ${call} has moved to:`,
            '',
            when,
            '',
            `It was ${callTimeInWords(event.previous!.start, event.previous!.end, booking.timeZone)}.`,
          ],
        ]
      case 'cancelled':
        return [
          `Canceled: your ${call}`,
          [`Your ${call} is canceled:`, '', when, '', `To book a new time: ${origin}${BOOK_AGAIN_PATH}`],
        ]
    }
  })()
  const calendarLine =
    method === 'REQUEST'
      ? 'The invitation is attached: open it to add the call to your calendar, or to update it there.'
      : 'The attached cancellation removes the call from your calendar.'
  const linkLines = links
    ? [
        'Need another time? Reschedule here:',
        links.reschedule,
        '',
        'Cannot make it? Cancel here:',
        links.cancel,
        '',
        'Each link works once, and only until the call is changed: after a change, use the links in the newest email.',
      ]
    : []
  // Who, how, what to prepare, and the calendar links: while the call stands.
  const detailLines = calendar
    ? [
        `Your host: ${callHost.name}, ${callHost.role}`,
        `${meetingLabel(mode)}: ${howTheCallHappens(mode, booking.phone)}`,
        '',
        'To make the most of the call, have at hand:',
        ...whatToPrepare.map((item) => `- ${item}`),
        '',
        'Add it to your calendar:',
        `Calendar file (.ics): ${calendar.file}`,
        `Google Calendar: ${calendar.google}`,
      ]
    : []
  const footer = `You get this email because a call was booked with this address on ${host}. To have your address deleted, reply to this email or write to ${site.email}.`
  const text = [
    `Hello ${booking.name},`,
    '',
    ...lines,
    '',
    ...(detailLines.length > 0 ? [...detailLines, ''] : []),
    calendarLine,
    '',
    ...(linkLines.length > 0 ? [...linkLines, ''] : []),
    `The ${site.name} team`,
    origin,
    '',
    footer,
    '',
  ].join('\n')
  const description = calendar
    ? [...lines.filter((line) => line !== ''), calendar.description].join('\n')
    : lines.filter((line) => line !== '').join('\n')
  return {
    from,
    to: booking.email,
    replyTo: site.email,
    subject,
    text,
    html: [
      '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
      `<p>Hello ${escapeHtml(booking.name)},</p>`,
      ...lines.filter((line) => line !== '').map((line) => `<p>${escapeHtml(line)}</p>`),
      ...(calendar
        ? [
            `<p><strong>Your host:</strong> ${escapeHtml(`${callHost.name}, ${callHost.role}`)}</p>`,
            `<p><strong>${escapeHtml(meetingLabel(mode))}:</strong> ${linked(howTheCallHappens(mode, booking.phone), mode)}</p>`,
            '<p>To make the most of the call, have at hand:</p>',
            `<ul>${whatToPrepare.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
            `<p>Add it to your calendar: <a href="${escapeHtml(calendar.file)}">calendar file (.ics)</a> · <a href="${escapeHtml(calendar.google)}">Google Calendar</a></p>`,
          ]
        : []),
      `<p>${escapeHtml(calendarLine)}</p>`,
      ...(links
        ? [
            `<p><a href="${escapeHtml(links.reschedule)}">Reschedule the call</a> · <a href="${escapeHtml(links.cancel)}">Cancel the call</a></p>`,
            `<p>${escapeHtml(linkLines.at(-1)!)}</p>`,
          ]
        : []),
      `<p>The ${escapeHtml(site.name)} team<br><a href="${escapeHtml(origin)}">${escapeHtml(host)}</a></p>`,
      `<p style="font-size: 12px; color: #555">${escapeHtml(footer)}</p>`,
      '</body></html>',
    ].join('\n'),
    icalEvent: {
      method,
      filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
      content: invitation(event, {
        organizerEmail: site.email,
        description,
        location: calendar?.location,
        url: calendar?.url,
      }),
    },
  }
}

/** A sentence as HTML, the meeting link in it a link. */
function linked(sentence: string, mode: MeetingMode): string {
  const html = escapeHtml(sentence)
  if (mode.kind !== 'video') return html
  const url = escapeHtml(mode.url)
  return html.replace(url, `<a href="${url}">${url}</a>`)
}

/**
 * The visitor's mail of a booking held during a surge
 * (docs/decisions/042-nobody-floods-the-calendar.md): the time held and the
 * link that confirms it, valid for HOLD_MINUTES; no invitation yet, and
 * nothing more to this address unless someone with its mailbox confirms.
 */
function confirmMail(
  event: BookingEvent,
  { origin, from, secret }: { origin: string; from: string; secret: string },
): MailMessage {
  const { booking } = event
  const when = callTimeInWords(booking.start, booking.end, booking.timeZone)
  const confirm = manageLink(origin, secret, { action: 'confirm', id: booking.id, sequence: booking.sequence })
  const host = new URL(origin).host
  const call = `${site.strategySession.price.toLowerCase()} ${site.strategySession.minutes}-minute strategy call with ${site.name}`
  const until = clockTime(new Date(booking.holdExpiresAt ?? booking.createdAt).toISOString(), booking.timeZone)
  const lines = [
    `We are holding this time for your ${call}:`,
    '',
    when,
    '',
    `To confirm it, open this link within ${HOLD_MINUTES} minutes (by ${until}) and press Confirm:`,
    confirm,
    '',
    'Once it is confirmed, the invitation follows in a minute, with links to move or cancel the call.',
    '',
    'If you did not ask for this call, ignore this email: the time goes back to the calendar and you will hear nothing more from us.',
  ]
  const footer = `You get this email because a call was asked for with this address on ${host}. To have your address deleted, reply to this email or write to ${site.email}.`
  return {
    from,
    to: booking.email,
    replyTo: site.email,
    subject: `Confirm your ${call}`,
    text: [`Hello ${booking.name},`, '', ...lines, '', `The ${site.name} team`, origin, '', footer, ''].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
      `<p>Hello ${escapeHtml(booking.name)},</p>`,
      `<p>${escapeHtml(lines[0]!)}</p>`,
      `<p><strong>${escapeHtml(when)}</strong></p>`,
      `<p>${escapeHtml(lines[4]!)}</p>`,
      `<p><a href="${escapeHtml(confirm)}">Confirm the call</a></p>`,
      `<p>${escapeHtml(lines[7]!)}</p>`,
      `<p>${escapeHtml(lines[9]!)}</p>`,
      `<p>The ${escapeHtml(site.name)} team<br><a href="${escapeHtml(origin)}">${escapeHtml(host)}</a></p>`,
      `<p style="font-size: 12px; color: #555">${escapeHtml(footer)}</p>`,
      '</body></html>',
    ].join('\n'),
  }
}

/** The team's notice of a booking change: who, when on the team's clock, and every field of the lead. */
export function bookingNoticeMail(
  event: BookingEvent,
  lead: StoredLead,
  { to, from, teamTimeZone }: { to: string; from: string; teamTimeZone: string },
): MailMessage {
  const { booking } = event
  const who = booking.company ? `${booking.name} (${booking.company})` : booking.name
  const when = callTimeInWords(booking.start, booking.end, teamTimeZone)
  const heading = {
    held: `Booking held until confirmed: ${who}`,
    created: `New booking: ${who}`,
    rescheduled: `Booking moved: ${who}`,
    cancelled: `Booking canceled: ${who}`,
  }[event.event]
  // The first hold of a surge (docs/decisions/042-nobody-floods-the-calendar.md): what is going on and what to do.
  const surge = event.surge
    ? [
        `Bookings are running far above normal: ${event.surge.made} were made on the site in the last 24 hours, and the limit is ${event.surge.limit}.`,
        `Until the count falls below it, each new booking waits for its visitor to confirm it from the email we send; unconfirmed, its time goes back to the calendar after ${HOLD_MINUTES} minutes, and no invitation goes out. This is the first booking held; you get no notice of the others.`,
        'List the upcoming bookings with `npm run leads -- bookings`, and cancel any that are not real with `npm run leads -- cancel ID`.',
      ]
    : []
  const rows: [string, string][] = [
    ['Booking', booking.id],
    ['Call', `${CALL_SUMMARY}, ${when}`],
    ...(event.previous
      ? ([['Moved from', callTimeInWords(event.previous.start, event.previous.end, teamTimeZone)]] as [
          string,
          string,
        ][])
      : []),
    ['Status', booking.status],
    // Who hosts it and how: the number to call, for a phone call (the team's to see).
    ['Host', `${callHost.name}, ${callHost.role}`],
    ['How', booking.phone ? `Phone call: call ${booking.phone}` : 'Video call at the meeting link (MEETING_URL)'],
    ["Visitor's time zone", booking.timeZone],
    ['Invitation', `UID ${booking.uid}, sequence ${booking.sequence}`],
    ...leadFields(lead),
  ]
  return {
    from,
    to,
    replyTo: booking.email,
    subject: event.surge
      ? `Bookings far above normal: ${event.surge.made} in 24 hours, new ones wait for confirmation`
      : `${heading}, ${when}`,
    text: [
      ...surge.flatMap((paragraph) => [paragraph, '']),
      `${heading}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
    ].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
      ...surge.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p>${escapeHtml(heading)}.</p>`,
      '<table>',
      ...rows.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space: pre-wrap">${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      '</body></html>',
    ].join('\n'),
  }
}
