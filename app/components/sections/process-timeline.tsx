import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { StepText, type StepItem } from '#app/components/sections/steps.tsx'

/**
 * A service's process as a timeline: numbered steps along one line, down the
 * page on phones and across it from 1024 px, each with its duration, title and
 * text (docs/product.md#services). The line and the numbers are drawing only:
 * the list is ordered and each title says its step.
 */
export function ProcessTimeline({ title, items, tone }: { title: string; items: StepItem[]; tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} />
      <ol className="grid gap-8 lg:auto-cols-fr lg:grid-flow-col lg:gap-6" data-testid="process-timeline">
        {items.map((item, index) => (
          <li key={item.title} className="relative pl-14 lg:pt-14 lg:pl-0">
            {index < items.length - 1 ? (
              // From this step's number to the next one's, across the gap between them.
              <span
                aria-hidden="true"
                className="absolute top-9 -bottom-8 left-4 w-1 rounded-full bg-brand-200 lg:top-4 lg:-right-6 lg:bottom-auto lg:left-9 lg:h-1 lg:w-auto"
              />
            ) : null}
            <span
              aria-hidden="true"
              className="absolute top-0 left-0 inline-flex size-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            {item.duration ? (
              <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{item.duration}</p>
            ) : null}
            <StepText item={item} index={index} className="mt-1" />
          </li>
        ))}
      </ol>
    </Section>
  )
}
