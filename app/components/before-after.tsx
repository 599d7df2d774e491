import type { ResultFigure } from '#app/lib/content/types.ts'

/**
 * A result as it reads: the level reached, after the level it started at where
 * the case study states one ("2.2x → 4.1x"; screen readers hear "2.2x to 4.1x").
 */
export function ResultValue({ value, before }: Pick<ResultFigure, 'value' | 'before'>) {
  return before ? (
    <>
      <span className="text-muted">{before}</span>
      <span aria-hidden="true"> → </span>
      <span className="sr-only"> to </span>
      {value}
    </>
  ) : (
    value
  )
}

/**
 * A result's change as two bars, before and after, each named and given its
 * figure, so neither color nor length alone tells them apart
 * (docs/product.md#case-studies). The figures are in the text beside it, so
 * assistive technology skips the drawing. Only the two levels the case study
 * states: no values in between.
 */
export function BeforeAfterBars({ value, before, bars }: ResultFigure) {
  if (!before || !bars) return null
  const rows = [
    ['Before', before, bars.before, 'bg-slate-400'],
    ['After', value, bars.after, 'bg-brand-600'],
  ] as const
  return (
    <div aria-hidden="true" className="mt-4 flex flex-col gap-1.5 text-xs text-muted">
      {rows.map(([name, figure, length, fill]) => (
        <p key={name} className="flex items-center gap-2">
          <span className="w-10 shrink-0">{name}</span>
          <span className="h-2 flex-1 rounded-full bg-slate-100">
            {/* Geometry as an inline style, as the dashboard's charts do (docs/decisions/019-own-svg-charts.md). */}
            <span className={`block h-full rounded-full ${fill}`} style={{ width: `${length}%` }} />
          </span>
          <span className="w-14 shrink-0 text-right font-semibold text-ink">{figure}</span>
        </p>
      ))}
    </div>
  )
}
