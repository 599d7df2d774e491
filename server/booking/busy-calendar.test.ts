import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expandBusy } from './busy-calendar.ts'

// New York is UTC-4 (EDT) until 2026-11-01 02:00, UTC-5 (EST) after; Berlin is UTC+1 from 2026-10-25.

/** A fixture as a CalDAV server sends it: lines ended by CRLF. */
function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').replace(/\r?\n/g, '\r\n')
}

const team = 'America/New_York'
const november = { start: '2026-10-26T00:00:00.000Z', end: '2026-11-30T00:00:00.000Z' }
const busy = (start: string, end: string) => ({
  start: new Date(`${start}Z`).toISOString(),
  end: new Date(`${end}Z`).toISOString(),
})

describe('expandBusy', () => {
  it('expands a weekly meeting with its moved occurrence and its left-out one, in New York time across the change', () => {
    expect(expandBusy([fixture('weekly-standup.ics')], november, team)).toEqual([
      busy('2026-10-27T14:00', '2026-10-27T14:30'), // Tuesday 10:00 EDT
      busy('2026-11-03T15:00', '2026-11-03T15:30'), // Tuesday 10:00 EST
      busy('2026-11-12T20:00', '2026-11-12T20:30'), // 11-10 moved to Thursday 15:00 EST
      // 11-17 left out by EXDATE
      busy('2026-11-24T15:00', '2026-11-24T15:30'),
    ])
  })

  it('drops a cancelled occurrence, a transparent one and a day left out by date; moves one named in UTC; keeps COUNT', () => {
    expect(expandBusy([fixture('focus-time.ics')], november, team)).toEqual([
      busy('2026-11-02T21:00', '2026-11-02T22:00'),
      // Tuesday 11-03 cancelled, Wednesday 11-04 marked free
      busy('2026-11-05T22:00', '2026-11-05T23:00'), // an hour later this once
      busy('2026-11-06T21:00', '2026-11-06T22:00'),
      busy('2026-11-09T21:00', '2026-11-09T22:00'),
      busy('2026-11-10T21:00', '2026-11-10T22:00'),
      busy('2026-11-11T21:00', '2026-11-11T22:00'),
      // Thursday 11-12 left out by an EXDATE written as a date
      busy('2026-11-13T21:00', '2026-11-13T22:00'),
      // COUNT=10 ends the series on Friday 11-13
    ])
  })

  it('ends a series at its UNTIL instant, and reads an added date in its own zone or as a period', () => {
    expect(expandBusy([fixture('series-bounds.ics')], november, team)).toEqual([
      busy('2026-10-27T14:00', '2026-10-27T15:00'), // the review's last: 11-03 10:00 EST is after UNTIL
      busy('2026-11-02T08:00', '2026-11-02T08:30'), // 09:00 Berlin (CET) daily
      busy('2026-11-03T08:00', '2026-11-03T08:30'),
      busy('2026-11-04T08:00', '2026-11-04T08:30'),
      busy('2026-11-05T08:00', '2026-11-05T08:30'), // UNTIL 08:30Z: Thursday's is the last
      busy('2026-11-10T14:00', '2026-11-10T14:30'), // DTSTART 09:00 New York
      busy('2026-11-12T17:00', '2026-11-12T17:30'), // RDATE 18:00 Berlin, the series' 30 minutes
      busy('2026-11-13T15:00', '2026-11-13T17:00'), // RDATE as a period of two hours
    ])
  })

  it('reads a TZID the file does not define from Intl: 09:00 in Berlin is 08:00Z', () => {
    expect(expandBusy([fixture('berlin-call.ics')], november, team)).toEqual([
      busy('2026-11-05T08:00', '2026-11-05T09:00'),
    ])
  })

  it("reads a TZID only the file defines (Outlook's names) from its VTIMEZONE, across the change", () => {
    expect(expandBusy([fixture('outlook-zone.ics')], november, team)).toEqual([
      busy('2026-10-30T15:00', '2026-10-30T16:00'), // 11:00 EDT
      busy('2026-11-06T16:00', '2026-11-06T17:00'), // 11:00 EST
    ])
  })

  it("makes an all-day event busy from midnight to midnight in the team's zone, 25 hours on 11-01", () => {
    expect(expandBusy([fixture('all-day.ics')], november, team)).toEqual([
      busy('2026-10-31T04:00', '2026-11-02T05:00'), // Saturday and Sunday, EDT midnight to EST midnight
      busy('2026-11-27T05:00', '2026-11-28T05:00'), // the offsite; the free birthday is not busy
    ])
    expect(expandBusy([fixture('all-day.ics')], november, 'Europe/Berlin')).toEqual([
      busy('2026-10-30T23:00', '2026-11-01T23:00'),
      busy('2026-11-26T23:00', '2026-11-27T23:00'),
    ])
  })

  it("takes UTC as written, floating times in the team's zone, merges overlaps; ignores cancelled, zero-length and tasks", () => {
    expect(expandBusy([fixture('mixed.ics')], november, team)).toEqual([
      busy('2026-11-04T14:00', '2026-11-04T14:45'), // floating 09:00, 45 minutes
      busy('2026-11-04T18:00', '2026-11-04T19:30'), // 18:00-19:00 and 18:30-19:30
    ])
  })

  it('keeps an event that overlaps the window whole, and leaves out one that only touches it', () => {
    const calendar = [fixture('berlin-call.ics')]
    expect(expandBusy(calendar, { start: '2026-11-05T08:30:00Z', end: '2026-11-05T08:45:00Z' }, team)).toEqual([
      busy('2026-11-05T08:00', '2026-11-05T09:00'),
    ])
    expect(expandBusy(calendar, { start: '2026-11-05T09:00:00Z', end: '2026-11-06T00:00:00Z' }, team)).toEqual([])
    expect(expandBusy(calendar, { start: '2026-11-04T00:00:00Z', end: '2026-11-05T08:00:00Z' }, team)).toEqual([])
  })

  it('reads several calendars and gives one sorted list', () => {
    const all = ['weekly-standup.ics', 'focus-time.ics', 'berlin-call.ics', 'mixed.ics'].map(fixture)
    const result = expandBusy(all, { start: '2026-11-03T00:00:00Z', end: '2026-11-05T00:00:00Z' }, team)
    expect(result).toEqual([
      busy('2026-11-03T15:00', '2026-11-03T15:30'),
      busy('2026-11-04T14:00', '2026-11-04T14:45'),
      busy('2026-11-04T18:00', '2026-11-04T19:30'),
    ])
  })

  it('names the calendar and the event of a zone it cannot place, rather than guess', () => {
    expect(() => expandBusy([fixture('berlin-call.ics'), fixture('unknown-zone.ics')], november, team)).toThrow(
      'calendar 2, event mars@northpeak.example: time zone "Mars/Olympus_Mons" is neither an IANA name nor defined in the calendar',
    )
  })

  it('names a calendar that is not iCalendar', () => {
    expect(() => expandBusy(['<html>Service Unavailable</html>'], november, team)).toThrow(/^calendar 1: /)
  })
})
