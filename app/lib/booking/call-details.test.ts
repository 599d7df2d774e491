import { expect, test } from 'vitest'
import { loadData } from '#app/lib/content/test-collections.ts'
import {
  CALL_SUMMARY,
  callDetailsLines,
  callHost,
  callLocation,
  googleCalendarLink,
  howTheCallHappens,
  meetingMode,
} from './call-details.ts'

test('the host is a member of the team page, with the role that page gives them', () => {
  const members = loadData('team').map((entry) => entry.data)
  expect(members).toContainEqual(expect.objectContaining({ name: callHost.name, role: callHost.role }))
})

test('with MEETING_URL the call is a video call at that link; without it the host phones the booker', () => {
  const video = meetingMode('https://meet.example.com/call')
  expect(video).toEqual({ kind: 'video', url: 'https://meet.example.com/call' })
  expect(howTheCallHappens(video)).toContain('open https://meet.example.com/call')
  expect(callLocation(video)).toBe('https://meet.example.com/call')
  const phone = meetingMode(undefined)
  expect(phone).toEqual({ kind: 'phone' })
  expect(howTheCallHappens(phone, '+1 512 555 0142')).toBe('Maya calls you at +1 512 555 0142 at the time of the call.')
  expect(callLocation(phone, '+1 512 555 0142')).toBe('Phone call: Maya Okafor calls you at +1 512 555 0142')
  expect(callDetailsLines(phone, '+1 512 555 0142')[0]).toBe('Host: Maya Okafor, Head of Growth Strategy, Northpeak')
})

test("Google Calendar's template link: the title, the UTC times, the details and the place, each encoded", () => {
  const link = new URL(
    googleCalendarLink({
      start: '2026-12-02T14:00:00.000Z',
      end: '2026-12-02T14:30:00.000Z',
      details: 'Host: Maya & co\nHow: a, b; c',
      location: 'https://meet.example.com/call?x=1&y=2',
    }),
  )
  expect(`${link.origin}${link.pathname}`).toBe('https://calendar.google.com/calendar/render')
  expect(Object.fromEntries(link.searchParams)).toEqual({
    action: 'TEMPLATE',
    text: CALL_SUMMARY,
    dates: '20261202T140000Z/20261202T143000Z',
    details: 'Host: Maya & co\nHow: a, b; c',
    location: 'https://meet.example.com/call?x=1&y=2',
  })
})
