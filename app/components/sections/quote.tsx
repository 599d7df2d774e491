import { Section, type Tone } from '#app/components/section.tsx'

/** A client's words, with their role (clients are anonymized). */
export function Quote({ quote, author, role, tone }: { quote: string; author: string; role: string; tone?: Tone }) {
  return (
    <Section tone={tone}>
      <figure className="mx-auto max-w-3xl text-center">
        <blockquote className="text-2xl leading-snug font-medium text-balance text-ink sm:text-3xl">
          <p>“{quote}”</p>
        </blockquote>
        <figcaption className="mt-6 text-muted">
          <span className="font-semibold text-ink">{author}</span>, {role}
        </figcaption>
      </figure>
    </Section>
  )
}
