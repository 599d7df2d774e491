/**
 * What a booker is told about the strategy call besides its time
 * (docs/decisions/048-the-call-its-host-and-how-it-happens.md): who hosts it,
 * how it happens, what to prepare, and the links that put it in a calendar.
 * One module for the booking pages (app/pages/book.astro,
 * app/pages/book/manage.astro), the booking form's island and the server's
 * mails and invitations (server/booking/invitation.ts,
 * server/outbox/booking-mail.ts), so that each says the same.
 */
import { site } from '#app/lib/site/site.ts'

/**
 * The host of every strategy call: the team member content/pages/team.md says
 * runs most first calls (call-details.test.ts holds the name and role to that
 * page). `photo` is the path of a real photograph under public/ when there is
 * one; without it the pages show the drawing made from the name that the team
 * page shows (app/components/visuals/team-avatar.tsx), and say so.
 */
export const callHost: { name: string; role: string; photo?: string } = {
  name: 'Maya Okafor',
  role: 'Head of Growth Strategy',
}

/** The host's first name, for sentences such as "Maya calls you". */
export const hostFirstName = callHost.name.split(' ')[0]!

/**
 * How the call happens: a video call at MEETING_URL when the server has one
 * (server/env.ts), else the host phones the number the booker gave.
 */
export type MeetingMode = { kind: 'video'; url: string } | { kind: 'phone' }

export const meetingMode = (meetingUrl: string | undefined): MeetingMode =>
  meetingUrl ? { kind: 'video', url: meetingUrl } : { kind: 'phone' }

/** The one-line label of how the call happens: "Video call" or "Phone call". */
export const meetingLabel = (mode: MeetingMode) => (mode.kind === 'video' ? 'Video call' : 'Phone call')

/**
 * How the call happens, in one sentence for the booker, to follow its label
 * ("Video call: at the time of the call, open …", "Phone call: Maya calls you …"): the link to open, or
 * who calls whom. `phone` is the booker's own number, shown to them alone.
 */
export function howTheCallHappens(mode: MeetingMode, phone?: string | null): string {
  return mode.kind === 'video'
    ? `at the time of the call, open ${mode.url}.`
    : `${hostFirstName} calls you${phone ? ` at ${phone}` : ' at the number you give'} at the time of the call.`
}

/**
 * Where the call is, for a calendar's location field: the meeting link, or
 * the phone call described (the booker's number is theirs to see).
 */
export function callLocation(mode: MeetingMode, phone?: string | null): string {
  return mode.kind === 'video' ? mode.url : `Phone call: ${callHost.name} calls you${phone ? ` at ${phone}` : ''}`
}

/** What to have at hand, short and true to what the call covers (content/pages/book.md, "Talk it through"). */
export const whatToPrepare = [
  'Your main goal for the next two quarters, and the number that tells you it is met.',
  'The channels you spend on now, with rough monthly budgets and results.',
  'Access to your analytics, if you want us to look at it together on the call.',
] as const

/** The title of the call in a calendar: "Free strategy call with Northpeak". */
export const CALL_SUMMARY = `${site.strategySession.price} strategy call with ${site.name}`

/** An instant as Google Calendar's `dates` takes it: 20261202T140000Z. */
const googleTime = (instant: string) =>
  new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/**
 * The Google Calendar link that opens the call as a new event, filled in
 * (https://calendar.google.com/calendar/render?action=TEMPLATE&...): the
 * same title, time, details and location as the invitation.
 */
export function googleCalendarLink(call: { start: string; end: string; details: string; location: string }): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: CALL_SUMMARY,
    dates: `${googleTime(call.start)}/${googleTime(call.end)}`,
    details: call.details,
    location: call.location,
  })
  return `https://calendar.google.com/calendar/render?${query}`
}

/**
 * The text that goes with the call in a calendar and in the mail: the host,
 * how the call happens, what to prepare. Each line plain text, no markup.
 */
export function callDetailsLines(mode: MeetingMode, phone?: string | null): string[] {
  return [
    `Host: ${callHost.name}, ${callHost.role}, ${site.name}`,
    `${meetingLabel(mode)}: ${howTheCallHappens(mode, phone)}`,
    'To prepare:',
    ...whatToPrepare.map((item) => `- ${item}`),
  ]
}
