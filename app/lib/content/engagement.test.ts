import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { schemas, type Engagement } from '#app/lib/content/schemas.ts'
import { parseFrontmatter } from '#app/lib/content/files.ts'
import { listMarkdown } from '#app/lib/content/test-collections.ts'
import { comparedPeriods, derivedResults, funnelRows, timelineColumns, timelinePoints } from './engagement.ts'

// Each case study's headline results follow from its own figures
// (docs/product.md#case-studies): worked out from the `engagement` field,
// they read exactly as the case study states them, so copy and data cannot
// drift apart.

const studies = listMarkdown('content/case-studies').map((name) => ({
  file: `content/case-studies/${name}`,
  data: schemas['case-studies'].parse(parseFrontmatter(readFileSync(`content/case-studies/${name}`, 'utf8')).data),
}))

describe('the results follow from the engagement figures', () => {
  test('every case study has figures to draw', () => {
    expect(studies.map((study) => study.file).sort()).toEqual([
      'content/case-studies/fitness-brand.md',
      'content/case-studies/medtech-client.md',
      'content/case-studies/saas-startup.md',
    ])
  })

  for (const { file, data } of studies) {
    test(`${file}: each result its figures back reads as the case study states it`, () => {
      const derived = derivedResults(data.engagement, data.results)
      expect(derived.length).toBeGreaterThanOrEqual(2)
      for (const { place, value, before } of derived) {
        const stated = data.results[place - 1]!
        expect({ label: stated.label, value, before }).toEqual({
          label: stated.label,
          value: stated.value,
          before: stated.before,
        })
      }
    })
  }

  test('the SaaS company: demo requests of months 4-6 against the 3 months before kickoff, +212%', () => {
    const saas = studies.find((study) => study.file.endsWith('saas-startup.md'))!.data
    expect(comparedPeriods(saas.engagement.timeline)).toEqual({ baseline: 3, last: 6, against: 'before-kickoff' })
    expect(derivedResults(saas.engagement, saas.results)).toEqual([
      { place: 1, value: '+212%' },
      { place: 3, before: '9%', value: '14%' },
    ])
  })

  test('the fitness brand: return on ad spend and cost per new customer, the holiday peak year over year, repeat rate', () => {
    const fitness = studies.find((study) => study.file.endsWith('fitness-brand.md'))!.data
    // The last 3 months (November to January) against the same 3 months a year earlier, not the spring before kickoff.
    expect(comparedPeriods(fitness.engagement.timeline)).toEqual({ baseline: 3, last: 8, against: 'year-earlier' })
    expect(fitness.engagement.timeline.points.slice(0, 3).map((point) => point.label)).toEqual([
      'November, a year earlier',
      'December, a year earlier',
      'January, a year earlier',
    ])
    expect(derivedResults(fitness.engagement, fitness.results)).toEqual([
      { place: 1, before: '2.2x', value: '4.1x' },
      { place: 4, value: '-41%' },
      { place: 3, value: '+46%' },
    ])
    // The funnel's cohort is the first-time customers of months 1 to 4 the timeline counts.
    const { timeline, funnel } = fitness.engagement
    const customers = timeline.kind === 'ad-return' ? timeline.points.slice(3, 7).map((point) => point.customers) : []
    expect(customers.reduce((sum, value) => sum + value, 0)).toBe(funnel.after.counts[0])
  })
})

describe('the arithmetic', () => {
  const engagement = (counts: number[][]): Engagement => ({
    timeline: {
      kind: 'counts',
      title: 'Leads by month',
      measure: 'Leads',
      groups: ['North', 'South'],
      proves: 1,
      points: counts.map((parts, index) => ({
        label: `Month ${index}`,
        short: `M${index}`,
        before: index < 2 ? true : undefined,
        counts: parts,
      })),
    },
    funnel: {
      title: 'Visits to orders',
      stages: ['Visits', 'Carts', 'Orders'],
      before: { label: 'Before', counts: [1000, 100, 20] },
      after: { label: 'After', counts: [1000, 150, 30] },
      proves: 2,
    },
  })

  test('a change compares the sums of as many periods at the end as before kickoff, all groups together', () => {
    // Before: 10 + 10; after (last two): 25 + 25; the middle period counts for neither.
    const data = engagement([
      [5, 5],
      [6, 4],
      [900, 0],
      [20, 5],
      [10, 15],
    ])
    expect(derivedResults(data, [{}, {}])).toEqual([
      { place: 1, value: '+150%' },
      { place: 2, value: '+50%' },
    ])
    expect(derivedResults(data, [{}, { before: '2%' }])[1]).toEqual({ place: 2, before: '2%', value: '3%' })
    expect(
      derivedResults(
        engagement([
          [5, 5],
          [6, 4],
          [1, 0],
          [5, 5],
          [3, 3],
        ]),
        [{}, {}],
      )[0]!.value,
    ).toBe('-20%')
  })

  test('the table has a column per group and their total; the funnel each share of its first stage', () => {
    const data = engagement([
      [5, 5],
      [6, 4],
      [2, 1],
      [20, 5],
    ])
    expect(timelineColumns(data.timeline)).toEqual(['North', 'South', 'Total'])
    expect(timelinePoints(data.timeline).map((point) => [point.before, point.value, ...point.cells])).toEqual([
      [true, 10, '5', '5', '10'],
      [true, 10, '6', '4', '10'],
      [false, 3, '2', '1', '3'],
      [false, 25, '20', '5', '25'],
    ])
    expect(funnelRows(data.funnel).map((row) => [row.stage, row.before.share, row.after.share])).toEqual([
      ['Visits', '100%', '100%'],
      ['Carts', '10%', '15%'],
      ['Orders', '2%', '3%'],
    ])
  })

  test('return on ad spend is revenue over spend for the window, not the mean of the months', () => {
    const data: Engagement = {
      ...engagement([]),
      timeline: {
        kind: 'ad-return',
        title: 'Return on ad spend',
        proves: [1, 2],
        points: [
          { label: 'Jan', short: 'Jan', before: true, spend: 1000, revenue: 1000, customers: 10 },
          { label: 'Feb', short: 'Feb', spend: 3000, revenue: 9000, customers: 20 },
          { label: 'Mar', short: 'Mar', spend: 1000, revenue: 5000, customers: 20 },
        ],
      },
      funnel: { ...engagement([]).funnel, proves: 3 },
    }
    expect(derivedResults(data, [{ before: '1x' }, {}, {}])).toEqual([
      { place: 1, before: '1.0x', value: '5.0x' },
      { place: 2, value: '-50%' },
      { place: 3, value: '+50%' },
    ])
    expect(timelinePoints(data.timeline)[1]!.cells).toEqual(['$3,000', '$9,000', '3.00x', '20'])
  })
})
