import { Section } from '#app/components/section.tsx'
import { cn } from '#app/lib/site/cn.ts'
import { gridClass } from '#app/lib/site/grid.ts'
import { groupTitles, indexablePages, type Group } from '#app/lib/site/registry.ts'

/** Every indexable page of the registry, grouped: the same list as /sitemap.xml. */
export function SitemapList() {
  const groups = (Object.keys(groupTitles) as Group[])
    .map((group) => ({ group, entries: indexablePages.filter((page) => page.group === group) }))
    .filter(({ entries }) => entries.length > 0)
  return (
    <Section>
      <div className={cn('grid gap-10', gridClass(groups.length, 3))}>
        {groups.map(({ group, entries }) => (
          <section key={group} aria-labelledby={`sitemap-${group}`}>
            <h2 id={`sitemap-${group}`} className="text-lg font-semibold text-ink">
              {groupTitles[group]}
            </h2>
            <ul className="mt-3 space-y-2" data-testid="sitemap-links">
              {entries.map((entry) => (
                <li key={entry.path}>
                  <a href={entry.path} data-prefetch className="text-brand-700 underline-offset-4 hover:underline">
                    {entry.name}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Section>
  )
}
