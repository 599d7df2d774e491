import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkAvailability, loadAvailability } from './availability.ts'
import { expandBusy } from './busy-calendar.ts'
import { busyWindow, freeSlots, groupByDay, isBookable, nearestFree, type Interval, type Slot } from './slots.ts'
import { sampleWeek } from './test-week.ts'

// Every expectation is a time a person can check: New York is UTC-4 (EDT) until 2026-11-01 02:00
// and from 2027-03-14 02:00, UTC-5 (EST) between; Berlin is UTC+2 (CEST) until 2026-10-25 and from
// 2027-03-28, UTC+1 (CET) between; Kolkata is always UTC+5:30; Sydney is UTC+11 (AEDT) until
// 2027-04-04.

/** The team's week in these tests: New York, Mon-Thu 09:00-12:00 and 13:00-17:00, Fri 09:00-13:00. */
const newYork = {
  timeZone: 'America/New_York',
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeHours: 12,
  horizonDays: 30,
  maxCallsPerDay: 8,
  weeklyHours: sampleWeek,
  holidays: [] as { date: string; name: string }[],
  overrides: [] as { date: string; name: string; hours: string[] }[],
}

function settings(changes: Partial<typeof newYork> = {}) {
  return checkAvailability({ ...newYork, ...changes }, 'test settings')
}

/** "2026-11-10 14:00" (UTC) as the engine writes instants: "2026-11-10T14:00:00.000Z". */
function utc(dateTime: string): string {
  return new Date(`${dateTime.replace(' ', 'T')}Z`).toISOString()
}

/** The UTC instants of `times` ("14:00") on the UTC date `date`. */
function utcTimes(date: string, ...times: string[]): string[] {
  return times.map((time) => utc(`${date} ${time}`))
}

/** Starts of the slots on a UTC date: in these tests New York's working day is inside it. */
function startsOn(slots: readonly Slot[], date: string): string[] {
  return slots.filter((slot) => slot.start.startsWith(date)).map((slot) => slot.start)
}

const at = (dateTime: string) => Date.parse(utc(dateTime))

/** A whole New York working day of Mon-Thu in November (EST): 09:00-11:30 and 13:00-16:30 starts. */
const fullDayEst = ['14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '18:00', '18:30'].concat([
  '19:00',
  '19:30',
  '20:00',
  '20:30',
  '21:00',
  '21:30',
])

describe('freeSlots: working hours', () => {
  // Sunday 2026-11-08 12:00 in New York.
  const now = at('2026-11-08 17:00')

  it('offers Monday 2026-11-09 from 09:00 to 11:30 and 13:00 to 16:30 New York, every 30 minutes', () => {
    const slots = freeSlots({ settings: settings(), now, busy: [], booked: [] })
    expect(startsOn(slots, '2026-11-09')).toEqual(utcTimes('2026-11-09', ...fullDayEst))
    expect(slots[0]).toEqual({ start: utc('2026-11-09 14:00'), end: utc('2026-11-09 14:30') })
  })

  it('offers Friday 2026-11-13 from 09:00 to 12:30 New York (14:00Z-17:30Z), nothing on the weekend', () => {
    const slots = freeSlots({ settings: settings(), now, busy: [], booked: [] })
    expect(startsOn(slots, '2026-11-13')).toEqual(
      utcTimes('2026-11-13', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30'),
    )
    expect(startsOn(slots, '2026-11-14')).toEqual([])
    expect(startsOn(slots, '2026-11-15')).toEqual([])
  })

  it('starts slots at a period that starts on the quarter hour: 09:15-10:30 gives 09:15 and 09:45', () => {
    const slots = freeSlots({
      settings: settings({ weeklyHours: { ...newYork.weeklyHours, monday: ['09:15-10:30'] } }),
      now,
      busy: [],
      booked: [],
    })
    expect(startsOn(slots, '2026-11-09')).toEqual(utcTimes('2026-11-09', '14:15', '14:45'))
  })

  it('from and to narrow the result to the slots starting between them', () => {
    const slots = freeSlots({
      settings: settings(),
      now,
      busy: [],
      booked: [],
      from: utc('2026-11-09 15:00'),
      to: utc('2026-11-09 16:30'),
    })
    expect(slots.map((slot) => slot.start)).toEqual(utcTimes('2026-11-09', '15:00', '15:30', '16:00'))
  })
})

describe('freeSlots: minimum notice', () => {
  // Monday 2026-11-09 10:10 in New York.
  const now = at('2026-11-09 15:10')

  it('with 12 hours of notice, the first slot is Tuesday 2026-11-10 09:00 New York (14:00Z)', () => {
    const [first] = freeSlots({ settings: settings(), now, busy: [], booked: [] })
    expect(first?.start).toBe(utc('2026-11-10 14:00'))
  })

  it('with 2 hours, the first is 13:00 the same day (18:00Z): 12:10 falls in the lunch break', () => {
    const [first] = freeSlots({ settings: settings({ minimumNoticeHours: 2 }), now, busy: [], booked: [] })
    expect(first?.start).toBe(utc('2026-11-09 18:00'))
  })

  it('with none, the first is the next slot on the grid: 10:30 (15:30Z), not 10:10', () => {
    const [first] = freeSlots({ settings: settings({ minimumNoticeHours: 0 }), now, busy: [], booked: [] })
    expect(first?.start).toBe(utc('2026-11-09 15:30'))
  })
})

describe('freeSlots: horizon', () => {
  it('30 days from Monday 2026-11-02 10:00 New York: the last slot is Wednesday 2026-12-02 16:30 (21:30Z)', () => {
    const slots = freeSlots({ settings: settings(), now: at('2026-11-02 15:00'), busy: [], booked: [] })
    expect(slots.at(-1)?.start).toBe(utc('2026-12-02 21:30'))
    expect(startsOn(slots, '2026-12-02')).toEqual(utcTimes('2026-12-02', ...fullDayEst))
    expect(startsOn(slots, '2026-12-03')).toEqual([])
  })

  it("counts days in the team's zone: at 23:30 Monday in New York (Tuesday 04:30Z), 1 day ahead ends Tuesday", () => {
    const slots = freeSlots({
      settings: settings({ horizonDays: 1 }),
      now: at('2026-11-03 04:30'),
      busy: [],
      booked: [],
    })
    // 12 hours of notice: from Tuesday 11:30 New York; nothing on Wednesday.
    expect(slots.map((slot) => slot.start)).toEqual(
      utcTimes('2026-11-03', '16:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'),
    )
  })
})

describe('freeSlots: buffers', () => {
  const now = at('2026-11-08 17:00')
  // Tuesday 2026-11-10, 10:00-10:45 New York: a meeting in the team's calendar.
  const busy = [{ start: utc('2026-11-10 15:00'), end: utc('2026-11-10 15:45') }]
  const morning = (slots: Slot[]) => startsOn(slots, '2026-11-10').filter((start) => start < utc('2026-11-10 17:00'))

  it('without buffers, only the slots the meeting overlaps go: 10:00 and 10:30', () => {
    const slots = freeSlots({ settings: settings(), now, busy, booked: [] })
    expect(morning(slots)).toEqual(utcTimes('2026-11-10', '14:00', '14:30', '16:00', '16:30'))
  })

  it('15 minutes before a call still fit after a meeting ending 10:45: 11:00 stays', () => {
    const slots = freeSlots({ settings: settings({ bufferBeforeMinutes: 15 }), now, busy, booked: [] })
    expect(morning(slots)).toEqual(utcTimes('2026-11-10', '14:00', '14:30', '16:00', '16:30'))
  })

  it('20 minutes before do not: 11:00 goes and no slot moves off the grid to 11:05; the next is 11:30', () => {
    const slots = freeSlots({ settings: settings({ bufferBeforeMinutes: 20 }), now, busy, booked: [] })
    expect(morning(slots)).toEqual(utcTimes('2026-11-10', '14:00', '14:30', '16:30'))
  })

  it('20 minutes after a call keep 09:30 clear of the 10:00 meeting: 09:30 goes, 09:00 stays', () => {
    const slots = freeSlots({ settings: settings({ bufferAfterMinutes: 20 }), now, busy, booked: [] })
    expect(morning(slots)).toEqual(utcTimes('2026-11-10', '14:00', '16:00', '16:30'))
  })

  it('a booked call 10:00-10:30 with 10 minutes either side leaves 09:00, 11:00 and 11:30', () => {
    const booked = [{ start: utc('2026-11-10 15:00'), end: utc('2026-11-10 15:30') }]
    const slots = freeSlots({
      settings: settings({ bufferBeforeMinutes: 10, bufferAfterMinutes: 10 }),
      now,
      busy: [],
      booked,
    })
    // 09:30 would end 10:00 and need 10 minutes after; 10:30 would need 10:20-10:30 free, the
    // booked call's own 10 minutes after.
    expect(morning(slots)).toEqual(utcTimes('2026-11-10', '14:00', '16:00', '16:30'))
  })

  it('without buffers, calls may follow each other: 09:30 and 10:30 stay around a 10:00 call', () => {
    const booked = [{ start: utc('2026-11-10 15:00'), end: utc('2026-11-10 15:30') }]
    const slots = freeSlots({ settings: settings(), now, busy: [], booked })
    expect(morning(slots)).toEqual(utcTimes('2026-11-10', '14:00', '14:30', '15:30', '16:00', '16:30'))
  })

  it('the first call of the day still starts at 09:00: a buffer may lie outside working hours', () => {
    const slots = freeSlots({
      settings: settings({ bufferBeforeMinutes: 30, bufferAfterMinutes: 30 }),
      now,
      busy: [],
      booked: [],
    })
    expect(startsOn(slots, '2026-11-10')).toEqual(utcTimes('2026-11-10', ...fullDayEst))
  })
})

describe('freeSlots: at most N calls a day', () => {
  const now = at('2026-11-08 17:00')

  it("with 2 a day, Tuesday's 09:00 call and a 22:00 call (Wednesday 03:00Z) fill Tuesday, not Wednesday", () => {
    const booked = [
      { start: utc('2026-11-10 14:00'), end: utc('2026-11-10 14:30') },
      { start: utc('2026-11-11 03:00'), end: utc('2026-11-11 03:30') },
    ]
    const slots = freeSlots({ settings: settings({ maxCallsPerDay: 2 }), now, busy: [], booked })
    expect(startsOn(slots, '2026-11-10')).toEqual([])
    expect(startsOn(slots, '2026-11-11')).toEqual(utcTimes('2026-11-11', ...fullDayEst))
  })

  it('one call of 2 leaves the rest of the day', () => {
    const booked = [{ start: utc('2026-11-10 14:00'), end: utc('2026-11-10 14:30') }]
    const slots = freeSlots({ settings: settings({ maxCallsPerDay: 2 }), now, busy: [], booked })
    expect(startsOn(slots, '2026-11-10')).toEqual(utcTimes('2026-11-10', ...fullDayEst.slice(1)))
  })
})

describe('freeSlots: holidays and date overrides', () => {
  // Sunday 2026-11-22 12:00 in New York.
  const now = at('2026-11-22 17:00')
  const slots = freeSlots({
    settings: settings({
      holidays: [{ date: '2026-11-26', name: 'Thanksgiving Day' }],
      overrides: [
        { date: '2026-11-25', name: 'Team day', hours: [] },
        { date: '2026-11-27', name: 'Day after Thanksgiving', hours: ['10:00-12:00'] },
        { date: '2026-11-28', name: 'Open Saturday', hours: ['10:00-11:00'] },
      ],
    }),
    now,
    busy: [],
    booked: [],
  })

  it('a holiday (Thanksgiving, Thursday 2026-11-26) and a closed override (Wednesday) offer nothing', () => {
    expect(startsOn(slots, '2026-11-26')).toEqual([])
    expect(startsOn(slots, '2026-11-25')).toEqual([])
    expect(startsOn(slots, '2026-11-24')).toEqual(utcTimes('2026-11-24', ...fullDayEst))
  })

  it("an override's hours replace the day's: Friday 10:00-12:00, and an open Saturday 10:00-11:00", () => {
    expect(startsOn(slots, '2026-11-27')).toEqual(utcTimes('2026-11-27', '15:00', '15:30', '16:00', '16:30'))
    expect(startsOn(slots, '2026-11-28')).toEqual(utcTimes('2026-11-28', '15:00', '15:30'))
  })

  it('the sample settings close Thanksgiving and open the day after 10:00-12:00', () => {
    const sample = freeSlots({ settings: loadAvailability(), now, busy: [], booked: [] })
    expect(startsOn(sample, '2026-11-26')).toEqual([])
    expect(startsOn(sample, '2026-11-27')).toEqual(utcTimes('2026-11-27', '15:00', '15:30', '16:00', '16:30'))
  })
})

describe("freeSlots: daylight saving in the team's zone", () => {
  it('the week over 2026-11-01: 09:00 New York is 13:00Z until Friday, 14:00Z from Monday', () => {
    // Monday 2026-10-26 08:00 New York (EDT).
    const slots = freeSlots({ settings: settings(), now: at('2026-10-26 12:00'), busy: [], booked: [] })
    const firstAndLast = (date: string) => [startsOn(slots, date)[0], startsOn(slots, date).at(-1)]
    expect(firstAndLast('2026-10-27')).toEqual(utcTimes('2026-10-27', '13:00', '20:30'))
    expect(firstAndLast('2026-10-29')).toEqual(utcTimes('2026-10-29', '13:00', '20:30'))
    expect(firstAndLast('2026-10-30')).toEqual(utcTimes('2026-10-30', '13:00', '16:30'))
    expect(startsOn(slots, '2026-11-01')).toEqual([])
    expect(firstAndLast('2026-11-02')).toEqual(utcTimes('2026-11-02', '14:00', '21:30'))
    expect(startsOn(slots, '2026-11-02')).toHaveLength(14)
  })

  it('the week over 2027-03-14: 09:00 New York is 14:00Z on Friday, 13:00Z from Monday', () => {
    // Monday 2027-03-08 07:00 New York (EST).
    const slots = freeSlots({ settings: settings(), now: at('2027-03-08 12:00'), busy: [], booked: [] })
    expect(startsOn(slots, '2027-03-12')[0]).toBe(utc('2027-03-12 14:00'))
    expect(startsOn(slots, '2027-03-12').at(-1)).toBe(utc('2027-03-12 17:30'))
    expect(startsOn(slots, '2027-03-15')[0]).toBe(utc('2027-03-15 13:00'))
    expect(startsOn(slots, '2027-03-15').at(-1)).toBe(utc('2027-03-15 20:30'))
  })

  it('hours over the repeated hour (00:00-04:00 on 2026-11-01) are five real hours: ten slots', () => {
    const slots = freeSlots({
      settings: settings({ overrides: [{ date: '2026-11-01', name: 'Night shift', hours: ['00:00-04:00'] }] }),
      now: at('2026-10-26 12:00'),
      busy: [],
      booked: [],
    })
    // 00:00 and 00:30 EDT, 01:00 and 01:30 EDT, 01:00 and 01:30 EST again, then 02:00-03:30 EST.
    expect(startsOn(slots, '2026-11-01')).toEqual(
      utcTimes('2026-11-01', '04:00', '04:30', '05:00', '05:30', '06:00', '06:30', '07:00', '07:30', '08:00', '08:30'),
    )
  })

  it('hours over the skipped hour (01:00-04:00 on 2027-03-14) are two real hours: 01:00, 01:30, 03:00, 03:30', () => {
    const slots = freeSlots({
      settings: settings({ overrides: [{ date: '2027-03-14', name: 'Night shift', hours: ['01:00-04:00'] }] }),
      now: at('2027-03-08 12:00'),
      busy: [],
      booked: [],
    })
    expect(startsOn(slots, '2027-03-14')).toEqual(utcTimes('2027-03-14', '06:00', '06:30', '07:00', '07:30'))
  })

  it('hours starting in the skipped hour (02:30) start as far after the jump: 03:30 EDT (07:30Z)', () => {
    const slots = freeSlots({
      settings: settings({ overrides: [{ date: '2027-03-14', name: 'Night shift', hours: ['02:30-04:00'] }] }),
      now: at('2027-03-08 12:00'),
      busy: [],
      booked: [],
    })
    expect(startsOn(slots, '2027-03-14')).toEqual(utcTimes('2027-03-14', '07:30'))
  })
})

describe("groupByDay: days and times in the visitor's zone", () => {
  const fall = freeSlots({ settings: settings(), now: at('2026-10-19 12:00'), busy: [], booked: [] })
  const spring = freeSlots({ settings: settings(), now: at('2027-03-10 12:00'), busy: [], booked: [] })
  /** The visitor's date and time of the slot starting at `start`. */
  const shown = (slots: Slot[], zone: string, start: string) => {
    const day = groupByDay(slots, zone).find((candidate) => candidate.slots.some((slot) => slot.start === start))
    return [day?.date, day?.slots.find((slot) => slot.start === start)?.time]
  }

  it('Berlin moves on 2026-10-25, New York on 11-01: 09:00 New York is 15:00, then 14:00, then 15:00 in Berlin', () => {
    expect(shown(fall, 'Europe/Berlin', utc('2026-10-22 13:00'))).toEqual(['2026-10-22', '15:00'])
    expect(shown(fall, 'Europe/Berlin', utc('2026-10-29 13:00'))).toEqual(['2026-10-29', '14:00'])
    expect(shown(fall, 'Europe/Berlin', utc('2026-11-02 14:00'))).toEqual(['2026-11-02', '15:00'])
  })

  it('New York moves on 2027-03-14, Berlin on 03-28: 15:00, then 14:00, then 15:00 in Berlin', () => {
    expect(shown(spring, 'Europe/Berlin', utc('2027-03-12 14:00'))).toEqual(['2027-03-12', '15:00'])
    expect(shown(spring, 'Europe/Berlin', utc('2027-03-15 13:00'))).toEqual(['2027-03-15', '14:00'])
    expect(shown(spring, 'Europe/Berlin', utc('2027-03-29 13:00'))).toEqual(['2027-03-29', '15:00'])
  })

  it("Kolkata has no daylight saving: New York's Monday 2026-11-02 is 19:30-23:30 Monday and 00:00-03:00 Tuesday", () => {
    const days = groupByDay(
      fall.filter((slot) => slot.start.startsWith('2026-11-0')),
      'Asia/Kolkata',
    )
    const monday = days.find((day) => day.date === '2026-11-02')
    const tuesday = days.find((day) => day.date === '2026-11-03')
    expect(monday?.slots.map((slot) => slot.time)).toEqual([
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '23:30',
    ])
    expect(tuesday?.slots.slice(0, 8).map((slot) => slot.time)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '19:30',
    ])
    expect(tuesday?.slots[0]).toEqual({ start: utc('2026-11-02 18:30'), end: utc('2026-11-02 19:00'), time: '00:00' })
    // Before New York's change, 09:00 there is 18:30 in Kolkata.
    expect(shown(fall, 'Asia/Kolkata', utc('2026-10-29 13:00'))).toEqual(['2026-10-29', '18:30'])
  })

  it("Sydney is a day ahead and in summer time: New York's Thursday 09:00 is Friday 00:00, Monday's is Tuesday 01:00", () => {
    expect(shown(fall, 'Australia/Sydney', utc('2026-10-29 13:00'))).toEqual(['2026-10-30', '00:00'])
    expect(shown(fall, 'Australia/Sydney', utc('2026-11-02 14:00'))).toEqual(['2026-11-03', '01:00'])
    expect(shown(spring, 'Australia/Sydney', utc('2027-03-15 13:00'))).toEqual(['2027-03-16', '00:00'])
  })

  it('gives the days in order, each with its slots in order', () => {
    const days = groupByDay(fall, 'Europe/Berlin')
    const dates = days.map((day) => day.date)
    // The 22 working days from Tuesday 2026-10-20 to Wednesday 11-18: in Berlin each is the same date.
    expect(dates).toHaveLength(22)
    expect(dates).toEqual([...dates].sort())
    expect(new Set(dates).size).toBe(dates.length)
    expect(days.flatMap((day) => day.slots.map((slot) => slot.start))).toEqual(fall.map((slot) => slot.start))
  })

  it('refuses a zone Intl does not know', () => {
    expect(() => groupByDay(fall, 'Europe/Berlim')).toThrow('"Europe/Berlim" is not an IANA time zone')
  })
})

describe('freeSlots with busy time from the calendar, a weekly meeting among it', () => {
  const calendar = readFileSync(new URL('./fixtures/weekly-standup.ics', import.meta.url), 'utf8')
  const now = at('2026-10-26 12:00')
  const team = settings()
  const busy = expandBusy([calendar], busyWindow(team, now), team.timeZone)
  const slots = freeSlots({ settings: team, now, busy, booked: [] })
  /** The first six starts of a day: the morning's six without the meeting, the afternoon's first with it. */
  const firstSix = (date: string) => startsOn(slots, date).slice(0, 6)

  it('the Tuesday 10:00-10:30 meeting takes 10:00 New York: 14:00Z before the change, 15:00Z after', () => {
    expect(firstSix('2026-10-27')).toEqual(utcTimes('2026-10-27', '13:00', '13:30', '14:30', '15:00', '15:30', '17:00'))
    expect(firstSix('2026-11-03')).toEqual(utcTimes('2026-11-03', '14:00', '14:30', '15:30', '16:00', '16:30', '18:00'))
  })

  it('the occurrence moved from Tuesday 11-10 to Thursday 11-12 15:00 frees Tuesday and takes Thursday', () => {
    expect(firstSix('2026-11-10')).toEqual(utcTimes('2026-11-10', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30'))
    expect(startsOn(slots, '2026-11-12')).not.toContain(utc('2026-11-12 20:00'))
    expect(startsOn(slots, '2026-11-12')).toHaveLength(13)
  })

  it('the occurrence left out (EXDATE) on Tuesday 11-17 frees 10:00; the next Tuesday keeps the meeting', () => {
    expect(firstSix('2026-11-17')).toContain(utc('2026-11-17 15:00'))
    expect(firstSix('2026-11-24')).not.toContain(utc('2026-11-24 15:00'))
  })
})

describe('busyWindow', () => {
  it('spans the first possible slot to the end of the last day, widened by the buffers', () => {
    const team = settings({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15 })
    // Monday 2026-11-02 10:00 New York: 12 hours of notice, 30 days to Wednesday 2026-12-02.
    expect(busyWindow(team, at('2026-11-02 15:00'))).toEqual({
      start: utc('2026-11-03 02:45'),
      end: utc('2026-12-03 05:15'),
    })
  })
})

describe('isBookable: the booking re-check', () => {
  // Monday 2026-11-09 10:10 in New York.
  const now = at('2026-11-09 15:10')
  const team = settings({ maxCallsPerDay: 2, holidays: [{ date: '2026-11-11', name: 'Veterans Day' }] })
  const booked = [{ start: utc('2026-11-12 14:00'), end: utc('2026-11-12 14:30') }]
  const busy = [{ start: utc('2026-11-10 15:00'), end: utc('2026-11-10 16:00') }]
  const check = (start: string, extra: Interval[] = []) =>
    isBookable(start, { settings: team, now, busy, booked: [...booked, ...extra] })

  it('a free slot is bookable and comes back as the slot', () => {
    expect(check(utc('2026-11-10 14:00'))).toEqual({
      bookable: true,
      slot: { start: utc('2026-11-10 14:00'), end: utc('2026-11-10 14:30') },
    })
  })

  it('says why a start is not bookable', () => {
    expect(check(utc('2026-11-10 14:10'))).toEqual({ bookable: false, reason: 'not-a-slot' })
    expect(check(utc('2026-11-10 17:00'))).toEqual({ bookable: false, reason: 'not-a-slot' }) // lunch
    expect(check(utc('2026-11-11 14:00'))).toEqual({ bookable: false, reason: 'not-a-slot' }) // holiday
    expect(check(utc('2026-11-16 04:30'))).toEqual({ bookable: false, reason: 'not-a-slot' }) // Sunday 23:30
    expect(check(utc('2026-11-09 18:00'))).toEqual({ bookable: false, reason: 'too-soon' }) // 13:00 today
    expect(check(utc('2026-12-09 14:00')).bookable).toBe(true) // 30 days after today
    expect(check(utc('2026-12-10 14:00'))).toEqual({ bookable: false, reason: 'beyond-horizon' })
    expect(check(utc('2026-11-10 15:30'))).toEqual({ bookable: false, reason: 'taken' }) // the meeting
    expect(check(utc('2026-11-12 14:00'))).toEqual({ bookable: false, reason: 'taken' }) // the booked call
    const second = { start: utc('2026-11-12 19:00'), end: utc('2026-11-12 19:30') }
    expect(check(utc('2026-11-12 15:00'), [second])).toEqual({ bookable: false, reason: 'day-full' })
  })

  it('agrees with freeSlots on every start of the grid', () => {
    const query = { settings: team, now, busy, booked }
    const free = new Set(freeSlots(query).map((slot) => slot.start))
    const grid = freeSlots({ ...query, settings: settings({ minimumNoticeHours: 0 }), busy: [], booked: [] })
    expect(free.size).toBeGreaterThan(100)
    for (const slot of grid) expect(isBookable(slot.start, query).bookable).toBe(free.has(slot.start))
  })

  it('refuses an instant without its zone: "2026-11-10T14:00" is a different instant in every zone', () => {
    expect(() => check('2026-11-10T14:00')).toThrow('"2026-11-10T14:00" is not an instant')
  })
})

describe('nearestFree: suggestions for a slot just taken', () => {
  const now = at('2026-11-08 17:00')
  const booked = [{ start: utc('2026-11-10 15:00'), end: utc('2026-11-10 15:30') }]

  it('gives the n free slots nearest the wanted one, in order: 09:00, 09:30 and 10:30 around a taken 10:00', () => {
    expect(nearestFree(utc('2026-11-10 15:00'), 3, { settings: settings(), now, busy: [], booked })).toEqual([
      { start: utc('2026-11-10 14:00'), end: utc('2026-11-10 14:30') },
      { start: utc('2026-11-10 14:30'), end: utc('2026-11-10 15:00') },
      { start: utc('2026-11-10 15:30'), end: utc('2026-11-10 16:00') },
    ])
  })

  it('looks across days: a full Friday suggests Thursday afternoon, or the next Friday when Friday is the only day', () => {
    const friday = utc('2026-11-13 17:30')
    const fridayBooked = utcTimes('2026-11-13', '14:00', '14:30', '15:00', '15:30', '16:00', '16:30', '17:00', '17:30')
    const taken = fridayBooked.map((start) => ({ start, end: new Date(Date.parse(start) + 1_800_000).toISOString() }))
    const suggestions = nearestFree(friday, 2, { settings: settings(), now, busy: [], booked: taken })
    expect(suggestions.map((slot) => slot.start)).toEqual([utc('2026-11-12 21:00'), utc('2026-11-12 21:30')])
    const fridaysOnly = { ...newYork.weeklyHours, monday: [], tuesday: [], wednesday: [], thursday: [] }
    const later = nearestFree(friday, 3, {
      settings: settings({ weeklyHours: fridaysOnly }),
      now,
      busy: [],
      booked: taken,
    })
    expect(later.map((slot) => slot.start)).toEqual(utcTimes('2026-11-20', '14:00', '14:30', '15:00'))
  })
})
