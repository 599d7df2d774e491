import type { CaseStudyResult, Engagement } from '#app/lib/content/schemas.ts'

/**
 * A case study's engagement as its charts draw it and as its results follow
 * from it (docs/product.md#case-studies): the figures are the case study's own
 * (its `engagement` field), and the results it states are derived here, so a
 * unit test can hold the copy to the data. Pure arithmetic, no drawing.
 */

type Timeline = Engagement['timeline']
type Funnel = Engagement['funnel']

/** One period of the timeline as the chart and its table show it. */
export interface TimelinePoint {
  label: string
  short: string
  before: boolean
  /** The parts of its bar, one per group, bottom first. */
  parts: number[]
  /** What the bar's height stands for: the sum of the parts, or the period's return on ad spend. */
  value: number
  /** The table's cells after the period's name, in the order of `timelineColumns`. */
  cells: string[]
}

const thousands = new Intl.NumberFormat('en-US')
const dollars = (value: number) => `$${thousands.format(Math.round(value))}`
/** Return on ad spend as the case studies write it: "2.2x". */
export const times = (value: number, digits = 1) => `${value.toFixed(digits)}x`
const percent = (value: number) => `${Math.round(value * 100)}%`
/** A change as the case studies write it: "+212%", "-41%". */
const change = (value: number) => {
  const rounded = Math.round(value * 100)
  return `${rounded > 0 ? '+' : ''}${rounded}%`
}

/** The heads of the timeline table's columns after the period's. */
export function timelineColumns(timeline: Timeline): string[] {
  if (timeline.kind === 'ad-return')
    return ['Paid spend', 'Revenue from paid orders', 'Return on ad spend', 'New customers']
  return timeline.groups.length > 1 ? [...timeline.groups, 'Total'] : [timeline.measure]
}

/** Each period with what its bar draws and its row of the table. */
export function timelinePoints(timeline: Timeline): TimelinePoint[] {
  if (timeline.kind === 'ad-return')
    return timeline.points.map(({ label, short, before, spend, revenue, customers }) => {
      const roas = revenue / spend
      return {
        label,
        short,
        before: before === true,
        parts: [roas],
        value: roas,
        cells: [dollars(spend), dollars(revenue), times(roas, 2), thousands.format(customers)],
      }
    })
  const several = timeline.groups.length > 1
  return timeline.points.map(({ label, short, before, counts }) => {
    const total = counts.reduce((sum, value) => sum + value, 0)
    return {
      label,
      short,
      before: before === true,
      parts: counts,
      value: total,
      cells: several ? [...counts, total].map((value) => thousands.format(value)) : [thousands.format(total)],
    }
  })
}

/** How a value of the timeline reads on its axis and in its summary. */
export function formatTimelineValue(timeline: Timeline, value: number): string {
  return timeline.kind === 'ad-return' ? times(value) : thousands.format(value)
}

/**
 * The periods a timeline's results compare: its baseline (the periods marked
 * `before`) and as many at its end. `against` says what the baseline is: the
 * periods just before kickoff, or the same periods a year earlier.
 */
export function comparedPeriods(timeline: Timeline) {
  const baseline = timeline.points.filter((point) => point.before).length
  const against = timeline.baseline ?? 'before-kickoff'
  return { baseline, last: timeline.points.length - baseline, against }
}

/** A result as the data gives it, in the case study's own notation. */
export interface DerivedResult {
  /** The result's place in `results`, 1 for the first. */
  place: number
  value: string
  before?: string
}

function sums<T>(points: T[], baseline: number, of: (point: T) => number) {
  const sum = (list: T[]) => list.reduce((total, point) => total + of(point), 0)
  return { before: sum(points.slice(0, baseline)), after: sum(points.slice(-baseline)) }
}

/** The share of a funnel's cohort that reached its last stage. */
export const funnelRate = (counts: number[]) => counts.at(-1)! / counts[0]!

/**
 * The results an engagement's figures back, each worked out from the figures:
 *
 * - counts: the last periods against as many of the baseline (before kickoff
 *   or a year earlier), as a change;
 * - ad return: revenue over spend for those two windows (before and after),
 *   and the cost per new customer (spend over first-time customers) as a change;
 * - the funnel: the share of each cohort that reached the last stage, before
 *   and after where the result states both levels, else as a change of that
 *   share.
 */
export function derivedResults(engagement: Engagement, results: Pick<CaseStudyResult, 'before'>[]): DerivedResult[] {
  const { timeline, funnel } = engagement
  const { baseline } = comparedPeriods(timeline)
  const derived: DerivedResult[] = []
  if (timeline.kind === 'counts') {
    const total = sums(timeline.points, baseline, (point) => point.counts.reduce((sum, value) => sum + value, 0))
    derived.push({ place: timeline.proves, value: change(total.after / total.before - 1) })
  } else {
    const spend = sums(timeline.points, baseline, (point) => point.spend)
    const revenue = sums(timeline.points, baseline, (point) => point.revenue)
    const customers = sums(timeline.points, baseline, (point) => point.customers)
    const [roasPlace, cpaPlace] = timeline.proves
    derived.push({
      place: roasPlace,
      before: times(revenue.before / spend.before),
      value: times(revenue.after / spend.after),
    })
    const cpa = (window: 'before' | 'after') => spend[window] / customers[window]
    derived.push({ place: cpaPlace, value: change(cpa('after') / cpa('before') - 1) })
  }
  derived.push(funnelResult(funnel, results[funnel.proves - 1]?.before !== undefined))
  return derived
}

function funnelResult(funnel: Funnel, bothLevels: boolean): DerivedResult {
  const before = funnelRate(funnel.before.counts)
  const after = funnelRate(funnel.after.counts)
  return bothLevels
    ? { place: funnel.proves, before: percent(before), value: percent(after) }
    : { place: funnel.proves, value: change(after / before - 1) }
}

/** A funnel's stage as its chart and table show it: each cohort's count and share of its first stage. */
export function funnelRows(funnel: Funnel) {
  return funnel.stages.map((stage, index) => {
    const cohort = (counts: number[]) => ({
      count: counts[index]!,
      text: thousands.format(counts[index]!),
      share: percent(counts[index]! / counts[0]!),
    })
    return { stage, before: cohort(funnel.before.counts), after: cohort(funnel.after.counts) }
  })
}
