import type { BreadcrumbList, ListItem, Organization, Service, Thing, WebSite, WithContext } from 'schema-dts'
import { breadcrumbs } from './breadcrumbs.ts'
import type { PageContent } from '../content/types.ts'
import { findPage } from './registry.ts'
import { site } from './site.ts'
import { SOCIAL_CARD_SIZE, socialCard } from './social-card.ts'

/** Search metadata of a page (docs/product.md#search-metadata). */
export interface SeoInput {
  title: string
  description: string
  keywords?: readonly string[]
  /** The page's path; its canonical URL is this path on SITE_ORIGIN. */
  path: string
  /** An article's category: the line above the title on its social card. */
  category?: string
  ogType?: 'website' | 'article'
  /** A page outside the registry kept out of search engines: an instant audit's report (/audit/report/<id>). */
  noIndex?: true
  /** JSON-LD objects for the page; a BreadcrumbList is added on inner pages. */
  schemaData?: readonly StructuredData[]
}

/** What search results show of a page's content: its title, description and keywords. */
export function searchText({ title, description, keywords }: Pick<SeoInput, 'title' | 'description' | 'keywords'>) {
  return { title, description, keywords }
}

/** A JSON-LD object of a page: a schema.org type (schema-dts), without its `@context`. */
export type StructuredData = Exclude<Thing, string>

/**
 * What search engines show of a title and a description, as rendered (brand
 * suffix included). Longer ones are cut off in results; the release gates
 * hold every page to them (docs/decisions/022-release-gates.md).
 */
export const searchLimits = {
  title: { min: 10, max: 70 },
  description: { min: 70, max: 165 },
} as const

/** What every title carries unless it names the brand already (docs/product.md#search-metadata). */
export const brandSuffix = ` | ${site.name}`

/**
 * The longest title that keeps the brand suffix within what search results
 * show: 58 characters. The content schemas hold titles to it, and an article
 * with a longer headline has a `searchTitle` that fits.
 */
export const brandedTitleMax = searchLimits.title.max - brandSuffix.length

/**
 * The title with the brand suffix, unless the title already names the brand
 * (docs/product.md#search-metadata). A title too long to keep the suffix is
 * refused: every title carries the brand.
 */
export function fullTitle(title: string): string {
  if (title.toLowerCase().includes(site.name.toLowerCase())) return title
  if (title.length > brandedTitleMax) {
    throw new Error(
      `"${title}" is ${title.length} characters: with "${brandSuffix}" it passes the ${searchLimits.title.max} that search results show; write a shorter title (at most ${brandedTitleMax})`,
    )
  }
  return `${title}${brandSuffix}`
}

export function absoluteUrl(path: string): string {
  return path === '/' ? `${site.origin}/` : `${site.origin}${path}`
}

/**
 * A tag of a page's `<head>`, as app/components/head-tags.astro writes it:
 * the title, a meta tag by name or property, a link, or a JSON-LD object.
 */
export type HeadTag =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string; fetchpriority?: 'low' }
  | { 'script:ld+json': WithContext<StructuredData> }

/** Every tag of a page's head: title, description, canonical, Open Graph, Twitter, robots, JSON-LD. */
export function seo(input: SeoInput): HeadTag[] {
  const title = fullTitle(input.title)
  const url = absoluteUrl(input.path)
  // Articles and family pages have a card of their own, drawn at build from the
  // same inputs (app/lib/site/social-card.ts); the other pages share the default.
  const card = socialCard(input)
  const image = absoluteUrl(card?.image ?? site.ogImage)
  const tags: HeadTag[] = [
    { title },
    { name: 'description', content: input.description },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'en_US' },
    { property: 'og:type', content: input.ogType ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SOCIAL_CARD_SIZE.width) },
    { property: 'og:image:height', content: String(SOCIAL_CARD_SIZE.height) },
    { property: 'og:image:alt', content: card?.alt ?? `${site.name}: ${site.tagline}` },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
  ]
  if (input.keywords && input.keywords.length > 0) {
    tags.push({ name: 'keywords', content: input.keywords.join(', ') })
  }
  // Every page names its own address, those kept out of search engines too:
  // a shared or bookmarked copy with query parameters still points home.
  tags.push({ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url })
  // Whether a page of the registry is kept out of search engines is its call
  // alone (PageEntry.noIndex), so the sitemaps and the robots tag agree; a
  // page outside it says so itself.
  if (input.noIndex || findPage(input.path)?.noIndex) tags.push({ name: 'robots', content: 'noindex, follow' })
  const graph: StructuredData[] = [...(input.schemaData ?? [])]
  const trail = breadcrumbList(input.path)
  if (trail) graph.push(trail)
  for (const data of graph) {
    const node: WithContext<StructuredData> = { '@context': 'https://schema.org', ...data }
    tags.push({ 'script:ld+json': node })
  }
  return tags
}

/** The metadata of a page of content/pages/; the home page adds the site's Organization and WebSite. */
export function contentPageSeo({ path, page }: { path: string; page: PageContent }): HeadTag[] {
  return seo({
    ...searchText(page),
    path,
    schemaData: path === '/' ? [organization, webSite] : [],
  })
}

// The JSON-LD below carries what Google documents as required and
// recommended for each type; tests/gates/structured-data.ts checks every page.

/** BreadcrumbList for an inner page: its crumbs that are pages of the site. */
export function breadcrumbList(path: string): BreadcrumbList | undefined {
  const crumbs = breadcrumbs(path).filter((crumb) => crumb.path === path || findPage(crumb.path))
  if (crumbs.length < 2) return undefined
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index): ListItem => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  }
}

export const organization = {
  '@type': 'Organization',
  '@id': `${site.origin}/#organization`,
  name: site.name,
  url: `${site.origin}/`,
  logo: `${site.origin}/logo.png`,
  email: site.email,
  description: site.description,
} as const satisfies Organization

export const webSite = {
  '@type': 'WebSite',
  '@id': `${site.origin}/#website`,
  name: site.name,
  url: `${site.origin}/`,
  publisher: { '@id': organization['@id'] },
} as const satisfies WebSite

/** A service Northpeak offers, optionally for one city (docs/product.md#locations). */
export function serviceData(input: {
  name: string
  description: string
  path: string
  city?: { name: string; region: string }
}): Service {
  return {
    '@type': 'Service',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    provider: { '@type': 'Organization', name: site.name, url: `${site.origin}/` },
    areaServed: input.city
      ? {
          '@type': 'City',
          name: input.city.name,
          containedInPlace: { '@type': 'State', name: input.city.region },
        }
      : { '@type': 'Country', name: 'United States' },
  }
}
