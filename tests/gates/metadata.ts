import type { PageEntry } from '#app/lib/site/registry.ts'
import { brandSuffix, searchLimits } from '#app/lib/site/seo.ts'
import { site } from '#app/lib/site/site.ts'
import { attribute, elementsByTag, findElements, parseHtml, textOf } from './html-dom.ts'
import { parseJsonLd, structuredDataProblems } from './structured-data.ts'

/**
 * The metadata gate (docs/decisions/022-release-gates.md): what a search
 * engine and a social network read in a page's head. Pure functions over a
 * page's HTML; tests/e2e/metadata.spec.ts runs them on every page of the
 * registry as the server sends it.
 */

export interface PageMetadata {
  path: string
  titles: string[]
  descriptions: string[]
  canonicals: string[]
  robots: string[]
  /** Open Graph (`property`) and Twitter (`name`) tags: every value of each. */
  social: Map<string, string[]>
  jsonLd: ReturnType<typeof parseJsonLd>[]
}

/** The metadata in a page's `<head>`. */
export function readMetadata(path: string, html: string): PageMetadata {
  const document = parseHtml(html)
  // Only the head counts: an inline SVG's <title> is no page title.
  const head = elementsByTag(document, 'head')[0] ?? document
  const metas = elementsByTag(head, 'meta')
  const metaValues = (key: 'name' | 'property', value: string) =>
    metas.filter((meta) => attribute(meta, key) === value).map((meta) => attribute(meta, 'content') ?? '')
  const social = new Map<string, string[]>()
  for (const meta of metas) {
    const key = attribute(meta, 'property') ?? attribute(meta, 'name') ?? ''
    if (/^(og|twitter):/.test(key)) social.set(key, [...(social.get(key) ?? []), attribute(meta, 'content') ?? ''])
  }
  return {
    path,
    titles: elementsByTag(head, 'title').map((title) => textOf(title)),
    descriptions: metaValues('name', 'description'),
    canonicals: findElements(head, (node) => node.name === 'link' && attribute(node, 'rel') === 'canonical').map(
      (link) => attribute(link, 'href') ?? '',
    ),
    robots: metaValues('name', 'robots'),
    social,
    jsonLd: findElements(
      document,
      (node) => node.name === 'script' && attribute(node, 'type') === 'application/ld+json',
    ).map((script) => parseJsonLd(textOf(script))),
  }
}

export interface PageExpectations {
  path: string
  /** SITE_ORIGIN of the build. */
  origin: string
  noIndex: boolean
  ogType: 'website' | 'article'
  /** The JSON-LD types the page must carry (docs/product.md#quality-bars). */
  structuredData: string[]
}

/** What the product asks of a page of the registry. */
export function expectationsFor(entry: PageEntry, origin: string): PageExpectations {
  const own: Partial<Record<PageEntry['route'], string>> = {
    article: 'BlogPosting',
    'case-study': 'Article',
    service: 'Service',
    location: 'Service',
    'blog-category': 'CollectionPage',
  }
  const type = own[entry.route]
  return {
    path: entry.path,
    origin,
    noIndex: Boolean(entry.noIndex),
    ogType: entry.route === 'article' || entry.route === 'case-study' ? 'article' : 'website',
    structuredData: entry.path === '/' ? ['Organization', 'WebSite'] : ['BreadcrumbList', ...(type ? [type] : [])],
  }
}

function urlOf(origin: string, path: string): string {
  return path === '/' ? `${origin}/` : `${origin}${path}`
}

/** One value of a tag that must appear exactly once. */
function single(problems: string[], what: string, values: readonly string[]): string | undefined {
  if (values.length !== 1) {
    problems.push(`${values.length} ${what} (one expected)`)
    return undefined
  }
  const value = values[0]!.trim()
  if (value === '') problems.push(`${what} is empty`)
  return value
}

function within(
  problems: string[],
  what: string,
  value: string | undefined,
  { min, max }: { min: number; max: number },
) {
  if (value !== undefined && (value.length < min || value.length > max)) {
    problems.push(`${what} is ${value.length} characters, not ${min}-${max}: "${value}"`)
  }
}

function same(problems: string[], what: string, actual: string | undefined, expected: string | undefined) {
  if (actual !== undefined && expected !== undefined && actual !== expected) {
    problems.push(`${what} is "${actual}", not "${expected}"`)
  }
}

/** What is wrong with a page's metadata; empty when nothing is. */
export function metadataProblems(page: PageMetadata, expected: PageExpectations): string[] {
  const problems: string[] = []
  const title = single(problems, '<title>', page.titles)
  within(problems, 'the title', title, searchLimits.title)
  // Every title carries the brand (docs/product.md#search-metadata).
  if (title !== undefined && !title.toLowerCase().includes(site.name.toLowerCase())) {
    problems.push(`the title "${title}" does not carry the brand ("${brandSuffix}")`)
  }
  const description = single(problems, 'meta description', page.descriptions)
  within(problems, 'the description', description, searchLimits.description)

  const url = urlOf(expected.origin, expected.path)
  const canonical = single(problems, 'canonical link', page.canonicals)
  same(problems, 'the canonical link', canonical, url)

  const noIndex = page.robots.some((value) => /\bnoindex\b/.test(value))
  if (expected.noIndex && !noIndex) problems.push('is kept out of search engines but has no robots noindex')
  if (!expected.noIndex && noIndex) problems.push('says robots noindex but belongs in search engines')

  const tag = (name: string) => single(problems, name, page.social.get(name) ?? [])
  same(problems, 'og:title', tag('og:title'), title)
  same(problems, 'og:description', tag('og:description'), description)
  same(problems, 'og:url', tag('og:url'), url)
  same(problems, 'og:type', tag('og:type'), expected.ogType)
  tag('og:site_name')
  const image = tag('og:image')
  if (image !== undefined && !image.startsWith(`${expected.origin}/`)) {
    problems.push(`og:image ${image} is not an absolute URL on ${expected.origin}`)
  }
  const card = tag('twitter:card')
  if (card !== undefined && !['summary', 'summary_large_image'].includes(card)) {
    problems.push(`twitter:card is "${card}", not summary or summary_large_image`)
  }
  same(problems, 'twitter:title', tag('twitter:title'), title)
  same(problems, 'twitter:description', tag('twitter:description'), description)
  same(problems, 'twitter:image', tag('twitter:image'), image)

  const types: string[] = []
  page.jsonLd.forEach(({ data, problem }, index) => {
    if (!data) return problems.push(`JSON-LD block ${index + 1} ${problem}`)
    types.push(String(data['@type']))
    problems.push(...structuredDataProblems(data, { origin: expected.origin }))
  })
  for (const type of expected.structuredData) {
    if (!types.includes(type)) problems.push(`no ${type} JSON-LD`)
  }
  for (const type of new Set(types)) {
    if (types.filter((other) => other === type).length > 1) problems.push(`${type} JSON-LD more than once`)
  }
  return problems
}

/** Titles and descriptions that more than one page uses: each page must have its own. */
export function duplicateProblems(pages: readonly PageMetadata[]): string[] {
  const problems: string[] = []
  for (const [what, valuesOf] of [
    ['title', (page: PageMetadata) => page.titles],
    ['description', (page: PageMetadata) => page.descriptions],
  ] as const) {
    const pathsByValue = new Map<string, string[]>()
    for (const page of pages) {
      for (const value of new Set(valuesOf(page)))
        pathsByValue.set(value, [...(pathsByValue.get(value) ?? []), page.path])
    }
    for (const [value, paths] of pathsByValue) {
      if (paths.length > 1) problems.push(`the ${what} "${value}" is on ${paths.length} pages: ${paths.join(', ')}`)
    }
  }
  return problems
}
