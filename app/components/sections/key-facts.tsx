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
 * what it counts, drawn from the page's own content (docs/product.md#locations,
 * docs/product.md#industries).
 */
export function KeyFacts({ title, facts, tone }: { title: string; facts: KeyFact[]; tone?: Tone }) {
  return (
    <Section title={title} tone={tone} compact>
      <h2 id={`${anchorId(title)}-title`} className="mb-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">
        {title}
      </h2>
      <dl className="grid gap-6 md:grid-cols-3" data-testid="key-facts">
        {facts.map((fact) => (
          // dt and dd straight under the group, as a description list wants; the icon sits in the dt.
          <div
            key={fact.term}
            className="relative flex flex-col rounded-2xl border border-slate-200 bg-surface p-5 pl-20 shadow-sm"
          >
            <dt className="text-sm font-semibold text-muted">
              <span className="absolute top-5 left-5 inline-flex size-11 items-center justify-center rounded-xl bg-brand-700 text-white">
                <Icon name={fact.icon} className="size-5" />
              </span>
              {fact.term}
            </dt>
            {/* The figure above what it counts, as in the figure bands; the names under both. */}
            <dd className="order-first text-2xl font-bold tracking-tight text-ink">{fact.value}</dd>
            {fact.items ? <dd className="mt-2 text-sm text-muted">{fact.items.join(' · ')}</dd> : null}
          </div>
        ))}
      </dl>
    </Section>
  )
}
