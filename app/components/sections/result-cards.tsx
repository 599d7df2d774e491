import { BeforeAfterBars, ResultValue } from '#app/components/before-after.tsx'
import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { ResultFigure } from '#app/lib/content/types.ts'
import { gridClass } from '#app/lib/site/grid.ts'

/**
 * A case study's results as cards: what was measured, the big figure, and
 * where the case study states the starting level, before and after side by
 * side with their two bars (docs/product.md#case-studies).
 */
export function ResultCards({ title, items, tone }: { title: string; items: ResultFigure[]; tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} />
      <ul className={cn('grid gap-6', gridClass(items.length, 4))} data-testid="result-cards">
        {items.map((item) => (
          <li key={item.label} className="flex flex-col rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm">
            <p className="text-sm text-muted">{item.label}</p>
            <p className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              <ResultValue {...item} />
            </p>
            <div className="mt-auto">
              <BeforeAfterBars {...item} />
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}
