import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'

export interface ChecklistPoint {
  title: string
  how: string
  good: string
}

/**
 * One group of an audit checklist: numbered points, each saying what to
 * check, how, and what good looks like. `start` continues the numbering of
 * the groups before it, so the page reads 1 to N and prints so.
 */
export function Checklist({
  title,
  intro,
  items,
  start,
  tone,
}: {
  title: string
  intro?: string
  items: ChecklistPoint[]
  start: number
  tone?: Tone
}) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <ol start={start} className="grid gap-6 md:grid-cols-2" data-checklist="">
        {items.map((item, index) => (
          <li key={item.title} className="break-inside-avoid rounded-2xl border border-slate-200 bg-surface p-6">
            <h3 className="flex gap-3 text-lg font-semibold text-ink">
              <span className="shrink-0 text-brand-700">{start + index}.</span>
              {item.title}
            </h3>
            <dl className="mt-3 space-y-2 text-muted">
              <dt className="text-sm font-semibold text-ink">How to check</dt>
              <dd>{item.how}</dd>
              <dt className="text-sm font-semibold text-ink">What good looks like</dt>
              <dd>{item.good}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </Section>
  )
}
