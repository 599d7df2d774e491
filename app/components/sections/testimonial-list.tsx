import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { PersonPhoto } from '#app/components/visuals/content-picture.tsx'
import type { ResolvedSection } from '#app/lib/content/types.ts'
import { cn } from '#app/lib/site/cn.ts'
import { gridClass } from '#app/lib/site/grid.ts'

type TestimonialsContent = Extract<ResolvedSection, { type: 'testimonials' }>

/**
 * What clients said, each with the name, role and company of the person who
 * said it (content/testimonials/, which refuses a quote nobody is named
 * for), and their photo where they gave one.
 */
export function TestimonialList({
  title,
  intro,
  testimonials,
  tone,
}: Omit<TestimonialsContent, 'type'> & { tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <ul className={cn('grid gap-6', gridClass(testimonials.length, 3))}>
        {testimonials.map((said) => (
          <li key={`${said.person}:${said.quote}`} className="rounded-2xl border border-slate-200 bg-surface p-6">
            <figure className="flex h-full flex-col">
              <blockquote className="text-lg text-ink">
                <p>“{said.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                {said.photo ? <PersonPhoto photo={said.photo} name={said.person} /> : null}
                <span>
                  <span className="block font-semibold text-ink">{said.person}</span>
                  <span className="block text-sm text-muted">
                    {said.role}, {said.company}
                  </span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  )
}
