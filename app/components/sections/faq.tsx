import { Prose } from '#app/components/prose.tsx'
import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import type { RichText } from '#app/lib/content/schemas.ts'

export interface FaqItem {
  question: string
  /** Inline Markdown, rendered at build time. */
  answer: RichText
}

/** Questions and answers as native disclosure widgets: keyboard-ready and working without JavaScript. */
export function Faq({ title, items, tone }: { title: string; items: FaqItem[]; tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} />
      <div className="max-w-3xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-surface">
        {items.map((item) => (
          <details key={item.question} className="group px-6 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-1 font-semibold text-ink [&::-webkit-details-marker]:hidden">
              {item.question}
              <Icon
                name="chevron-down"
                className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180 motion-reduce:transition-none"
              />
            </summary>
            <Prose as="p" html={item.answer.html} className="mt-3 max-w-none text-base leading-7 text-muted" />
          </details>
        ))}
      </div>
    </Section>
  )
}
