import { ChartTable, ColumnChart, partColors } from '#app/components/charts.tsx'
import type { CaseStudyResult, Engagement } from '#app/lib/content/schemas.ts'
import {
  comparedPeriods,
  derivedResults,
  formatTimelineValue,
  timelineColumns,
  timelinePoints,
} from '#app/lib/content/engagement.ts'

/**
 * Said under every timeline (docs/product.md#case-studies): its monthly
 * figures are chosen to agree with the results the case study reports
 * (content/README.md), so they are not the client's own monthly data.
 */
export const TIMELINE_RECONSTRUCTED =
  "Monthly figures reconstructed to agree with the reported results, not the client's raw data."

/** What a timeline's baseline is, over its bars and in its caption: `n` is how many periods it has. */
export const baselineWords = {
  'before-kickoff': {
    bracket: 'Before kickoff',
    window: (n: number) => `the last ${n} months against the ${n} before kickoff`,
  },
  'year-earlier': {
    bracket: 'A year earlier',
    window: (n: number) => `the last ${n} months against the same ${n} months a year earlier`,
  },
} as const

/** A swatch of a bar's color for the legend. */
function Swatch({ color }: { color: string }) {
  return (
    <svg aria-hidden="true" width="10" height="10" viewBox="0 0 10 10" style={{ flexShrink: 0 }}>
      <rect width="10" height="10" rx="2" style={{ fill: color }} />
    </svg>
  )
}

/**
 * A case study's measure over time (docs/product.md#case-studies): a bar per
 * period from the case study's own figures, the baseline's periods (before
 * kickoff, or a year earlier) apart, the result they back in the caption, a
 * note that the figures are reconstructed, and the figures as a table for
 * assistive technology.
 */
export function CaseTimeline({
  timeline,
  engagement,
  results,
}: {
  timeline: Engagement['timeline']
  engagement: Engagement
  results: Pick<CaseStudyResult, 'before'>[]
}) {
  const points = timelinePoints(timeline)
  const columns = timelineColumns(timeline)
  const { baseline, against } = comparedPeriods(timeline)
  const backed = derivedResults(engagement, results).find(
    (result) => result.place === (typeof timeline.proves === 'number' ? timeline.proves : timeline.proves[0]),
  )!
  const groups = timeline.kind === 'counts' && timeline.groups.length > 1 ? timeline.groups : []
  const words = baselineWords[against]
  const window = words.window(baseline)
  return (
    <figure className="rounded-2xl border border-slate-200 bg-surface p-4 shadow-sm sm:p-5">
      <figcaption>
        <span className="block font-semibold text-ink">{timeline.title}</span>
        <span className="mt-1 block text-sm text-muted">
          {backed.before ? `${backed.before} → ${backed.value}` : backed.value}, {window}.
          {timeline.kind === 'counts' && timeline.note ? ` ${timeline.note}` : ''}
        </span>
      </figcaption>
      {groups.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink">
          {groups.map((group, index) => (
            <li key={group} className="flex items-center gap-1.5">
              <Swatch color={partColors[index]!} />
              {group}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4">
        <ColumnChart
          columns={points}
          formatAxis={(value) => formatTimelineValue(timeline, value)}
          baselineLabel={words.bracket}
        />
      </div>
      <p className="mt-3 text-sm text-muted">{TIMELINE_RECONSTRUCTED}</p>
      <ChartTable label={timeline.title}>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              {point.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </figure>
  )
}
