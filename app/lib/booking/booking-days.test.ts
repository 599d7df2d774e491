import { describe, expect, test } from 'vitest'
import {
  daysInZone,
  knownDate,
  knownTimeZone,
  timesInZone,
  timeZoneNames,
  weekOf,
  whenInZone,
  zoneLabel,
  zoneOptions,
  type DayChoice,
} from './booking-days.ts'

// Three New York afternoon slots (14:00 and 21:30 on Monday 2 November, 14:00
// on Tuesday 3 November, New York on EST since 1 November): in Tokyo the late
// one falls on Tuesday morning, in Los Angeles all keep their dates.
const starts = ['2026-11-03T19:00:00.000Z', '2026-11-02T19:00:00.000Z', '2026-11-03T02:30:00.000Z']

describe('daysInZone', () => {
  test('groups the slots by the visitor’s dates, in time order, on the visitor’s clock', () => {
    expect(daysInZone(starts, 'America/Los_Angeles')).toEqual([
      {
        date: '2026-11-02',
        label: 'Monday, November 2',
        slots: [
          { start: '2026-11-02T19:00:00.000Z', time: '11:00 AM' },
          { start: '2026-11-03T02:30:00.000Z', time: '6:30 PM' },
        ],
      },
      {
        date: '2026-11-03',
        label: 'Tuesday, November 3',
        slots: [{ start: '2026-11-03T19:00:00.000Z', time: '11:00 AM' }],
      },
    ])
  })

  test('a slot late in New York is the next morning in Tokyo', () => {
    expect(daysInZone(starts, 'Asia/Tokyo').map((day) => [day.label, day.slots.map((slot) => slot.time)])).toEqual([
      ['Tuesday, November 3', ['4:00 AM', '11:30 AM']],
      ['Wednesday, November 4', ['4:00 AM']],
    ])
  })

  test('the value sent is the same instant whatever the zone', () => {
    const sent = (zone: string) => daysInZone(starts, zone).flatMap((day) => day.slots.map((slot) => slot.start))
    expect(sent('Asia/Tokyo')).toEqual(sent('Pacific/Honolulu'))
  })

  test('no slots, no days', () => {
    expect(daysInZone([], 'Europe/Berlin')).toEqual([])
  })
})

test('whenInZone writes the call’s start in full on the visitor’s clock', () => {
  expect(whenInZone('2026-11-02T19:00:00.000Z', 'Europe/Berlin')).toBe('Monday, November 2, 2026 at 8:00 PM')
})

test('zoneLabel names the zone as people do, its city and its offset on that day', () => {
  expect(zoneLabel('America/Chicago', Date.parse('2026-11-02T12:00:00Z'))).toBe('Central Time - Chicago (GMT-6)')
  expect(zoneLabel('Europe/Berlin', Date.parse('2026-11-02T12:00:00Z'))).toBe('Central European Time - Berlin (GMT+1)')
  expect(zoneLabel('Europe/Berlin', Date.parse('2026-07-02T12:00:00Z'))).toBe('Central European Time - Berlin (GMT+2)')
  expect(zoneLabel('America/New_York', Date.parse('2026-11-02T12:00:00Z'))).toBe('Eastern Time - New York (GMT-5)')
  expect(zoneLabel('Asia/Kolkata', Date.parse('2026-11-02T12:00:00Z'))).toBe('India Standard Time - Kolkata (GMT+5:30)')
  // ICU writes UTC's offset GMT or GMT+0, by version.
  expect(zoneLabel('UTC', Date.parse('2026-11-02T12:00:00Z'))).toMatch(/^UTC \(GMT(\+0)?\)$/)
})

test('knownTimeZone takes IANA names and their aliases, gives the canonical name, and refuses the rest', () => {
  expect(knownTimeZone('asia/tokyo')).toBe('Asia/Tokyo')
  expect(knownTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata')
  expect(knownTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata')
  expect(knownTimeZone('Europe/Kiev')).toBe('Europe/Kyiv')
  expect(knownTimeZone('US/Central')).toBe('America/Chicago')
  expect(knownTimeZone('America/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires')
  expect(knownTimeZone('Mars/Olympus_Mons')).toBeUndefined()
  expect(knownTimeZone('+05:00')).toBeUndefined()
  expect(knownTimeZone('')).toBeUndefined()
  expect(knownTimeZone(null)).toBeUndefined()
})

test('the zones to choose from include the team’s and UTC, each once by its canonical name', () => {
  const names = timeZoneNames()
  expect(names).toEqual(
    expect.arrayContaining(['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Europe/Kyiv', 'UTC']),
  )
  expect(names).not.toContain('Asia/Calcutta')
  expect(names).not.toContain('Europe/Kiev')
  expect(new Set(names).size).toBe(names.length)
  expect(names.every((name) => knownTimeZone(name) === name)).toBe(true)
})

test('zoneOptions offers every zone, labeled for people, west to east, the visitor’s selected even under an alias', () => {
  const at = Date.parse('2026-11-02T12:00:00Z')
  const html = zoneOptions('Asia/Calcutta', at)
  const options = [...html.matchAll(/<option value="([^"]+)"( selected)?>([^<]+)<\/option>/g)]
  expect(options.map((option) => option[1])).toEqual(expect.arrayContaining(timeZoneNames()))
  expect(options).toHaveLength(timeZoneNames().length)
  expect(options.filter((option) => option[2]).map((option) => option[1])).toEqual(['Asia/Kolkata'])
  const chicago = options.find((option) => option[1] === 'America/Chicago')!
  expect(chicago[3]).toBe('Central Time - Chicago (GMT-6)')
  const index = (zone: string) => options.findIndex((option) => option[1] === zone)
  expect(index('Pacific/Honolulu')).toBeLessThan(index('America/Chicago'))
  expect(index('America/Chicago')).toBeLessThan(index('Europe/Berlin'))
  expect(index('Europe/Berlin')).toBeLessThan(index('Asia/Tokyo'))
})

describe('timesInZone', () => {
  test('holds what the form shows in one zone: its days, its name at the first start, the nearest times in full', () => {
    const times = timesInZone(starts, 'Asia/Tokyo', { nearest: ['2026-11-03T02:30:00.000Z'] })
    expect(times.timeZone).toBe('Asia/Tokyo')
    expect(times.days).toEqual(daysInZone(starts, 'Asia/Tokyo'))
    expect(times.zone).toBe('Japan Standard Time - Tokyo (GMT+9)')
    expect(times.nearest).toEqual(['Tuesday, November 3, 2026 at 11:30 AM'])
    expect(times).not.toHaveProperty('earlier')
    expect(times).not.toHaveProperty('later')
    expect(timesInZone(starts, 'UTC').nearest).toEqual([])
  })

  test('holds one week of days, and where the weeks before and after begin', () => {
    // Noon in New York on weekdays from Monday 2 November to Friday 20 November.
    const weekdays = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20].map(
      (day) => `2026-11-${String(day).padStart(2, '0')}T17:00:00.000Z`,
    )
    const dates = (times: { days: DayChoice[] }) => times.days.map((day) => day.date)
    const first = timesInZone(weekdays, 'America/New_York')
    expect(dates(first)).toEqual(['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06'])
    expect(first).toMatchObject({ later: '2026-11-09' })
    expect(first).not.toHaveProperty('earlier')
    const second = timesInZone(weekdays, 'America/New_York', { from: first.later })
    expect(dates(second)).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13'])
    expect(second).toMatchObject({ earlier: '2026-11-02', later: '2026-11-16' })
    // The same instants in Auckland (18 hours ahead) fall a day later: the week starts where the zone's days do.
    const auckland = timesInZone(weekdays, 'Pacific/Auckland', { from: '2026-11-09' })
    expect(dates(auckland)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14'])
  })
})

describe('weekOf', () => {
  // Days on the 1st, 3rd, 8th, 9th, 15th and 30th of December.
  const days = [1, 3, 8, 9, 15, 30].map((day) => {
    const date = `2026-12-${String(day).padStart(2, '0')}`
    return { date, label: date, slots: [{ start: `${date}T15:00:00.000Z`, time: '3:00 PM' }] }
  })

  test('a week is the days within seven calendar days of its first', () => {
    expect(weekOf(days)).toEqual({ first: 0, end: 2, later: '2026-12-08' })
    expect(weekOf(days, '2026-12-08')).toEqual({ first: 2, end: 4, earlier: '2026-12-01', later: '2026-12-15' })
    // A week starts on the first day with times on or after the date asked for.
    expect(weekOf(days, '2026-12-10')).toEqual({ first: 4, end: 5, earlier: '2026-12-08', later: '2026-12-30' })
  })

  test('a date after every day shows the last week; before every day, the first', () => {
    // The week before the last holds the seven days up to the last day before it with times.
    expect(weekOf(days, '2027-01-20')).toEqual({ first: 5, end: 6, earlier: '2026-12-09' })
    expect(weekOf(days, '2026-11-01')).toEqual(weekOf(days))
  })

  test('without a date, the week holding the time a refused post chose', () => {
    expect(weekOf(days, undefined, '2026-12-09T15:00:00.000Z')).toMatchObject({ first: 3, end: 5 })
    expect(weekOf(days, undefined, '2026-12-03T15:00:00.000Z')).toMatchObject({ first: 0, end: 2 })
    expect(weekOf(days, undefined, '2026-12-04T15:00:00.000Z')).toMatchObject({ first: 0, end: 2 })
    expect(weekOf(days, '2026-12-15', '2026-12-01T15:00:00.000Z')).toMatchObject({ first: 4 })
  })

  test('no days, an empty week', () => {
    expect(weekOf([])).toEqual({ first: 0, end: 0 })
  })
})

test('knownDate takes a calendar date and nothing else', () => {
  expect(knownDate('2026-12-07')).toBe('2026-12-07')
  expect(knownDate('2026-02-30')).toBeUndefined()
  expect(knownDate('2026-12-7')).toBeUndefined()
  expect(knownDate('next week')).toBeUndefined()
  expect(knownDate(null)).toBeUndefined()
})
