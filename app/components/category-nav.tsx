import { Link, useLocation } from 'react-router'
import { categoryPath } from '#app/lib/categories.ts'
import type { CategoryLink } from '#app/lib/content/types.ts'
import { normalizePath, page } from '#app/lib/registry.ts'

// Written out rather than as aria-[current] variants: every class is in the
// stylesheet each page inlines, so reusing the ones other parts use is free.
const pill = 'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors'
const currentPill = `${pill} border-brand-700 bg-brand-700 text-white`
const otherPill = `${pill} border-slate-300 text-ink hover:border-brand-600`

/**
 * The blog's topics as links: "All articles" (/blog) and one per category
 * page, the page being shown marked (`aria-current="page"`). The mark is
 * worked out from the path without its trailing slash, so the pre-rendered
 * page and the hydrated one agree.
 */
export function CategoryNav({ categories, label = 'Blog topics' }: { categories: CategoryLink[]; label?: string }) {
  const current = normalizePath(useLocation().pathname)
  const links = [
    { path: page('/blog').path, name: 'All articles', count: undefined },
    ...categories.map((category) => ({ ...category, path: categoryPath(category.name) })),
  ]
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              discover="none"
              to={link.path}
              prefetch="intent"
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
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
