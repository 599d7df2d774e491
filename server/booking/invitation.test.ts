import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import { foldLines, invitation } from './invitation.ts'
import { storedBooking } from './test-bookings.ts'
import { eventsByReader, hostileNames, oneCall } from './test-ical.ts'

const booking = storedBooking({
  sequence: 3,
  name: 'Zoë Ångström, "Ops"; Lead',
  email: 'zoe@example.com',
})

test('every line is at most 75 octets, multi-byte characters never split; ical.js reads the text back as written', () => {
  const description = `Ünïcödé ${'ä'.repeat(120)}; commas, semicolons; and a line\nbreak`
  const ics = invitation(
    { event: 'rescheduled', booking, previous: booking },
    {
      organizerEmail: 'hello@northpeak.example',
      description,
    },
  )
  expect(ics.endsWith('\r\n')).toBe(true)
  for (const line of ics.slice(0, -2).split('\r\n')) {
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(line).not.toContain('\uFFFD')
  }
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!
  expect(vevent.getFirstPropertyValue('description')).toBe(description)
  // RFC 5545 3.1: a parameter value holds no DQUOTE; the name's quotes are left out.
  expect(vevent.getFirstProperty('attendee')!.getParameter('cn')).toBe('Zoë Ångström, Ops; Lead')
  expect(vevent.getFirstPropertyValue('sequence')).toBe(3)
  expect(ics).toContain('\r\nDTSTAMP:20261130T120500Z\r\n')
  expect(ics).toContain('\r\nDTSTART:20261202T140000Z\r\n')
})

test('foldLines: a short line stays; a long one continues on lines that start with a space', () => {
  expect(foldLines('SUMMARY:short')).toBe('SUMMARY:short\r\n')
  const folded = foldLines(`DESCRIPTION:${'x'.repeat(100)}`)
  expect(folded.split('\r\n').map((line) => line.length)).toEqual([75, 38, 0])
  expect(folded.split('\r\n')[1]!.startsWith(' ')).toBe(true)
})

// Issue 38: a line break in what a visitor typed, as it could still reach the writer from an old row
// or the CLI (the lead schema refuses it, app/lib/leads/lead.ts). Two independent readers must each find the
// one event; vobject ends a line at a bare CR, ical.js does not.
/** The lines of an invitation joined: no control character may be left, the CRLF line ends and folds taken away. */
const betweenLineEnds = (ics: string) => ics.replace(/\r\n /g, '').replace(/\r\n/g, '')

for (const [what, value] of hostileNames) {
  test(`name, company and note with ${what}: one event, the call's, to ical.js and to vobject`, () => {
    const ics = invitation(
      {
        event: 'created',
        booking: { ...booking, name: value, company: value, note: value, email: 'zoe@example.com\r\nX-TAIL:' },
      },
      { organizerEmail: 'hello@northpeak.example', description: 'Your call is booked.' },
    )
    expect(eventsByReader(ics)).toEqual(oneCall)
    expect(betweenLineEnds(ics)).not.toMatch(/\p{Cc}/u)
    const attendee = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!.getFirstProperty('attendee')!
    // The name as typed, without its line breaks, on the one ATTENDEE line.
    expect(attendee.getParameter('cn')).toBe(value.replace(/[\r\n]/g, ''))
    expect(attendee.getFirstValue()).toBe('mailto:zoe@example.comX-TAIL:')
  })
}

test('a description with CRLF, a bare CR and other control characters: each line break escaped as \\n, the rest dropped', () => {
  const note = 'Ada\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Pay at evil.example\rX-TAIL:\u0000\u001b[31m\u0085\u007f'
  const ics = invitation(
    { event: 'created', booking },
    { organizerEmail: 'hello@northpeak.example', description: `Your call is booked.\r\nNote: ${note}` },
  )
  expect(eventsByReader(ics)).toEqual(oneCall)
  expect(betweenLineEnds(ics)).not.toMatch(/\p{Cc}/u)
  expect(ics.replace(/\r\n /g, '')).toContain(
    'DESCRIPTION:Your call is booked.\\nNote: Ada\\nEND:VEVENT\\nBEGIN:VEVENT\\nSUMMARY:Pay at evil.example\\nX-TAIL:[31m\r\n',
  )
  const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!
  expect(vevent.getFirstPropertyValue('description')).toBe(
    'Your call is booked.\nNote: Ada\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Pay at evil.example\nX-TAIL:[31m',
  )
})

// The call's place (docs/decisions/048-the-call-its-host-and-how-it-happens.md): the meeting link in
// LOCATION and URL, or the phone call described; the booker's download is a PUBLISH of the same event.
test('LOCATION and URL carry the meeting link; the download is METHOD:PUBLISH with the same UID and SEQUENCE and no ATTENDEE', () => {
  const url = 'https://meet.example.com/northpeak-strategy?pwd=a,b;c'
  const settings = { organizerEmail: 'hello@northpeak.example', description: 'Your call.', location: url, url }
  const mailed = new ICAL.Component(ICAL.parse(invitation({ event: 'created', booking }, settings)))
  const downloaded = new ICAL.Component(
    ICAL.parse(invitation({ event: 'created', booking }, { ...settings, publish: true })),
  )
  expect(mailed.getFirstPropertyValue('method')).toBe('REQUEST')
  expect(downloaded.getFirstPropertyValue('method')).toBe('PUBLISH')
  for (const calendar of [mailed, downloaded]) {
    const vevent = calendar.getFirstSubcomponent('vevent')!
    expect(vevent.getFirstPropertyValue('location')).toBe(url)
    expect(String(vevent.getFirstPropertyValue('url'))).toBe(url)
    expect(vevent.getFirstPropertyValue('uid')).toBe(booking.uid)
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3)
  }
  expect(mailed.getFirstSubcomponent('vevent')!.getFirstProperty('attendee')).not.toBeNull()
  expect(downloaded.getFirstSubcomponent('vevent')!.getFirstProperty('attendee')).toBeNull()
})

for (const [what, value] of hostileNames) {
  test(`a phone call's LOCATION with ${what}: one event to ical.js and to vobject, no control character left`, () => {
    for (const publish of [false, true]) {
      const ics = invitation(
        { event: 'created', booking: { ...booking, phone: value } },
        {
          organizerEmail: 'hello@northpeak.example',
          description: `How: Maya calls you at ${value}`,
          location: `Phone call: Maya Okafor calls you at ${value}`,
          url: `https://meet.example.com/${value}`,
          publish,
        },
      )
      expect(eventsByReader(ics)).toEqual(oneCall)
      expect(betweenLineEnds(ics)).not.toMatch(/\p{Cc}/u)
      for (const line of ics.slice(0, -2).split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    }
  })
}
