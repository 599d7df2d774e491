import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { cn } from '#app/lib/site/cn.ts'
import { gridClass } from '#app/lib/site/grid.ts'

export interface StepItem {
  title: string
  body: string
  duration?: string
}

/** A step's title, which says its number to screen readers, and its text: the numbered process and the service timeline share it. */
export function StepText({ item, index, className }: { item: StepItem; index: number; className: string }) {
  return (
    <>
      <h3 className={cn('text-lg font-semibold text-ink', className)}>
        <span className="sr-only">Step {index + 1}: </span>
        {item.title}
      </h3>
      <p className="mt-2 text-muted">{item.body}</p>
    </>
  )
}

/** A numbered process: what happens, in order, and how long each step takes. */
export function Steps({
  eyebrow,
  title,
  intro,
  items,
  tone,
}: {
  eyebrow?: string
  title: string
  intro?: string
  items: StepItem[]
  tone?: Tone
}) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
      <ol className={cn('grid gap-6', gridClass(items.length, 4))}>
        {items.map((item, index) => (
          <li key={item.title} className="relative rounded-2xl border border-slate-200 bg-surface p-6">
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              {item.duration ? (
                <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                  {item.duration}
                </span>
              ) : null}
            </div>
            <StepText item={item} index={index} className="mt-4" />
          </li>
        ))}
      </ol>
    </Section>
  )
}
