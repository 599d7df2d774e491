/**
 * The structured-data gate (docs/decisions/022-release-gates.md): every
 * JSON-LD object of a page carries what Google's documentation marks as
 * required or recommended for its type, and its links stay on the site.
 * Pure functions over parsed JSON; tests/e2e/metadata.spec.ts runs them on
 * every page.
 */

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''
const isDate = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/.test(value)

/** Checks of one object: each returns problems, worded "<property> ...". */
type Check = (node: Json, context: Context) => string[]

interface Context {
  /** The site's origin (SITE_ORIGIN): every URL in the data must be on it, except external profiles. */
  origin: string
}

function text(property: string): Check {
  return (node) => (isText(node[property]) ? [] : [`"${property}" missing or empty`])
}

function siteUrl(property: string): Check {
  return (node, { origin }) => {
    const value = node[property]
    if (!isText(value)) return [`"${property}" missing or empty`]
    return value === origin || value.startsWith(`${origin}/`) ? [] : [`"${property}" ${value} is not on ${origin}`]
  }
}

function date(property: string): Check {
  return (node) => (isDate(node[property]) ? [] : [`"${property}" missing or not an ISO 8601 date`])
}

/** A nested object (an author, a provider) with checks of its own. */
function nested(property: string, checks: Check[]): Check {
  return (node, context) => {
    const value = node[property]
    if (!isObject(value)) return [`"${property}" missing or not an object`]
    return checks.flatMap((check) => check(value, context)).map((problem) => `"${property}" ${problem}`)
  }
}

const organizationChecks: Check[] = [text('name'), siteUrl('url')]

// Article, BlogPosting: Google lists no required property and recommends
// author (name, url), dateModified, datePublished, headline and image. A
// case study has no publication date in its copy, so dates are required of
// blog posts and checked wherever they are given.
const articleChecks: Check[] = [
  text('headline'),
  siteUrl('image'),
  nested('author', [text('name'), siteUrl('url')]),
  nested('publisher', organizationChecks),
  (node, context) =>
    ['datePublished', 'dateModified'].flatMap((property) => (property in node ? date(property)(node, context) : [])),
  (node) =>
    isDate(node.datePublished) && isDate(node.dateModified) && String(node.dateModified) < String(node.datePublished)
      ? ['"dateModified" is before "datePublished"']
      : [],
]

/**
 * An `itemListElement` of ListItems at positions 1, 2, 3..., each named and
 * linking (through `link`: `item` in a breadcrumb, `url` in a list of pages)
 * to a page of the site.
 */
function listItems(link: 'item' | 'url', { lastMayOmitLink = false } = {}): Check {
  return (node, context) => {
    const items = node.itemListElement
    if (!Array.isArray(items) || items.length === 0) return ['"itemListElement" missing or empty']
    return items.flatMap((item: unknown, index) => {
      const where = `"itemListElement"[${index}]`
      if (!isObject(item)) return [`${where} is not an object`]
      const problems = [
        ...(item['@type'] === 'ListItem' ? [] : [`${where} is not a ListItem`]),
        ...(item.position === index + 1 ? [] : [`${where} has position ${String(item.position)}, not ${index + 1}`]),
        ...text('name')(item, context).map((problem) => `${where} ${problem}`),
      ]
      if (!lastMayOmitLink || index < items.length - 1 || link in item) {
        problems.push(...siteUrl(link)(item, context).map((problem) => `${where} ${problem}`))
      }
      return problems
    })
  }
}

// Google allows the last crumb, the page itself, without an item.
const breadcrumbChecks: Check[] = [listItems('item', { lastMayOmitLink: true })]

/** What each type must carry. A type not listed here fails: add its rules when a page starts using it. */
export const requirements: Record<string, Check[]> = {
  Organization: [...organizationChecks, siteUrl('logo')],
  WebSite: [text('name'), siteUrl('url')],
  BreadcrumbList: breadcrumbChecks,
  Article: articleChecks,
  BlogPosting: [...articleChecks, date('datePublished'), date('dateModified')],
  // A page listing other pages (a blog topic): Google reads the list as an
  // ItemList of ListItems with position and url.
  CollectionPage: [
    text('name'),
    siteUrl('url'),
    nested('mainEntity', [(list) => (list['@type'] === 'ItemList' ? [] : ['is not an ItemList']), listItems('url')]),
  ],
  // Service: no rich result of Google's; schema.org's core: what, by whom, where.
  Service: [
    text('name'),
    (node) => (isText(node.serviceType) || isText(node.description) ? [] : ['neither "serviceType" nor "description"']),
    nested('provider', organizationChecks),
    nested('areaServed', [text('name'), (area) => (isText(area['@type']) ? [] : ['"@type" missing'])]),
  ],
}

/** A JSON-LD block of a page, as written in its `<script type="application/ld+json">`. */
export function parseJsonLd(source: string): { data?: Json; problem?: string } {
  try {
    const data: unknown = JSON.parse(source)
    return isObject(data) ? { data } : { problem: 'is not a JSON object' }
  } catch (error) {
    return { problem: `does not parse: ${(error as Error).message}` }
  }
}

/** What is wrong with one JSON-LD object; empty when nothing is. */
export function structuredDataProblems(data: Json, context: Context): string[] {
  const type = data['@type']
  const label = typeof type === 'string' ? type : 'JSON-LD'
  const problems: string[] = []
  if (data['@context'] !== 'https://schema.org') problems.push('"@context" is not "https://schema.org"')
  if (typeof type !== 'string') return [...problems, '"@type" missing'].map((problem) => `${label}: ${problem}`)
  const checks = requirements[type]
  if (!checks) problems.push(`no rules for the type ${type} in tests/gates/structured-data.ts`)
  else problems.push(...checks.flatMap((check) => check(data, context)))
  return [...new Set(problems)].map((problem) => `${label}: ${problem}`)
}
