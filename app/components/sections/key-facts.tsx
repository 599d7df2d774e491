import { anchorId, Section, type Tone } from '#app/components/section.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import type { IconName } from '#app/lib/content/schemas.ts'

export interface KeyFact {
  icon: IconName
  /** What the fact is, e.g. "Local industries we serve". */
  term: string
  /** The big figure or name. */
  value: string
  /** The names behind a count, listed under it. */
  items?: string[]
}

/**
 * A market at a glance: a band of a few facts, each an icon, a big figure and
 * what it counts, drawn from the page's own content (docs/product.md#locations).
 */
export function KeyFacts({ title, facts, tone }: { title: string; facts: KeyFact[]; tone?: Tone }) {
  return (
    <Section title={title} tone={tone} compact>
      <h2 id={`${anchorId(title)}-title`} className="mb-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {title}
      </h2>
      <dl className="grid gap-6 md:grid-cols-3" data-testid="key-facts">
        {facts.map((fact) => (
          <div key={fact.term} className="flex gap-4 rounded-2xl border border-slate-200 bg-surface p-5 shadow-sm">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
              <Icon name={fact.icon} className="size-5" />
            </span>
            {/* The figure above what it counts, as in the figure bands; the list under both. */}
            <div className="flex flex-col">
              <dt className="text-sm font-semibold text-muted">{fact.term}</dt>
              <dd className="order-first text-2xl font-bold tracking-tight text-ink">{fact.value}</dd>
              {fact.items ? <dd className="mt-2 text-sm text-muted">{fact.items.join(' · ')}</dd> : null}
            </div>
          </div>
        ))}
      </dl>
    </Section>
  )
}
