import ICAL from 'ical.js'
import { expect, test } from 'vitest'
import type { BookingEvent } from '../store/lead-store.ts'
import { foldLines, invitation } from './invitation.ts'

const booking: BookingEvent['booking'] = {
  id: '0e6a3f7e-1111-4222-8333-444455556666',
  leadId: 'lead',
  start: '2026-12-02T14:00:00.000Z',
  end: '2026-12-02T14:30:00.000Z',
  timeZone: 'Europe/Berlin',
  uid: '5b1c@northpeak.example',
  sequence: 3,
  status: 'confirmed',
  createdAt: Date.parse('2026-11-30T12:00:00Z'),
  updatedAt: Date.parse('2026-11-30T12:05:00Z'),
  name: 'Zoë Ångström, "Ops"; Lead',
  email: 'zoe@example.com',
  company: null,
  note: null,
}

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
  expect(vevent.getFirstProperty('attendee')!.getParameter('cn')).toBe(booking.name)
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
