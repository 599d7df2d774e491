import { describe, expect, test } from 'vitest'
import { daysInZone, knownTimeZone, timesInZone, timeZoneNames, whenInZone, zoneLabel } from './booking-days.ts'

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

test('zoneLabel names the zone and its offset on that day', () => {
  expect(zoneLabel('Europe/Berlin', Date.parse('2026-11-02T12:00:00Z'))).toBe('Europe/Berlin (GMT+1)')
  expect(zoneLabel('Europe/Berlin', Date.parse('2026-07-02T12:00:00Z'))).toBe('Europe/Berlin (GMT+2)')
  expect(zoneLabel('America/New_York', Date.parse('2026-11-02T12:00:00Z'))).toBe('America/New York (GMT-5)')
})

test('knownTimeZone takes IANA names and refuses the rest', () => {
  expect(knownTimeZone('asia/tokyo')).toBe('Asia/Tokyo')
  expect(knownTimeZone('Mars/Olympus_Mons')).toBeUndefined()
  expect(knownTimeZone('+05:00')).toBeUndefined()
  expect(knownTimeZone('')).toBeUndefined()
  expect(knownTimeZone(null)).toBeUndefined()
})

test('the zones to choose from include the team’s and UTC', () => {
  expect(timeZoneNames()).toEqual(expect.arrayContaining(['America/New_York', 'Europe/Berlin', 'UTC']))
})

describe('timesInZone', () => {
  test('holds what the form shows in one zone: its days, its name at the first start, the nearest times in full', () => {
    const times = timesInZone(starts, 'Asia/Tokyo', ['2026-11-03T02:30:00.000Z'])
    expect(times.timeZone).toBe('Asia/Tokyo')
    expect(times.days).toEqual(daysInZone(starts, 'Asia/Tokyo'))
    expect(times.zone).toBe('Asia/Tokyo (GMT+9)')
    expect(times.nearest).toEqual(['Tuesday, November 3, 2026 at 11:30 AM'])
    expect(timesInZone(starts, 'UTC').nearest).toEqual([])
  })
})
