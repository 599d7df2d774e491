import { industries, page, services, type PageEntry } from './registry.ts'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { site } from './site.ts'

/**
 * The header's and footer's links (docs/product.md#shared-shell), all drawn from
 * the registry so a renamed or removed page can never leave a dead link.
 */
export interface NavMenu {
  label: string
  /** The menu's own overview page, listed first when there is one. */
  overview?: PageEntry
  /** How the overview's link reads in the menu: "All <label>" unless given. */
  overviewName?: string
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

/** Who the agency is, how and where it works. */
export const aboutMenu: NavMenu = {
  label: 'About',
  overview: page('/about'),
  overviewName: `About ${site.name}`,
  items: ['/how-we-work', '/approach', '/locations'].map(page),
}

/** What a visitor can read and use for free. */
export const resourcesMenu: NavMenu = { label: 'Resources', overview: page('/resources'), items: [page('/blog')] }

/**
 * Desktop order; the logo is the link to Home. Seven entries, so that they
 * fit on one line from 1024 px, the narrowest width that shows them: How We
 * Work, Approach and Locations sit in the About menu, Blog in the Resources
 * menu (docs/product.md#header).
 */
export const headerNav: NavItem[] = [
  { kind: 'menu', menu: aboutMenu },
  { kind: 'menu', menu: servicesMenu },
  link('/case-studies'),
  { kind: 'menu', menu: industriesMenu },
  { kind: 'menu', menu: resourcesMenu },
  link('/pricing'),
  link('/contact'),
]

/**
 * The mobile menu: Home, then every link of the header one by one, the menus'
 * links among them; Services as its overview link alone, so of the header's
 * menus only Industries keeps its sub-links there (docs/product.md#mobile-menu).
 */
export const mobileNav: NavItem[] = [
  link('/'),
  link('/about'),
  link('/services'),
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

/** Every page a menu leads to: its overview first, then its items. */
export function menuEntries(menu: NavMenu): PageEntry[] {
  return menu.overview ? [menu.overview, ...menu.items] : menu.items
}

/**
 * The entry of a menu that is the page shown, or holds it: the one whose path
 * is the page's, or else the longest one the page sits under ("Blog" while
 * reading an article, "Paid Ads" and not "All services" on Paid Ads).
 */
export function currentEntry(entries: readonly PageEntry[], current: string): PageEntry | undefined {
  return entries
    .filter((entry) => isCurrent(entry.path, current))
    .reduce<PageEntry | undefined>(
      (best, entry) => (!best || entry.path.length > best.path.length ? entry : best),
      undefined,
    )
}

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
    links: [
      '/blog',
      '/resources',
      auditRequest.href,
      '/roi-calculator',
      '/dashboard',
      '/locations',
      ...industries.map((i) => i.path),
    ].map(page),
  },
  { title: 'Legal', links: ['/privacy', '/terms', '/sitemap'].map(page) },
]
