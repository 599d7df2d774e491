import { Container } from '#app/components/section.tsx'
import { breadcrumbs } from '#app/lib/site/breadcrumbs.ts'
import { Icon } from '#app/components/ui/icon.tsx'

/** Home plus the path's segments; hidden on home; the last crumb is the current page (`path`), not a link. */
export function Breadcrumbs({ path }: { path: string }) {
  const crumbs = breadcrumbs(path)
  if (crumbs.length === 0) return null
  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-100 bg-surface">
      <Container as="ol" className="flex flex-wrap items-center gap-1.5 py-3 text-sm text-muted">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          return (
            <li key={crumb.path} className="inline-flex items-center gap-1.5">
              {crumb.href ? (
                <a href={crumb.href} data-prefetch className="underline-offset-4 hover:text-brand-700 hover:underline">
                  {crumb.name}
                </a>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'font-medium text-ink' : undefined}>
                  {crumb.name}
                </span>
              )}
              {last ? null : <Icon name="chevron-right" className="size-3.5 text-slate-400" />}
            </li>
          )
        })}
      </Container>
    </nav>
  )
}
