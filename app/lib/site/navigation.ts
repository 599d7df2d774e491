import { industries, page, services, type PageEntry } from './registry.ts'

/**
 * The header's and footer's links (docs/product.md#shared-shell), all drawn from
 * the registry so a renamed or removed page can never leave a dead link.
 */
export interface NavMenu {
  label: string
  /** The menu's own overview page, listed first when there is one. */
  overview?: PageEntry
  items: PageEntry[]
}

export type NavItem = { kind: 'link'; page: PageEntry } | { kind: 'menu'; menu: NavMenu }

/** Names an entry of the header's navigation, the same in every rendering of it. */
export function navKey(item: NavItem): string {
  return item.kind === 'link' ? item.page.path : item.menu.label
}

const link = (path: string): NavItem => ({ kind: 'link', page: page(path) })

/** The header lists every service page but omnichannel. */
export const servicesMenu: NavMenu = {
  label: 'Services',
  overview: page('/services'),
  items: services.filter((entry) => entry.path !== '/services/omnichannel'),
}

export const industriesMenu: NavMenu = { label: 'Industries', items: industries }

/** Desktop order; the logo is the link to Home. */
export const headerNav: NavItem[] = [
  link('/about'),
  { kind: 'menu', menu: servicesMenu },
  link('/case-studies'),
  link('/how-we-work'),
  { kind: 'menu', menu: industriesMenu },
  link('/locations'),
  link('/approach'),
  link('/resources'),
  link('/blog'),
  link('/pricing'),
  link('/contact'),
]

/**
 * The mobile menu: Home, then the header's items, where a menu with an
 * overview page (Services) collapses to that one link; so of the header's
 * menus only Industries keeps its sub-links there (docs/product.md#mobile-menu).
 */
export const mobileNav: NavItem[] = [
  link('/'),
  ...headerNav.map((item): NavItem =>
    item.kind === 'menu' && item.menu.overview ? { kind: 'link', page: item.menu.overview } : item,
  ),
]

/**
 * Whether a link to `path` is the page being shown (`current`): its own path,
 * or, unless `end`, a page under it ("/blog" while reading an article). Home
 * is current on the home page only.
 */
export function isCurrent(path: string, current: string, { end = false }: { end?: boolean } = {}): boolean {
  if (path === current) return true
  return !end && path !== '/' && current.startsWith(`${path}/`)
}

/** The 47-point audit checklist: the exit popup's thank-you state and the checklist email link to it. */
export const checklistPath = page('/resources/audit-checklist').path
/** The AI optimization guide, a part of the audit kit: the kit's email links to it. */
export const aiGuidePath = page('/resources/ai-optimization-guide').path

export const footerColumns: { title: string; links: PageEntry[] }[] = [
  { title: 'Services', links: [...services, page('/integrations')] },
  {
    title: 'Company',
    links: ['/about', '/approach', '/how-we-work', '/team', '/pricing', '/case-studies', '/contact'].map(page),
  },
  {
    title: 'Resources',
    links: ['/blog', '/resources', '/roi-calculator', '/dashboard', '/locations', ...industries.map((i) => i.path)].map(
      page,
    ),
  },
  { title: 'Legal', links: ['/privacy', '/terms', '/sitemap'].map(page) },
]
