import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { site } from '#app/lib/site/site.ts'
import { AvailabilityError, checkAvailability, loadAvailability, parseAvailability } from './availability.ts'
import { sampleWeek } from './test-week.ts'

/** Settings that are right in every field; each test below spoils one. */
const good = {
  timeZone: 'America/New_York',
  bufferBeforeMinutes: 15,
  bufferAfterMinutes: 15,
  minimumNoticeHours: 12,
  horizonDays: 30,
  maxCallsPerDay: 4,
  weeklyHours: sampleWeek,
  holidays: [{ date: '2026-11-26', name: 'Thanksgiving Day' }],
  overrides: [{ date: '2026-11-27', name: 'Day after Thanksgiving', hours: ['10:00-12:00'] }],
}

function mistake(change: (settings: typeof good) => void): () => unknown {
  const settings = structuredClone(good)
  change(settings)
  return () => checkAvailability(settings, 'availability.yaml')
}

describe('the settings file', () => {
  it('the sample file loads: New York, Monday 09:00-12:00 and 13:00-17:00, Thanksgiving 2026 a holiday', () => {
    const settings = loadAvailability()
    expect(settings.timeZone).toBe('America/New_York')
    expect(settings.weeklyHours.monday).toEqual([
      { from: 9 * 60, to: 12 * 60 },
      { from: 13 * 60, to: 17 * 60 },
    ])
    expect(settings.weeklyHours.friday).toEqual([{ from: 9 * 60, to: 13 * 60 }])
    expect(settings.weeklyHours.saturday).toEqual([])
    expect(settings.holidays).toContainEqual({ date: '2026-11-26', name: 'Thanksgiving Day' })
    expect(settings.overrides).toContainEqual({
      date: '2026-12-24',
      name: 'Christmas Eve',
      hours: [{ from: 9 * 60, to: 12 * 60 }],
    })
  })

  it('a call lasts the strategy session the site names (30 minutes); the file cannot change it', () => {
    expect(loadAvailability().slotMinutes).toBe(site.strategySession.minutes)
    expect(site.strategySession.minutes).toBe(30)
    expect(mistake((settings) => Object.assign(settings, { slotMinutes: 45 }))).toThrow(
      /availability\.yaml: .*"slotMinutes"/,
    )
  })

  it('names the file and the field of a time zone Intl does not know', () => {
    expect(mistake((settings) => (settings.timeZone = 'America/New_Yrok'))).toThrow(
      'availability.yaml: field "timeZone": "America/New_Yrok" is not an IANA time zone such as America/New_York',
    )
  })

  it('refuses a fixed offset as time zone: it knows no daylight saving', () => {
    expect(mistake((settings) => (settings.timeZone = '-05:00'))).toThrow(
      'availability.yaml: field "timeZone": "-05:00" is not an IANA time zone',
    )
  })

  it('names the period written without two-digit hours', () => {
    expect(mistake((settings) => (settings.weeklyHours.monday = ['9:00-12:00']))).toThrow(
      'availability.yaml: field "weeklyHours.monday.0": "9:00-12:00" must be written "HH:MM-HH:MM", such as "09:00-12:30"',
    )
  })

  it('names a time that no clock shows', () => {
    expect(mistake((settings) => (settings.weeklyHours.tuesday = ['09:00-12:60']))).toThrow(
      'availability.yaml: field "weeklyHours.tuesday.0": "09:00-12:60" must be written "HH:MM-HH:MM"',
    )
    expect(mistake((settings) => (settings.weeklyHours.tuesday = ['23:00-25:00']))).toThrow(
      'field "weeklyHours.tuesday.0": "23:00-25:00" must be written "HH:MM-HH:MM"',
    )
  })

  it('names a period that ends before it starts', () => {
    expect(mistake((settings) => (settings.weeklyHours.friday = ['13:00-09:00']))).toThrow(
      'availability.yaml: field "weeklyHours.friday.0": "13:00-09:00" must start before it ends',
    )
  })

  it('names the second of two overlapping periods and the one it overlaps', () => {
    expect(mistake((settings) => (settings.weeklyHours.wednesday = ['09:00-12:00', '11:30-17:00']))).toThrow(
      'availability.yaml: field "weeklyHours.wednesday.1": "11:30-17:00" overlaps "09:00-12:00"',
    )
  })

  it('names an overlap in a date override too', () => {
    expect(mistake((settings) => (settings.overrides[0]!.hours = ['10:00-12:00', '09:00-10:30']))).toThrow(
      'availability.yaml: field "overrides.0.hours.1": "09:00-10:30" overlaps "10:00-12:00"',
    )
  })

  it('names a negative buffer', () => {
    expect(mistake((settings) => (settings.bufferBeforeMinutes = -5))).toThrow(
      'availability.yaml: field "bufferBeforeMinutes": must be a whole number of minutes from 0 to 240',
    )
    expect(mistake((settings) => (settings.bufferAfterMinutes = 7.5))).toThrow(
      'availability.yaml: field "bufferAfterMinutes": must be a whole number of minutes from 0 to 240',
    )
  })

  it('names a notice, horizon or daily cap out of range', () => {
    expect(mistake((settings) => (settings.minimumNoticeHours = -1))).toThrow(
      'field "minimumNoticeHours": must be a whole number of hours from 0 to 720',
    )
    expect(mistake((settings) => (settings.horizonDays = 0))).toThrow(
      'field "horizonDays": must be a whole number of days from 1 to 365',
    )
    expect(mistake((settings) => (settings.maxCallsPerDay = 0))).toThrow(
      'field "maxCallsPerDay": must be a whole number of calls from 1 to 48',
    )
  })

  it('names a holiday that is not a calendar date', () => {
    expect(mistake((settings) => (settings.holidays[0]!.date = '2027-02-30'))).toThrow(
      'availability.yaml: field "holidays.0.date": "2027-02-30" is not a date written YYYY-MM-DD',
    )
  })

  it('names a date that is both a holiday and an override, or listed twice', () => {
    expect(mistake((settings) => (settings.overrides[0]!.date = '2026-11-26'))).toThrow(
      'availability.yaml: field "overrides.0.date": 2026-11-26 is also a holiday',
    )
    expect(mistake((settings) => settings.holidays.push({ date: '2026-11-26', name: 'Again' }))).toThrow(
      'availability.yaml: field "holidays.1.date": 2026-11-26 is listed twice',
    )
  })

  it('names a missing weekday and a misspelled field', () => {
    expect(mistake((settings) => delete (settings.weeklyHours as Partial<typeof good.weeklyHours>).saturday)).toThrow(
      'availability.yaml: field "weeklyHours.saturday": is missing',
    )
    expect(mistake((settings) => Object.assign(settings.weeklyHours, { wensday: [] }))).toThrow(
      /availability\.yaml: field "weeklyHours": .*"wensday"/,
    )
  })

  it('lists every mistake of a file at once', () => {
    const check = mistake((settings) => {
      settings.timeZone = 'Mars/Olympus_Mons'
      settings.bufferAfterMinutes = -10
    })
    expect(check).toThrow(AvailabilityError)
    expect(check).toThrow(/field "timeZone": .*; field "bufferAfterMinutes": /)
  })

  it('keeps dates as written: YAML does not turn 2026-11-26 into a timestamp', () => {
    const settings = parseAvailability(
      [
        'timeZone: America/Chicago',
        'bufferBeforeMinutes: 0',
        'bufferAfterMinutes: 0',
        'minimumNoticeHours: 2',
        'horizonDays: 14',
        'maxCallsPerDay: 6',
        'weeklyHours:',
        '  monday: [09:00-17:00]',
        '  tuesday: []',
        '  wednesday: []',
        '  thursday: []',
        '  friday: []',
        '  saturday: []',
        '  sunday: []',
        'holidays:',
        '  - { date: 2026-11-26, name: Thanksgiving Day }',
        'overrides: []',
      ].join('\n'),
      'chicago.yaml',
    )
    expect(settings.timeZone).toBe('America/Chicago')
    expect(settings.weeklyHours.monday).toEqual([{ from: 9 * 60, to: 17 * 60 }])
    expect(settings.holidays).toEqual([{ date: '2026-11-26', name: 'Thanksgiving Day' }])
  })

  it('names the file of a YAML syntax error, and the file that cannot be read', () => {
    expect(() => parseAvailability('timeZone: [America/New_York', 'broken.yaml')).toThrow(/^broken\.yaml: /)
    expect(() => loadAvailability(path.join(folder, 'missing.yaml'))).toThrow(/missing\.yaml: cannot be read/)
  })

  it('loadAvailability reads and checks the file it is given, and names it', () => {
    const file = path.join(folder, 'london.yaml')
    writeFileSync(file, JSON.stringify({ ...good, timeZone: 'Europe/London' }))
    expect(loadAvailability(file).timeZone).toBe('Europe/London')
    const wrong = path.join(folder, 'wrong.yaml')
    writeFileSync(wrong, JSON.stringify({ ...good, timeZone: 'London' }))
    expect(() => loadAvailability(wrong)).toThrow(`${wrong}: field "timeZone": "London" is not an IANA time zone`)
  })
})

const folder = mkdtempSync(path.join(tmpdir(), 'availability-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))
