import { AUDIT_REPORTS_BASE } from '../audit/report.ts'
import { findPage } from './registry.ts'

export interface Crumb {
  name: string
  path: string
  /** Only crumbs of real pages link; the last crumb never does. */
  href?: string
}

/** "san-francisco" -> "San Francisco": the name of a segment no page names. */
export function titleCase(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * Home plus one crumb per path segment (docs/product.md#breadcrumbs). A crumb is
 * named by the registry page at its path, or else its title-cased segment;
 * it links only where that page exists, and the last crumb is the current
 * page. Empty on the home page, where breadcrumbs are hidden.
 */
export function breadcrumbs(pathname: string): Crumb[] {
  // An instant audit's report sits under the audit's page, named for what it is, not by its id.
  if (pathname.startsWith(AUDIT_REPORTS_BASE)) {
    const audit = breadcrumbs(AUDIT_REPORTS_BASE.slice(0, AUDIT_REPORTS_BASE.indexOf('/', 1)))
    const last = audit.at(-1)!
    return [...audit.slice(0, -1), { ...last, href: last.path }, { name: 'Report', path: pathname }]
  }
  const segments = pathname.split('/').filter(Boolean)
  if (segments.length === 0) return []
  const crumbs: Crumb[] = [{ name: findPage('/')?.name ?? 'Home', path: '/', href: '/' }]
  segments.forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`
    const page = findPage(path)
    const last = index === segments.length - 1
    crumbs.push({ name: page?.name ?? titleCase(segment), path, href: page && !last ? path : undefined })
  })
  return crumbs
}
