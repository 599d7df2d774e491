import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { cn } from '#app/lib/site/cn.ts'
import { gridClass } from '#app/lib/site/grid.ts'

export interface StatItem {
  value: string
  label: string
}

/** Figures, each above what it measures; `className` sets the grid's columns. */
export function StatList({ items, className }: { items: StatItem[]; className: string }) {
  return (
    <dl className={cn('grid gap-6', className)}>
      {items.map((item) => (
        <div key={item.label} className="flex flex-col-reverse justify-end gap-1 border-l-4 border-brand-600 pl-4">
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Headline figures. Without a title the block is a plain band (e.g. under a hero). */
export function Stats({
  title,
  intro,
  items,
  tone,
}: {
  title?: string
  intro?: string
  items: StatItem[]
  tone?: Tone
}) {
  return (
    <Section title={title} tone={tone} compact={!title}>
      {title ? <SectionHeading title={title} intro={intro} /> : null}
      {/* Figures are small: two a row even on phones. */}
      <StatList items={items} className={gridClass(items.length, 4, 'phones')} />
    </Section>
  )
}
