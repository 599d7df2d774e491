import type { StatItem } from '#app/components/sections/stats.tsx'

/**
 * The home page's proof beside its h1: the first result of every case study,
 * as the case study states it (docs/product.md#top-level-pages), under the
 * picture of the work. Real results, in text: it paints with the page and
 * holds its size.
 */
export function ResultsPanel({ results }: { results: StatItem[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-surface p-5 shadow-sm" data-testid="results-panel">
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">Results for our clients</h2>
      <dl className="grid gap-3">
        {results.map((item) => (
          // The label's first line sits on the figure's baseline by a fixed offset rather than by
          // baseline alignment: a slow line can paint the page between the two (the label comes first
          // in the document), and aligned, the label then dropped 9 px as the figure arrived. The
          // figure's line is 12 px taller, so its baseline is 6 px + (ascent - descent) x 5 px lower:
          // 9 px in Arial, Roboto and the platforms' interface faces, within half a pixel.
          <div key={item.label} className="flex flex-row-reverse items-start justify-end gap-4">
            <dt className="pt-2.25 text-sm text-muted">{item.label}</dt>
            <dd className="w-32 shrink-0 text-2xl font-bold tracking-tight whitespace-nowrap text-ink">{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
