import { describe, expect, test } from 'vitest'
import {
  buildReport,
  channels,
  dayTotal,
  defaultRange,
  generateSample,
  parseRange,
  ranges,
  SAMPLE_DAYS,
  SAMPLE_END,
  seededRandom,
  type Counts,
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
