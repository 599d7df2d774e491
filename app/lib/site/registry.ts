/**
 * The route registry: every page of the site, once.
 *
 * It feeds the shells of app/pages/ (their getStaticPaths), the breadcrumbs, the
 * header and footer, the HTML sitemap, /sitemap.xml and the prefetch list, so
 * none of them can disagree with another. Each page names two things apart:
 * the shell that renders it (`route`) and the content collection its
 * copy is read from (`collection`, a folder of content/). Several pages share
 * a shell (every service page uses app/pages/services/[slug].astro), and a page with
 * code of its own (a calculator, charts) gets a shell of its own while its
 * copy still comes through the same collection (app/lib/content/README.md).
 *
 * This module ships to the browser: keep it to names and paths.
 */

import { articleFiles } from '#app/lib/site/article-files.ts'
import { caseStudyFiles } from '#app/lib/site/case-study-files.ts'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { blogTopics, MIN_INDEXED_CATEGORY_ARTICLES, topicOf, topicPath } from '../content/categories.ts'

/** The page shell (app/pages/) that renders a page, by what it is; see `pagesOf`. */
export type RouteModule =
  | 'page'
  | 'contact'
  | 'book'
  | 'book-manage'
  | 'blog'
  | 'roi-calculator'
  | 'audit'
  | 'dashboard'
  | 'blog-category'
  | 'service'
  | 'case-study'
  | 'location'
  | 'article'

/**
 * The content collection a page's copy comes from: the folder of content/
 * holding its file, read with that collection's schema
 * (app/lib/content/collections.server.ts).
 */
export type CollectionName = 'pages' | 'services' | 'case-studies' | 'cities' | 'blog' | 'categories'

/** Where a page is listed on the HTML sitemap. */
export type Group =
  'company' | 'services' | 'industries' | 'case-studies' | 'locations' | 'blog' | 'topics' | 'tools' | 'legal'

export interface PageEntry {
  /** URL path without a trailing slash; "/" for home. */
  path: string
  /** Short name for navigation, breadcrumbs and the sitemap (not the SEO title). */
  name: string
  route: RouteModule
  collection: CollectionName
  group: Group
  /** Kept out of search engines, /sitemap.xml and the HTML sitemap. */
  noIndex?: true
  /** Fetched ahead by every other page once it has loaded and the browser is idle (docs/product.md#prefetching). */
  prefetch?: true
}

type Row = [slug: string, name: string]

function family(route: RouteModule, collection: CollectionName, group: Group, base: string, rows: Row[]): PageEntry[] {
  return rows.map(([slug, name]) => ({ path: `${base}/${slug}`, name, route, collection, group }))
}

export const services = family('service', 'services', 'services', '/services', [
  ['website-design', 'Website Design'],
  ['paid-ads', 'Paid Ads'],
  ['email-marketing', 'Email Marketing'],
  ['content-creation', 'Content Creation'],
  ['social-media', 'Social Media'],
  ['ai-automation', 'AI Automation'],
  ['analytics', 'Analytics'],
  ['omnichannel', 'Omnichannel Marketing'],
  ['app-development', 'App Development'],
])

/** The case studies: every file of content/case-studies/, in its `order` (#app/lib/site/case-study-files.ts). */
export const caseStudies: PageEntry[] = caseStudyFiles.map((study) => ({
  path: `/case-studies/${study.slug}`,
  name: study.name,
  route: 'case-study',
  collection: 'case-studies',
  group: 'case-studies',
}))

export const locations = family('location', 'cities', 'locations', '/locations', [
  ['miami', 'Miami'],
  ['austin', 'Austin'],
  ['denver', 'Denver'],
  ['san-francisco', 'San Francisco'],
  ['new-york', 'New York'],
  ['seattle', 'Seattle'],
  ['chicago', 'Chicago'],
  ['boston', 'Boston'],
  ['los-angeles', 'Los Angeles'],
  ['dallas', 'Dallas'],
  ['atlanta', 'Atlanta'],
  ['phoenix', 'Phoenix'],
])

/**
 * The articles: every file of content/blog/ that is published, newest first
 * (#app/lib/site/article-files.ts: not a draft, not dated after the build).
 */
export const articles: PageEntry[] = articleFiles.map((article) => ({
  path: `/blog/${article.slug}`,
  name: article.name,
  route: 'article',
  collection: 'blog',
  group: 'blog',
}))

/**
 * One page per blog topic, listing the articles of its categories; copy in
 * content/categories/<slug>.md. Indexed once it lists two articles or more
 * (`MIN_INDEXED_CATEGORY_ARTICLES`).
 */
export const categories: PageEntry[] = blogTopics.map((topic) => ({
  path: topicPath(topic.name),
  name: topic.name,
  route: 'blog-category',
  collection: 'categories',
  group: 'topics',
  ...(articleFiles.filter((article) => topicOf(article.category) === topic).length < MIN_INDEXED_CATEGORY_ARTICLES
    ? { noIndex: true as const }
    : {}),
}))

/** A top-level page: its copy in content/pages/, rendered by app/pages/[...page].astro unless it names its own shell. */
function top(path: string, name: string, group: Group, extra: Partial<PageEntry> = {}): PageEntry {
  return { path, name, route: 'page', collection: 'pages', group, ...extra }
}

export const industries: PageEntry[] = [
  top('/industries/saas', 'SaaS', 'industries'),
  top('/industries/ecommerce', 'Ecommerce', 'industries'),
]

export const pages: readonly PageEntry[] = [
  top('/', 'Home', 'company'),
  top('/about', 'About', 'company'),
  top('/approach', 'Approach', 'company'),
  top('/how-we-work', 'How We Work', 'company'),
  top('/team', 'Team', 'company'),
  top('/pricing', 'Pricing', 'company', { prefetch: true }),
  top('/contact', 'Contact', 'company', { prefetch: true, route: 'contact' }),
  top('/book', 'Book a Call', 'company', { route: 'book' }),
  top('/services', 'Services', 'services', { prefetch: true }),
  ...services,
  top('/integrations', 'Integrations', 'services'),
  ...industries,
  top('/case-studies', 'Case Studies', 'case-studies', { prefetch: true }),
  ...caseStudies,
  top('/locations', 'Locations', 'locations'),
  ...locations,
  top('/blog', 'Blog', 'blog', { route: 'blog' }),
  ...articles,
  ...categories,
  top('/resources', 'Resources', 'tools'),
  top('/resources/audit-checklist', 'Marketing Audit Checklist', 'tools'),
  top('/resources/ai-optimization-guide', 'AI Optimization Guide', 'tools'),
  top(auditRequest.href, auditRequest.pageName, 'tools', { route: 'audit' }),
  top('/roi-calculator', 'ROI Calculator', 'tools', { route: 'roi-calculator' }),
  top('/dashboard', 'Analytics Dashboard', 'tools', { route: 'dashboard' }),
  top('/sitemap', 'Sitemap', 'legal'),
  top('/privacy', 'Privacy Policy', 'legal'),
  top('/terms', 'Terms of Service', 'legal'),
  top('/thank-you', 'Thank You', 'legal', { noIndex: true }),
  top('/book/manage', 'Your Call', 'legal', { noIndex: true, route: 'book-manage' }),
]

const byPath = new Map(pages.map((page) => [page.path, page]))

/** The registry entry for a path, if the site has such a page. */
export function findPage(path: string): PageEntry | undefined {
  return byPath.get(normalizePath(path))
}

/** Drops a trailing slash, so "/about/" reads "/about". */
export function normalizePath(path: string): string {
  return path.replace(/\/+$/, '') || '/'
}

/** The last segment of a path: a content file's name. */
export function slugOf(path: string): string {
  return path.split('/').filter(Boolean).at(-1) ?? ''
}

/**
 * The id of a page's file in its collection (app/content.config.ts): its slug,
 * or for a top-level page its whole path (`industries/saas`; home is `home`).
 */
export function contentIdOf(entry: PageEntry): string {
  if (entry.collection !== 'pages') return slugOf(entry.path)
  return entry.path === '/' ? 'home' : entry.path.slice(1)
}

/** Pages that belong in search engines, /sitemap.xml and the HTML sitemap. */
export const indexablePages = pages.filter((page) => !page.noIndex)

export const groupTitles: Record<Group, string> = {
  company: 'Company',
  services: 'Services',
  industries: 'Industries',
  'case-studies': 'Case Studies',
  locations: 'Locations',
  blog: 'Blog',
  topics: 'Blog Topics',
  tools: 'Tools and Resources',
  legal: 'Legal and Site',
}

/** The registry page for a path, and throws when there is none: for links that must exist. */
export function page(path: string): PageEntry {
  const entry = findPage(path)
  if (!entry) throw new Error(`No page in the registry at ${path}`)
  return entry
}

/** The pages a shell renders: its `getStaticPaths` lists them (app/pages/). */
export function pagesOf(route: RouteModule): PageEntry[] {
  return pages.filter((entry) => entry.route === route)
}

/** The props of a shell at `<family>/[slug].astro`: the registry entry of the page it renders. */
export interface SlugProps {
  entry: PageEntry
}

/**
 * What `getStaticPaths` returns in a shell at `<family>/[slug].astro`: each
 * page the shell renders, by the last segment of its path, with its entry.
 */
export function slugPaths(route: RouteModule): { params: { slug: string }; props: SlugProps }[] {
  return pagesOf(route).map((entry) => ({ params: { slug: slugOf(entry.path) }, props: { entry } }))
}
