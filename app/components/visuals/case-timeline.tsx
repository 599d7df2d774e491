import { ChartTable, ColumnChart, partColors } from '#app/components/charts.tsx'
import type { CaseStudyResult, Engagement } from '#app/lib/content/schemas.ts'
import {
  comparedPeriods,
  derivedResults,
  formatTimelineValue,
  timelineColumns,
  timelinePoints,
} from '#app/lib/content/engagement.ts'

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
 * period from the case study's own figures, the periods before kickoff
 * apart, the result they back in the caption, and the figures as a table
 * for assistive technology.
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
  const { baseline } = comparedPeriods(timeline)
  const backed = derivedResults(engagement, results).find(
    (result) => result.place === (typeof timeline.proves === 'number' ? timeline.proves : timeline.proves[0]),
  )!
  const groups = timeline.kind === 'counts' && timeline.groups.length > 1 ? timeline.groups : []
  const window = `the last ${baseline} months against the ${baseline} before kickoff`
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
        <ColumnChart columns={points} formatAxis={(value) => formatTimelineValue(timeline, value)} />
      </div>
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
