import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { marked } from 'marked'
import type { z } from 'zod'
import { site } from '#app/lib/site.ts'
import {
  caseStudies,
  findPage,
  industries,
  locations,
  pages,
  services,
  slugOf,
  type PageEntry,
} from '#app/lib/registry.ts'
import {
  articleSchema,
  caseStudySchema,
  citySchema,
  pageSchema,
  serviceSchema,
  type ArticleFrontmatter,
  type CaseStudyFrontmatter,
  type CityFrontmatter,
  type PageFrontmatter,
  type Section,
  type ServiceFrontmatter,
} from './schemas.ts'
import { contentFileOf, contentFolders, parseFrontmatter } from './files.ts'
import type {
  ArticleContent,
  Card,
  CaseStudyContent,
  CityContent,
  PageContent,
  ResolvedSection,
  ServiceContent,
} from './types.ts'

/**
 * Reads content/ once per process, checks every file against its schema and
 * against the registry, and hands loaders plain data with Markdown already
 * turned into HTML. Any problem throws a ContentError naming the file and the
 * field; the build calls loadContent() first, so a bad file stops it.
 */

export class ContentError extends Error {
  override name = 'ContentError'
}

interface Parsed<T> {
  file: string
  data: T
  html: string
  words: number
}

const root = path.resolve(process.cwd(), 'content')

function parseFile<S extends z.ZodType>(file: string, schema: S, contentRoot: string): Parsed<z.output<S>> {
  const source = readFileSync(path.join(contentRoot, '..', file), 'utf8')
  let front: { data: unknown; content: string }
  try {
    front = parseFrontmatter(source)
  } catch (error) {
    throw new ContentError(`${file}: frontmatter is not valid YAML: ${(error as Error).message}`)
  }
  const result = schema.safeParse(front.data ?? {})
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(frontmatter)'
      return `field "${field}": ${issue.message}`
    })
    throw new ContentError(`${file}: ${problems.join('; ')}`)
  }
  const body = front.content.trim()
  return { file, data: result.data, html: renderMarkdown(body, file), words: countWords(body) }
}

export function countWords(markdown: string): number {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`|[\]()-]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

/**
 * Markdown to HTML. Links may go to pages of the registry, #anchors, https://
 * addresses (opened in a new tab) or the named destinations `booking` and
 * `email`, as in link fields; anything else is an error.
 */
export function renderMarkdown(markdown: string, file: string): string {
  if (markdown === '') return ''
  const html = marked.parse(markdown, { async: false, gfm: true })
  // A table column without a heading leaves screen-reader users guessing.
  if (/<th[^>]*>\s*<\/th>/.test(html)) throw new ContentError(`${file}: a table has an empty header cell`)
  return html.replace(/<a href="([^"]*)"/g, (_, href: string) => {
    if (href === 'booking') return `<a href="${site.bookingUrl}" target="_blank" rel="noopener noreferrer"`
    if (href === 'email') return `<a href="mailto:${site.email}"`
    if (href.startsWith('https://')) return `<a href="${href}" target="_blank" rel="noopener noreferrer"`
    if (href.startsWith('#') || href.startsWith('mailto:')) return `<a href="${href}"`
    if (href.startsWith('/') && findPage(href.split(/[?#]/)[0] ?? '')) return `<a href="${href}"`
    throw new ContentError(
      `${file}: link "${href}" must be a page of the site, an #anchor, an https:// address, "booking" or "email"`,
    )
  })
}

function requireSlugs(file: string, field: string, slugs: string[], family: PageEntry[]) {
  for (const slug of slugs) {
    if (!family.some((entry) => slugOf(entry.path) === slug)) {
      throw new ContentError(`${file}: field "${field}": "${slug}" is not one of ${family.map((e) => slugOf(e.path)).join(', ')}`)
    }
  }
}

function cardOf(entry: PageEntry, body: string, extra: Partial<Card> = {}): Card {
  return { title: entry.name, body, href: entry.path, ...extra }
}

export function emptyContent(): Content {
  return { pages: new Map(), services: new Map(), caseStudies: new Map(), cities: new Map(), articles: new Map() }
}

export interface Content {
  pages: Map<string, Parsed<PageFrontmatter>>
  services: Map<string, Parsed<ServiceFrontmatter>>
  caseStudies: Map<string, Parsed<CaseStudyFrontmatter>>
  cities: Map<string, Parsed<CityFrontmatter>>
  articles: Map<string, Parsed<ArticleFrontmatter>>
}

/**
 * Parses and checks every content file. Files without a registry page, and
 * registry pages without a file, are errors too.
 */
export function loadContent(contentRoot = root): Content {
  const problems: string[] = []
  const attempt = (work: () => void) => {
    try {
      work()
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      problems.push(error.message)
    }
  }

  const expected = new Set(pages.map(contentFileOf))
  for (const folder of Object.values(contentFolders)) {
    for (const file of listMarkdown(path.join(contentRoot, folder))) {
      const relative = `content/${folder}/${file}`
      if (!expected.has(relative)) {
        problems.push(`${relative}: no page of the registry (app/lib/registry.ts) uses this file`)
      }
    }
  }

  const content = emptyContent()
  for (const entry of pages) {
    attempt(() => loadEntry(content, entry, contentRoot))
  }
  if (problems.length === 0) attempt(() => checkUniqueMetadata(content))
  if (problems.length > 0) throw new ContentError(problems.join('\n'))
  return content
}

/** Parses and checks the file of one registry page into `content`. */
export function loadEntry(content: Content, entry: PageEntry, contentRoot = root) {
  const file = contentFileOf(entry)
  if (!existsSync(path.join(contentRoot, '..', file))) {
    throw new ContentError(`${file}: missing; the registry lists ${entry.path}`)
  }
  switch (entry.template) {
    case 'page':
      content.pages.set(entry.path, parseFile(file, pageSchema, contentRoot))
      return
    case 'service': {
      const parsed = parseFile(file, serviceSchema, contentRoot)
      requireSlugs(file, 'caseStudies', parsed.data.caseStudies, caseStudies)
      content.services.set(entry.path, parsed)
      return
    }
    case 'case-study': {
      const parsed = parseFile(file, caseStudySchema, contentRoot)
      requireSlugs(file, 'services', parsed.data.services, services)
      content.caseStudies.set(entry.path, parsed)
      return
    }
    case 'location': {
      const parsed = parseFile(file, citySchema, contentRoot)
      requireSlugs(file, 'services', parsed.data.services, services)
      content.cities.set(entry.path, parsed)
      return
    }
    case 'article': {
      const parsed = parseFile(file, articleSchema, contentRoot)
      const needed = parsed.data.readTime * 150
      if (parsed.words < needed) {
        throw new ContentError(
          `${file}: field "readTime": ${parsed.data.readTime} min needs at least ${needed} words of body, it has ${parsed.words}`,
        )
      }
      content.articles.set(entry.path, parsed)
      return
    }
  }
}

function checkUniqueMetadata(content: Content) {
  const seen = new Map<string, string>()
  const all = [
    ...content.pages.values(),
    ...content.services.values(),
    ...content.caseStudies.values(),
    ...content.cities.values(),
    ...content.articles.values(),
  ]
  for (const { file, data } of all) {
    for (const [field, value] of [
      ['title', data.title],
      ['description', data.description],
    ] as const) {
      const key = `${field}:${value.toLowerCase()}`
      const other = seen.get(key)
      if (other) throw new ContentError(`${file}: field "${field}" repeats the one in ${other}; every page needs its own`)
      seen.set(key, file)
    }
  }
}

function listMarkdown(dir: string, prefix = ''): string[] {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    if (entry.isDirectory()) return listMarkdown(path.join(dir, entry.name), `${prefix}${entry.name}/`)
    return entry.name.endsWith('.md') ? [`${prefix}${entry.name}`] : []
  })
}

let cached: Content | undefined
function content(): Content {
  cached ??= loadContent()
  return cached
}

function must<T>(map: Map<string, T>, pagePath: string, family: string): T {
  const found = map.get(pagePath)
  if (!found) throw new ContentError(`No ${family} content for ${pagePath}`)
  return found
}

/** Articles, newest first. */
export function articleCards(limit?: number): Card[] {
  const sorted = [...content().articles.entries()].sort(([, a], [, b]) => b.data.date.localeCompare(a.data.date))
  return sorted.slice(0, limit).map(([articlePath, { data }]) =>
    cardOf(findPage(articlePath)!, data.description, { title: data.title, meta: data.category }),
  )
}

function collectionCards(collection: Extract<Section, { type: 'collection' }>['collection'], limit?: number): Card[] {
  const c = content()
  switch (collection) {
    case 'services':
      return services.slice(0, limit).map((e) => {
        const { data } = must(c.services, e.path, 'service')
        return cardOf(e, data.summary, { icon: data.icon })
      })
    case 'case-studies':
      return caseStudies.slice(0, limit).map((e) => {
        const { data } = must(c.caseStudies, e.path, 'case study')
        return cardOf(e, data.summary, { title: data.heading, meta: data.industry })
      })
    case 'locations':
      return locations.slice(0, limit).map((e) => {
        const { data } = must(c.cities, e.path, 'city')
        return cardOf(e, data.summary, { meta: data.region, icon: 'map-pin' })
      })
    case 'industries':
      return industries.slice(0, limit).map((e) => {
        const { data } = must(c.pages, e.path, 'industry')
        return cardOf(e, data.description, { title: data.heading })
      })
    case 'articles':
      return articleCards(limit)
  }
}

export function getPage(pagePath: string): PageContent {
  const { data, html, file } = must(content().pages, pagePath, 'page')
  const sections = data.sections.map((section): ResolvedSection => {
    if (section.type === 'collection') return { ...section, cards: collectionCards(section.collection, section.limit) }
    if (section.type === 'prose') return { ...section, html: renderMarkdown(section.body, file) }
    return section
  })
  return { ...data, html, sections }
}

function serviceCards(slugs: string[]): Card[] {
  return slugs.map((slug) => {
    const entry = findPage(`/services/${slug}`)!
    const { data } = must(content().services, entry.path, 'service')
    return cardOf(entry, data.summary, { icon: data.icon })
  })
}

export function getService(pagePath: string): ServiceContent {
  const { data, html } = must(content().services, pagePath, 'service')
  const related = data.caseStudies.map((slug) => {
    const entry = findPage(`/case-studies/${slug}`)!
    const study = must(content().caseStudies, entry.path, 'case study').data
    return cardOf(entry, study.summary, { title: study.heading, meta: study.industry })
  })
  return { ...data, name: findPage(pagePath)!.name, html, related }
}

export function getCaseStudy(pagePath: string): CaseStudyContent {
  const { data, html } = must(content().caseStudies, pagePath, 'case study')
  return { ...data, name: findPage(pagePath)!.name, html, serviceLinks: serviceCards(data.services) }
}

export function getCity(pagePath: string): CityContent {
  const { data, html } = must(content().cities, pagePath, 'city')
  return { ...data, html, serviceLinks: serviceCards(data.services) }
}

export function getArticle(pagePath: string): ArticleContent {
  const { data, html, words } = must(content().articles, pagePath, 'article')
  return { ...data, name: findPage(pagePath)!.name, slug: slugOf(pagePath), html, wordCount: words }
}

/**
 * The "Continue Reading" cards of an article: three others, those of the
 * same category first, then the newest.
 */
export function relatedArticles(pagePath: string, count = 3): Card[] {
  const current = must(content().articles, pagePath, 'article').data
  const others = [...content().articles.entries()].filter(([otherPath]) => otherPath !== pagePath)
  const ranked = others.sort(([, a], [, b]) => {
    const sameA = a.data.category === current.category ? 0 : 1
    const sameB = b.data.category === current.category ? 0 : 1
    return sameA - sameB || b.data.date.localeCompare(a.data.date)
  })
  return ranked
    .slice(0, count)
    .map(([otherPath, { data }]) =>
      cardOf(findPage(otherPath)!, data.description, { title: data.title, meta: `${data.category} · ${data.readTime} min read` }),
    )
}

/** Publication dates of the articles, for /sitemap.xml. */
export function articleDates(): Map<string, string> {
  return new Map([...content().articles].map(([articlePath, { data }]) => [articlePath, data.date]))
}

