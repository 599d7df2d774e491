import { Link } from 'react-router'
import { Section } from '#app/components/section.tsx'
import { groupTitles, indexablePages, type Group } from '#app/lib/registry.ts'

/** Every indexable page of the registry, grouped: the same list as /sitemap.xml. */
export function SitemapList() {
  const groups = Object.keys(groupTitles) as Group[]
  return (
    <Section>
      <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((group) => {
          const entries = indexablePages.filter((page) => page.group === group)
          if (entries.length === 0) return null
          return (
            <section key={group} aria-labelledby={`sitemap-${group}`}>
              <h2 id={`sitemap-${group}`} className="text-lg font-semibold text-ink">
                {groupTitles[group]}
              </h2>
              <ul className="mt-3 space-y-2" data-testid="sitemap-links">
                {entries.map((entry) => (
                  <li key={entry.path}>
                    <Link
                      to={entry.path}
                      prefetch="intent"
                      className="text-brand-700 underline-offset-4 hover:underline"
                    >
                      {entry.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )
        })}
      </div>
    </Section>
  )
}
