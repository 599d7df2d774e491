import type { CategoryLink } from '#app/lib/content/types.ts'

// Written out rather than as aria-[current] variants: every class is in the
// stylesheet each page inlines, so reusing the ones other parts use is free.
const pill = 'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors'
const currentPill = `${pill} border-brand-700 bg-brand-700 text-white`
const otherPill = `${pill} border-slate-300 text-ink hover:border-brand-600`

/**
 * The blog's topics as links, as `categoryLinks()` lists them: "All articles"
 * (/blog) and one per category page, the page being shown (`current`) marked
 * (`aria-current="page"`).
 */
export function CategoryNav({
  categories,
  current,
  label = 'Blog topics',
}: {
  categories: CategoryLink[]
  current: string
  label?: string
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {categories.map((link) => (
          <li key={link.path}>
            <a
              href={link.path}
              data-prefetch
              aria-current={link.path === current ? 'page' : undefined}
              className={link.path === current ? currentPill : otherPill}
            >
              {link.name}
              {link.count === undefined ? null : (
                <>
                  <span aria-hidden="true" className="text-xs">
                    {link.count}
                  </span>
                  <span className="sr-only">({link.count === 1 ? '1 article' : `${link.count} articles`})</span>
                </>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
