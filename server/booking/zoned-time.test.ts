import { describe, expect, it } from 'vitest'
import {
  addDays,
  canonicalTimeZone,
  dateAt,
  isCalendarDate,
  offsetAt,
  parseInstant,
  timeAt,
  wallClockAt,
  weekdayOf,
  zonedDateTimeToUtc,
  zonedToUtc,
} from './zoned-time.ts'

const iso = (ms: number) => new Date(ms).toISOString()
const instant = (text: string) => Date.parse(text)
const HOUR = 3_600_000

function wall(text: string) {
  const [date, time] = text.split(' ') as [string, string]
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  return { year, month, day, hour, minute }
}

describe('offsetAt', () => {
  it("New York's clocks go back at 06:00Z on 2026-11-01, Berlin's at 01:00Z on 2026-10-25; Kolkata's never", () => {
    expect(offsetAt(instant('2026-11-01T05:59:59Z'), 'America/New_York')).toBe(-4 * HOUR)
    expect(offsetAt(instant('2026-11-01T06:00:00Z'), 'America/New_York')).toBe(-5 * HOUR)
    expect(offsetAt(instant('2026-10-25T00:59:59Z'), 'Europe/Berlin')).toBe(2 * HOUR)
    expect(offsetAt(instant('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe(1 * HOUR)
    expect(offsetAt(instant('2026-07-01T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR)
    expect(offsetAt(instant('2027-01-01T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR)
  })
})

describe('zonedToUtc', () => {
  it('09:00 New York is 13:00Z on Friday 2026-10-30 (EDT) and 14:00Z on Monday 11-02 (EST)', () => {
    expect(iso(zonedToUtc(wall('2026-10-30 09:00'), 'America/New_York'))).toBe('2026-10-30T13:00:00.000Z')
    expect(iso(zonedToUtc(wall('2026-11-02 09:00'), 'America/New_York'))).toBe('2026-11-02T14:00:00.000Z')
  })

  it('the repeated hour is taken the first time: 01:30 New York on 2026-11-01 is 05:30Z (EDT), not 06:30Z', () => {
    expect(iso(zonedToUtc(wall('2026-11-01 01:30'), 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z')
    expect(iso(zonedToUtc(wall('2026-10-25 02:30'), 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z')
    expect(iso(zonedToUtc(wall('2027-04-04 02:30'), 'Australia/Sydney'))).toBe('2027-04-03T15:30:00.000Z')
  })

  it('the skipped hour moves forward by the jump: 02:30 New York on 2027-03-14 is 03:30 EDT, 07:30Z', () => {
    expect(iso(zonedToUtc(wall('2027-03-14 02:30'), 'America/New_York'))).toBe('2027-03-14T07:30:00.000Z')
    expect(iso(zonedToUtc(wall('2027-03-28 02:30'), 'Europe/Berlin'))).toBe('2027-03-28T01:30:00.000Z')
    expect(iso(zonedToUtc(wall('2026-10-04 02:30'), 'Australia/Sydney'))).toBe('2026-10-03T16:30:00.000Z')
  })

  it('the times either side of a jump stay where they are', () => {
    expect(iso(zonedToUtc(wall('2027-03-14 01:59'), 'America/New_York'))).toBe('2027-03-14T06:59:00.000Z')
    expect(iso(zonedToUtc(wall('2027-03-14 03:00'), 'America/New_York'))).toBe('2027-03-14T07:00:00.000Z')
    // Sydney is ahead of UTC: its day starts before the jump's UTC date has.
    expect(iso(zonedToUtc(wall('2026-10-04 01:00'), 'Australia/Sydney'))).toBe('2026-10-03T15:00:00.000Z')
    expect(iso(zonedToUtc(wall('2026-10-25 03:30'), 'Europe/Berlin'))).toBe('2026-10-25T02:30:00.000Z')
  })

  it('shows the same wall clock back for every half hour of the weeks around the changes; the skipped hour an hour on', () => {
    const skipped = new Set([
      'America/New_York 2027-03-14 02:00',
      'America/New_York 2027-03-14 02:30',
      'Australia/Sydney 2026-10-04 02:00',
      'Australia/Sydney 2026-10-04 02:30',
    ])
    for (const [zone, from] of [
      ['America/New_York', '2026-10-29'],
      ['America/New_York', '2027-03-11'],
      ['Europe/Berlin', '2026-10-22'],
      ['Australia/Sydney', '2026-10-01'],
    ] as const) {
      for (let day = 0; day < 7; day++) {
        const date = addDays(from, day)
        for (let minutes = 0; minutes < 1440; minutes += 30) {
          const ms = zonedDateTimeToUtc(date, minutes, zone)
          const shown = skipped.has(`${zone} ${date} ${timeOf(minutes)}`) ? minutes + 60 : minutes
          expect(`${zone} ${dateAt(ms, zone)} ${timeAt(ms, zone)}`).toBe(`${zone} ${date} ${timeOf(shown)}`)
        }
      }
    }
  })

  it('24:00 is the next midnight', () => {
    expect(iso(zonedDateTimeToUtc('2026-11-01', 24 * 60, 'America/New_York'))).toBe('2026-11-02T05:00:00.000Z')
  })
})

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

describe('dates and zone names', () => {
  it('wallClockAt reads a clock: 2026-11-02T14:00Z is 09:00 in New York, 19:30 in Kolkata', () => {
    expect(wallClockAt(instant('2026-11-02T14:00:00Z'), 'America/New_York')).toEqual({
      year: 2026,
      month: 11,
      day: 2,
      hour: 9,
      minute: 0,
      second: 0,
    })
    expect(timeAt(instant('2026-11-02T14:00:00Z'), 'Asia/Kolkata')).toBe('19:30')
    expect(timeAt(instant('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('00:00')
  })

  it('canonicalTimeZone accepts IANA names in any case and refuses the rest', () => {
    expect(canonicalTimeZone('America/New_York')).toBe('America/New_York')
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York')
    expect(canonicalTimeZone('UTC')).toBe('UTC')
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined()
    expect(canonicalTimeZone('+05:00')).toBeUndefined()
    expect(canonicalTimeZone('')).toBeUndefined()
  })

  it('calendar dates, days added and weekdays', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2027-02-29')).toBe(false)
    expect(isCalendarDate('2026-11-2')).toBe(false)
    expect(addDays('2026-11-02', 30)).toBe('2026-12-02')
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28')
    expect(weekdayOf('2026-11-02')).toBe(1)
    expect(weekdayOf('2026-11-01')).toBe(0)
  })

  it('parseInstant takes an instant with its offset, and refuses a date or time no calendar or clock has', () => {
    expect(iso(parseInstant('2026-11-30T15:00:00Z'))).toBe('2026-11-30T15:00:00.000Z')
    expect(iso(parseInstant('2026-11-30T10:00-05:00'))).toBe('2026-11-30T15:00:00.000Z')
    expect(iso(parseInstant('2028-02-29T15:00:00.000Z'))).toBe('2028-02-29T15:00:00.000Z')
    for (const never of [
      // Date.parse reads these as December 1, March 2 and the next midnight.
      '2026-11-31T15:00:00Z',
      '2026-02-30T15:00:00Z',
      '2026-11-30T24:00:00Z',
      '2026-11-30T23:60:00Z',
      '2026-11-30T15:00:60Z',
      '2026-11-30T15:00:00+24:00',
      '2026-13-01T15:00:00Z',
      // No offset: a different instant in every zone.
      '2026-11-30T15:00:00',
    ]) {
      expect(() => parseInstant(never), never).toThrow(RangeError)
    }
  })
})
