import { StatList, type StatItem } from '#app/components/sections/stats.tsx'

/**
 * The home page's proof beside its h1: the first result of every case study,
 * as the case study states it (docs/product.md#top-level-pages). The figure
 * bands' own markup and classes, no picture: it paints with the text, holds
 * its size and adds almost nothing to the page's rules and code.
 */
export function ResultsPanel({ results }: { results: StatItem[] }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm" data-testid="results-panel">
      <h2 className="mb-5 text-sm font-semibold tracking-wide text-brand-700 uppercase">Results for our clients</h2>
      <StatList items={results} className="" />
    </div>
  )
}
