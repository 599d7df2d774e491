import { Icon } from '#app/components/ui/icon.tsx'
import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { IconName } from '#app/lib/content/schemas.ts'
import { gridClass } from '#app/lib/site/grid.ts'

export interface FeatureItem {
  title: string
  body: string
  icon?: IconName
  points?: string[]
  link?: { label: string; href: string }
}

/** Cards with an icon, a title, text, optional bullet points and an optional link. */
export function FeatureGrid({
  eyebrow,
  title,
  intro,
  items,
  columns = 3,
  tone,
}: {
  eyebrow?: string
  title: string
  intro?: string
  items: FeatureItem[]
  /** The most columns on wide screens; fewer where that would leave a card alone in the last row. */
  columns?: 2 | 3 | 4
  tone?: Tone
}) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading eyebrow={eyebrow} title={title} intro={intro} />
      <ul className={cn('grid gap-6', gridClass(items.length, columns))}>
        {items.map((item) => (
          <li key={item.title} className="flex flex-col rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm">
            {item.icon ? (
              <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={item.icon} className="size-5" />
              </span>
            ) : null}
            <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
            <p className="mt-2 text-muted">{item.body}</p>
            {item.points?.length ? (
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {item.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-brand-600" />
                    {point}
                  </li>
                ))}
              </ul>
            ) : null}
            {item.link ? (
              <SmartLink
                to={item.link.href}
                className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-brand-700 hover:text-brand-900"
              >
                {item.link.label}
                <Icon name="arrow-right" className="size-4" />
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  )
}
