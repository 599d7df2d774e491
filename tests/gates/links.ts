import { attribute, findElements, fragmentTargets, parseHtml, parseSvg, textOf } from './html-dom.ts'

/**
 * The link gate (docs/decisions/022-release-gates.md): a crawler over the
 * site as the server sends it. From its start pages it follows every link,
 * asset and `#anchor` on the site, and records each one that does not answer
 * 200 directly (a redirect counts as broken: link to where it leads), each
 * `#anchor` without its target, and every link that leaves the site, which
 * is listed, never fetched. tests/e2e/links.spec.ts runs it.
 */

/** One answer of the server. */
export interface Fetched {
  status: number
  contentType: string
  /** The body of HTML and SVG answers, which the crawler reads; empty for others. */
  body: string
  location?: string
}

/** Fetches a path (with its query) of the site, without following redirects. */
export type Fetcher = (pathAndQuery: string) => Promise<Fetched>

export interface Link {
  /** The attribute's value, as written. */
  href: string
  /** Where the link points, resolved against its page; undefined when it is no URL. */
  url: URL | undefined
  /** A page to visit and read, or an asset to check (script, style, image, icon). */
  kind: 'page' | 'asset'
  /** The element and attribute it came from, e.g. `a[href]`, for the report. */
  source: string
}

// Attributes that hold one URL, by element. `form[action]` is left out: the
// site's forms post to the API, which answers GET with the not-found page.
const urlAttributes: readonly [element: string, attribute: string, kind: Link['kind']][] = [
  ['a', 'href', 'page'],
  ['area', 'href', 'page'],
  ['script', 'src', 'asset'],
  ['img', 'src', 'asset'],
  ['source', 'src', 'asset'],
  ['video', 'poster', 'asset'],
  ['iframe', 'src', 'page'],
  ['use', 'href', 'asset'],
  ['use', 'xlink:href', 'asset'],
  ['image', 'href', 'asset'],
]

// <link rel>: which ones point at something that must exist. Hints such as
// preconnect name a host, not a document.
const linkRels: Record<string, Link['kind']> = {
  canonical: 'page',
  alternate: 'asset',
  stylesheet: 'asset',
  icon: 'asset',
  'apple-touch-icon': 'asset',
  manifest: 'asset',
  preload: 'asset',
  modulepreload: 'asset',
  prefetch: 'asset',
}

// Social cards name the page and its image by absolute URL.
const metaUrls: Record<string, Link['kind']> = {
  'og:url': 'page',
  'og:image': 'asset',
  'twitter:image': 'asset',
}

/** Every link, asset and social URL in a page. */
export function linksOf(html: string, pageUrl: URL): Link[] {
  const document = parseHtml(html)
  const links: Link[] = []
  const add = (value: string | undefined, kind: Link['kind'], source: string) => {
    if (value === undefined) return
    let url: URL | undefined
    try {
      url = new URL(value.trim(), pageUrl)
    } catch {
      url = undefined
    }
    links.push({ href: value, url, kind, source })
  }
  for (const element of findElements(document, () => true)) {
    for (const [name, attributeName, kind] of urlAttributes) {
      if (element.name === name) add(attribute(element, attributeName), kind, `${name}[${attributeName}]`)
    }
    if (element.name === 'img' || element.name === 'source') {
      for (const candidate of (attribute(element, 'srcset') ?? '').split(',')) {
        const value = candidate.trim().split(/\s+/)[0]
        if (value) add(value, 'asset', `${element.name}[srcset]`)
      }
    }
    if (element.name === 'link') {
      for (const rel of (attribute(element, 'rel') ?? '').toLowerCase().split(/\s+/)) {
        const kind = linkRels[rel]
        if (kind) add(attribute(element, 'href'), kind, `link[rel=${rel}]`)
      }
    }
    if (element.name === 'meta') {
      const key = attribute(element, 'property') ?? attribute(element, 'name') ?? ''
      const kind = metaUrls[key]
      if (kind) add(attribute(element, 'content'), kind, `meta[${key}]`)
    }
    if (element.name === 'style') {
      for (const [, , value] of textOf(element).matchAll(/url\((['"]?)([^'")]+)\1\)/g)) {
        if (value && !value.startsWith('data:')) add(value, 'asset', 'style url()')
      }
    }
  }
  return links
}

export interface CrawlReport {
  /** Paths of the pages read, each answered 200 with HTML, in the order found. */
  pages: string[]
  /** Every URL checked on the site (pages, assets, anchors), once each. */
  checked: number
  /** "<page>: <source> <url>: <what is wrong>", one per broken link and page it is on. */
  broken: string[]
  /** Links that leave the site, each with the pages that carry it. */
  external: Map<string, Set<string>>
}

export interface Crawler {
  /** Crawls from these paths, reusing what earlier crawls fetched; the report covers every crawl so far. */
  crawl(starts: readonly { path: string; status?: number }[]): Promise<CrawlReport>
}

/**
 * A crawler over one site: `base` is where the server listens, `origin` the
 * site's public origin (SITE_ORIGIN), whose absolute URLs (canonical links,
 * social cards) are checked on the server too.
 */
export function createCrawler({
  base,
  origin,
  fetch,
  concurrency = 8,
}: {
  base: string
  origin: string
  fetch: Fetcher
  concurrency?: number
}): Crawler {
  const baseUrl = new URL(base)
  const answers = new Map<string, Promise<Fetched>>()
  const targetsOf = new Map<string, Set<string>>()
  const pages: string[] = []
  const read = new Set<string>()
  const broken: string[] = []
  const external = new Map<string, Set<string>>()
  let checked = 0

  /** The path and query on our server for a URL of the site; undefined for one elsewhere. */
  const local = (url: URL): string | undefined =>
    url.origin === baseUrl.origin || url.origin === new URL(origin).origin ? `${url.pathname}${url.search}` : undefined

  function get(pathAndQuery: string): Promise<Fetched> {
    let answer = answers.get(pathAndQuery)
    if (!answer) {
      checked += 1
      answer = fetch(pathAndQuery)
      answers.set(pathAndQuery, answer)
    }
    return answer
  }

  async function fragmentTargetsOf(pathAndQuery: string, answer: Fetched): Promise<Set<string>> {
    let targets = targetsOf.get(pathAndQuery)
    if (!targets) {
      targets = /svg/.test(answer.contentType)
        ? fragmentTargets(parseSvg(answer.body))
        : fragmentTargets(parseHtml(answer.body))
      targetsOf.set(pathAndQuery, targets)
    }
    return targets
  }

  /** What is wrong with a link of the site; undefined when nothing is. A link within its own page reads that page. */
  async function problemOf(
    link: Link,
    pathAndQuery: string,
    page: { path: string; answer: Fetched },
  ): Promise<string | undefined> {
    const own = pathAndQuery === page.path
    const answer = own ? page.answer : await get(pathAndQuery)
    if (!own && answer.status >= 300 && answer.status < 400) {
      return `redirects (${answer.status}) to ${answer.location ?? '?'}: link there directly`
    }
    if (!own && answer.status !== 200) return `answers ${answer.status}`
    if (link.href.trim().endsWith('#')) return 'ends in an empty "#", which leads nowhere'
    const fragment = decodeURIComponent(link.url?.hash.slice(1) ?? '')
    if (fragment === '' || fragment === 'top' || fragment.startsWith(':~:')) return undefined
    if (!/html|svg/.test(answer.contentType)) return `has an #anchor into ${answer.contentType}`
    return (await fragmentTargetsOf(pathAndQuery, answer)).has(fragment)
      ? undefined
      : `has no element with id "${fragment}"`
  }

  async function visit(path: string, status: number, queue: string[]): Promise<void> {
    const answer = await get(path)
    if (answer.status !== status) {
      broken.push(`${path}: start page answers ${answer.status}, not ${status}`)
      return
    }
    if (!/html/.test(answer.contentType)) return
    if (status === 200) pages.push(path)
    const pageUrl = new URL(path, baseUrl)
    const links = linksOf(answer.body, pageUrl)
    await Promise.all(
      links.map(async (link) => {
        const { url } = link
        if (!url) return broken.push(`${path}: ${link.source} "${link.href}": not a URL`)
        if (url.protocol === 'mailto:' || url.protocol === 'tel:' || !local(url)) {
          if (url.protocol === 'data:' || url.protocol === 'blob:') return
          if (url.protocol === 'javascript:')
            return broken.push(`${path}: ${link.source} ${url.href}: a javascript: URL`)
          const key = url.href
          return external.set(key, (external.get(key) ?? new Set()).add(path))
        }
        const target = local(url)!
        const problem = await problemOf(link, target, { path, answer })
        if (problem) return broken.push(`${path}: ${link.source} ${link.href}: ${problem}`)
        if (link.kind === 'page' && !read.has(target)) {
          read.add(target)
          queue.push(target)
        }
      }),
    )
  }

  return {
    async crawl(starts) {
      const queue: string[] = []
      for (const { path, status = 200 } of starts) {
        read.add(path)
        await visit(path, status, queue)
      }
      // Breadth first, a few pages at a time.
      while (queue.length > 0) {
        const batch = queue.splice(0, concurrency)
        await Promise.all(batch.map((path) => visit(path, 200, queue)))
      }
      return { pages: [...pages], checked, broken: [...new Set(broken)].sort(), external }
    },
  }
}
