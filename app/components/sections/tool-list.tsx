import { Section, SectionHeading, type Tone } from '#app/components/section.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { Section as SectionContent } from '#app/lib/content/schemas.ts'
import { gridClass } from '#app/lib/site/grid.ts'

type ListContent = Extract<SectionContent, { type: 'list' }>

/** Names in groups, e.g. the tools we integrate, by category. */
export function ToolList({ title, intro, groups, tone }: Omit<ListContent, 'type'> & { tone?: Tone }) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <div className={cn('grid gap-6', gridClass(groups.length, 3))}>
        {groups.map((group) => (
          <div key={group.title} className="rounded-2xl border border-slate-200 bg-surface p-6">
            <h3 className="font-semibold text-ink">{group.title}</h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {group.items.map((item) => (
                <li key={item} className="rounded-md bg-brand-50 px-2.5 py-1 text-sm text-brand-900">
                  {item}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Section>
  )
}
