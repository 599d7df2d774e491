import { CardImage, CardTitleLink } from '#app/components/card-link.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { cn } from '#app/lib/site/cn.ts'
import { gridClass } from '#app/lib/site/grid.ts'
import type { Card } from '#app/lib/content/types.ts'

/** Cards that each lead to a page: services, case studies, cities, articles. */
export function CardGrid({
  eyebrow,
  title,
  intro,
  cards,
  link,
  tone,
}: {
  eyebrow?: string
  title: string
  intro?: string
  cards: Card[]
  link?: { label: string; href: string }
  tone?: Tone
}) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
      <ul className={cn('grid gap-6', gridClass(cards.length, 3))}>
        {cards.map((card) => (
          <li
            key={card.href}
            className="group lift relative flex flex-col rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
          >
            {card.image ? <CardImage src={card.image} /> : null}
            {card.icon ? (
              <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={card.icon} className="size-5" />
              </span>
            ) : null}
            {card.meta ? (
              <p className="mb-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">{card.meta}</p>
            ) : null}
            <CardTitleLink to={card.href}>{card.title}</CardTitleLink>
            <p className="mt-2 text-muted">{card.body}</p>
            <span
              aria-hidden="true"
              className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-brand-700"
            >
              Read more <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
            </span>
          </li>
        ))}
      </ul>
      {link ? (
        <p className="mt-10">
          <SmartLink
            to={link.href}
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
          >
            {link.label} <Icon name="arrow-right" className="size-4" />
          </SmartLink>
        </p>
      ) : null}
    </Section>
  )
}
