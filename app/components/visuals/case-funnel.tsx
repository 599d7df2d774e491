import { ChartTable, FunnelChart } from '#app/components/charts.tsx'
import type { Engagement } from '#app/lib/content/schemas.ts'
import { funnelRows } from '#app/lib/content/engagement.ts'

/**
 * Said under every funnel (docs/product.md#case-studies): its counts are
 * chosen to agree with the rates the case study reports (content/README.md),
 * so they are not the client's own data.
 */
export const FUNNEL_RECONSTRUCTED = "Counts reconstructed to agree with the reported rates, not the client's raw data."

/**
 * A case study's funnel before and after (docs/product.md#case-studies): the
 * two cohorts' counts at each stage from the case study's own figures, named
 * in the legend, a note that the counts are reconstructed, and the same
 * figures as a table for assistive technology.
 */
export function CaseFunnel({ funnel }: { funnel: Engagement['funnel'] }) {
  const rows = funnelRows(funnel)
  const cohorts = [
    ['Before', 'upper', funnel.before.label, 'var(--color-slate-400)'],
    ['After', 'lower', funnel.after.label, 'var(--color-brand-600)'],
  ] as const
  return (
    <figure className="rounded-2xl border border-slate-200 bg-surface p-5 shadow-sm sm:p-6">
      <figcaption className="font-semibold text-ink">{funnel.title}</figcaption>
      <ul className="mt-2 mb-5 space-y-1 text-sm text-muted">
        {cohorts.map(([name, place, label, color]) => (
          <li key={name} className="flex items-center gap-2">
            <svg aria-hidden="true" width="18" height="10" viewBox="0 0 18 10" style={{ flexShrink: 0 }}>
              <rect width="18" height="10" rx="2" style={{ fill: color }} />
            </svg>
            <span>
              <span className="font-semibold text-ink">{name}</span> ({place} bar): {label}
            </span>
          </li>
        ))}
      </ul>
      <FunnelChart stages={rows} />
      <p className="mt-4 text-sm text-muted">{FUNNEL_RECONSTRUCTED}</p>
      <ChartTable label={funnel.title}>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Before: {funnel.before.label}</th>
            <th scope="col">After: {funnel.after.label}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.stage}>
              <th scope="row">{row.stage}</th>
              <td>{`${row.before.text} (${row.before.share})`}</td>
              <td>{`${row.after.text} (${row.after.share})`}</td>
            </tr>
          ))}
        </tbody>
      </ChartTable>
    </figure>
  )
}
