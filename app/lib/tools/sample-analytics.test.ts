import { describe, expect, test } from 'vitest'
import {
  buildReport,
  channels,
  dayTotal,
  defaultRange,
  formatRoas,
  generateSample,
  kpiMovedBadly,
  parseRange,
  ranges,
  sampleAnnotations,
  SAMPLE_DAYS,
  SAMPLE_END,
  seededRandom,
  type Channel,
  type Counts,
  type Report,
  type SampleDay,
} from './sample-analytics.ts'

const sample = generateSample()
const stages: (keyof Counts)[] = ['sessions', 'engaged', 'leads', 'qualified', 'customers']

describe('generateSample', () => {
  test('the same seed gives the same data; another seed other data', () => {
    expect(generateSample()).toEqual(sample)
    expect(generateSample({ seed: 1 })).toEqual(generateSample({ seed: 1 }))
    expect(generateSample({ seed: 1 })).not.toEqual(sample)
  })

  test('the generator is fixed: its first numbers never change, so neither does the page', () => {
    const random = seededRandom(1)
    expect([random(), random(), random()]).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522])
  })

  test('consecutive days up to the fixed last day', () => {
    expect(sample).toHaveLength(SAMPLE_DAYS)
    expect(sample.at(-1)!.date).toBe(SAMPLE_END)
    expect(sample[0]!.date).toBe('2026-05-05')
    for (let index = 1; index < sample.length; index++) {
      expect(Date.parse(sample[index]!.date) - Date.parse(sample[index - 1]!.date)).toBe(86_400_000)
    }
  })

  test('whole, non-negative counts, and no funnel stage ever holds more than the one before', () => {
    for (const day of sample) {
      for (const channel of channels) {
        const counts = day.channels[channel]
        for (const value of Object.values(counts)) {
          expect(Number.isInteger(value)).toBe(true)
          expect(value).toBeGreaterThanOrEqual(0)
        }
        for (let index = 1; index < stages.length; index++) {
          expect(counts[stages[index]!]).toBeLessThanOrEqual(counts[stages[index - 1]!])
        }
      }
    }
  })

  test('organic search and referrals cost nothing; paid search and social do', () => {
    for (const day of sample) {
      expect(day.channels.organic.spend).toBe(0)
      expect(day.channels.referral.spend).toBe(0)
      expect(day.channels.paid.spend).toBeGreaterThan(0)
      expect(day.channels.social.spend).toBeGreaterThan(0)
    }
  })
})

describe('buildReport', () => {
  for (const range of ranges) {
    test(`${range} days: channels add up to the total, the trend to the period, the funnel never grows`, () => {
      const report = buildReport(sample, range)
      expect(report.trend).toHaveLength(range)
      expect(report.end).toBe(SAMPLE_END)
      expect(report.trend[0]!.date).toBe(report.start)
      for (const key of Object.keys(report.total) as (keyof Counts)[]) {
        expect(report.channels.reduce((sum, row) => sum + row[key], 0)).toBe(report.total[key])
      }
      for (const key of ['sessions', 'leads', 'revenue', 'spend'] as const) {
        expect(report.trend.reduce((sum, point) => sum + point[key], 0)).toBe(report.total[key])
      }
      expect(report.funnel.map((stage) => stage.count)).toEqual(stages.map((stage) => report.total[stage]))
      for (let index = 1; index < report.funnel.length; index++) {
        expect(report.funnel[index]!.count).toBeLessThanOrEqual(report.funnel[index - 1]!.count)
      }
      expect(report.funnel.at(-1)!.count).toBeGreaterThan(0)
    })
  }

  test('KPIs compare the period with the same number of days before it', () => {
    const report = buildReport(sample, 7)
    const current = sample.slice(-7).map(dayTotal)
    const previous = sample.slice(-14, -7).map(dayTotal)
    const sum = (days: Counts[], key: keyof Counts) => days.reduce((total, day) => total + day[key], 0)
    expect(report.previousEnd).toBe(sample.at(-8)!.date)
    expect(report.previousStart).toBe(sample.at(-14)!.date)
    const kpi = Object.fromEntries(report.kpis.map((item) => [item.key, item]))
    expect(kpi.sessions).toMatchObject({ current: sum(current, 'sessions'), previous: sum(previous, 'sessions') })
    expect(kpi.sessions!.change).toBeCloseTo(
      (sum(current, 'sessions') - sum(previous, 'sessions')) / sum(previous, 'sessions'),
      12,
    )
    expect(kpi.revenue!.current).toBe(sum(current, 'revenue'))
    expect(kpi.costPerLead!.current).toBeCloseTo(sum(current, 'spend') / sum(current, 'leads'), 12)
    expect(kpi.roas!.current).toBeCloseTo(sum(current, 'revenue') / sum(current, 'spend'), 12)
    const rate = (days: Counts[]) => sum(days, 'leads') / sum(days, 'sessions')
    expect(kpi.conversionRate!.current).toBeCloseTo(rate(current), 12)
    // The conversion rate's change is in percentage points.
    expect(kpi.conversionRate!.change).toBeCloseTo((rate(current) - rate(previous)) * 100, 12)
    expect(report.kpis.map((item) => item.label)).toEqual([
      'Sessions',
      'Leads',
      'Conversion rate',
      'Cost per lead',
      'Revenue',
      'ROAS',
    ])
  })

  test('each range shows different figures', () => {
    const sessions = ranges.map((range) => buildReport(sample, range).kpis[0]!.current)
    expect(new Set(sessions).size).toBe(ranges.length)
  })

  test('a period without leads or spend has no cost per lead or ROAS, and no change for them', () => {
    const quiet = generateSample({ days: 14 }).map((day) => ({
      ...day,
      channels: Object.fromEntries(
        channels.map((channel) => [
          channel,
          { ...day.channels[channel], leads: 0, qualified: 0, customers: 0, spend: 0 },
        ]),
      ) as typeof day.channels,
    }))
    const kpi = Object.fromEntries(buildReport(quiet, 7).kpis.map((item) => [item.key, item]))
    expect(kpi.costPerLead).toMatchObject({ current: null, previous: null, change: null })
    expect(kpi.roas).toMatchObject({ current: null, change: null })
    expect(kpi.conversionRate!.current).toBe(0)
  })

  test('too little data for a range and the period before is refused', () => {
    expect(() => buildReport(generateSample({ days: 100 }), 90)).toThrow('90 days and the period before need 180 days')
  })
})

test('parseRange: 7, 30 or 90, anything else the default', () => {
  expect(parseRange('7')).toBe(7)
  expect(parseRange('90')).toBe(90)
  expect(parseRange('30')).toBe(30)
  expect(parseRange(null)).toBe(defaultRange)
  expect(parseRange('365')).toBe(defaultRange)
  expect(parseRange('7d')).toBe(defaultRange)
})

describe('the story the sample tells', () => {
  const kpiOf = (report: Report) => Object.fromEntries(report.kpis.map((item) => [item.key, item]))
  const integer = new Intl.NumberFormat('en-US')
  const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`
  /** A channel's counts summed over the days that `keep` keeps. */
  const channelSum = (channel: Channel, keep: (day: SampleDay) => boolean) =>
    sample.filter(keep).reduce(
      (total, day) => {
        for (const key of Object.keys(total) as (keyof Counts)[]) total[key] += day.channels[channel][key]
        return total
      },
      { sessions: 0, engaged: 0, leads: 0, qualified: 0, customers: 0, spend: 0, revenue: 0 },
    )
  const weekday = (day: SampleDay) => ![0, 6].includes(new Date(`${day.date}T00:00:00Z`).getUTCDay())
  const between = (from: string, to: string) => (day: SampleDay) => day.date >= from && day.date <= to

  for (const range of ranges) {
    test(`${range} days: revenue, ROAS and leads grow on the ${range} days before`, () => {
      const kpi = kpiOf(buildReport(sample, range))
      expect(kpi.revenue!.change).toBeGreaterThan(0)
      expect(kpi.roas!.change).toBeGreaterThan(0)
      expect(kpi.leads!.change).toBeGreaterThan(0)
    })

    test(`${range} days: each figure that moved the wrong way, and each channel under 1x, has its note, and no other`, () => {
      const report = buildReport(sample, range)
      for (const kpi of report.kpis) expect(report.kpiNotes[kpi.key] !== undefined, kpi.key).toBe(kpiMovedBadly(kpi))
      for (const row of report.channels) {
        expect(report.channelNotes[row.channel] !== undefined, row.channel).toBe(
          row.spend > 0 && row.revenue < row.spend,
        )
      }
    })
  }

  test('30 days, the default: sessions fall where paid search cut its useless clicks, and the note says so', () => {
    const report = buildReport(sample, 30)
    const kpi = kpiOf(report)
    expect(kpiMovedBadly(kpi.sessions!)).toBe(true)
    // Fewer clicks for more leads: paid search's cost per lead fell.
    expect(kpi.costPerLead!.change).toBeLessThan(0)
    const now = channelSum('paid', between(report.start, report.end))
    const before = channelSum('paid', between(report.previousStart, report.previousEnd))
    expect(report.kpiNotes.sessions).toBe(
      `Mostly paid search, from ${integer.format(before.sessions)} sessions in the 30 days before to ` +
        `${integer.format(now.sessions)} sessions. Paid search rebuilt (since Sep 28): keywords that never ` +
        'converted cut, fewer clicks for as many leads.',
    )
  })

  test('social returns less than its spend while its awareness campaign runs, and its note says why, in figures', () => {
    // Before the campaign it paid for itself.
    const beforeCampaign = channelSum('social', (day) => day.date < '2026-08-17')
    expect(beforeCampaign.revenue).toBeGreaterThan(beforeCampaign.spend)
    for (const range of [30, 90] as const) {
      const report = buildReport(sample, range)
      const social = report.channels.find((row) => row.channel === 'social')!
      const others = report.channels.filter((row) => row.channel !== 'social')
      const sum = (key: keyof Counts) => others.reduce((total, row) => total + row[key], 0)
      expect(social.revenue).toBeLessThan(social.spend)
      expect(report.channelNotes.social).toBe(
        `Social returned ${formatRoas(social.revenue / social.spend)} its spend in first-year revenue ` +
          `($${integer.format(social.revenue)} on $${integer.format(social.spend)}): ` +
          `${percent(social.customers, social.leads)} of its leads became customers, against ` +
          `${percent(sum('customers'), sum('leads'))} for the other channels. LinkedIn awareness campaign (since Aug 17): ` +
          "social spend up by half, bought for reach among target accounts more than for this year's contracts.",
      )
      expect(social.customers / social.leads).toBeLessThan(sum('customers') / sum('leads'))
    }
  })

  test('each annotation moves the figures from its first day, and the report lists those of its period', () => {
    const perWeekday = (channel: Channel, key: keyof Counts, from: string, to: string) => {
      const days = sample.filter((day) => weekday(day) && between(from, to)(day))
      return days.reduce((total, day) => total + day.channels[channel][key], 0) / days.length
    }
    // Four weeks on either side of each start.
    expect(
      perWeekday('social', 'spend', '2026-08-17', '2026-09-13') /
        perWeekday('social', 'spend', '2026-07-20', '2026-08-16'),
    ).toBeGreaterThan(1.3)
    expect(
      perWeekday('paid', 'spend', '2026-09-28', '2026-10-25') / perWeekday('paid', 'spend', '2026-08-31', '2026-09-27'),
    ).toBeLessThan(0.9)
    expect(
      perWeekday('organic', 'sessions', '2026-07-06', '2026-08-02') /
        perWeekday('organic', 'sessions', '2026-06-08', '2026-07-05'),
    ).toBeLessThan(0.9)
    expect(buildReport(sample, 90).annotations.map((annotation) => annotation.title)).toEqual(
      sampleAnnotations.map((annotation) => annotation.title),
    )
    expect(buildReport(sample, 7).annotations.map((annotation) => annotation.title)).toEqual([
      'LinkedIn awareness campaign',
      'New pricing page',
      'Paid search rebuilt',
    ])
  })

  test('a count that fell in a period with more weekend days, but held on weekdays, is put down to the calendar', () => {
    // 60 days of the same weekday and weekend figures: the last 30 hold 9 weekend days, the 30 before 8.
    const flat = generateSample({ days: 60 }).map((day) => ({
      date: day.date,
      channels: Object.fromEntries(
        channels.map((channel) => {
          const size = weekday(day) ? 100 : 40
          return [
            channel,
            { sessions: size, engaged: size, leads: 2, qualified: 1, customers: 1, spend: 10, revenue: 1000 },
          ]
        }),
      ) as SampleDay['channels'],
    }))
    const report = buildReport(flat, 30)
    expect(kpiOf(report).sessions!.change).toBeLessThan(0)
    expect(report.kpiNotes.sessions).toBe(
      'These 30 days hold 9 weekend days, against 8 in the 30 before, and fewer buyers visit at weekends: ' +
        'on a weekday, sessions rose from 500 to 500.',
    )
  })
})
