import {
  articles,
  caseStudies,
  categories,
  industries,
  locations,
  page,
  services,
  slugOf,
  type CollectionName,
  type PageEntry,
} from '#app/lib/registry.ts'
import { illustrationPath } from '#app/lib/illustrations.ts'
import { headingText } from '#app/lib/reading-contents.ts'
import { content, type Content } from './collections.server.ts'
import { ContentError } from './files.ts'
import { parseFigure, type CaseStudyResult, type Section } from './schemas.ts'
import type {
  ArticleContent,
  ArticleSummary,
  Card,
  CategoryContent,
  CategoryLink,
  CaseStudyContent,
  CityContent,
  PageContent,
  ResolvedSection,
  ResultFigure,
  ServiceContent,
} from './types.ts'

// What loaders ask of the content: one getter per route module, given the
// page's registry entry, and the cards that overview sections list.

/** The parsed file of a page, from the collection the page names. */
function read<K extends CollectionName>(entry: PageEntry, collection: K): NonNullable<ReturnType<Content[K]['get']>> {
  const found = entry.collection === collection ? content()[collection].get(entry.path) : undefined
  if (!found) throw new ContentError(`No ${collection} content for ${entry.path} (its collection is ${entry.collection})`)
  return found as NonNullable<ReturnType<Content[K]['get']>>
}

function cardOf(entry: PageEntry, body: string, extra: Partial<Card> = {}): Card {
  return { title: entry.name, body, href: entry.path, ...extra }
}

function serviceCard(entry: PageEntry): Card {
  const { data } = read(entry, 'services')
  return cardOf(entry, data.summary, { icon: data.icon })
}

function caseStudyCard(entry: PageEntry): Card {
  const { data } = read(entry, 'case-studies')
  return cardOf(entry, data.summary, { title: data.heading, meta: data.industry })
}

/** Articles, newest first. */
function articlesByDate() {
  return articles.map((entry) => read(entry, 'blog')).sort((a, b) => b.data.date.localeCompare(a.data.date))
}

/** Articles as cards, newest first. */
export function articleCards(limit?: number): Card[] {
  return articlesByDate()
    .slice(0, limit)
    .map(({ entry, data }) => cardOf(entry, data.description, { title: data.title, meta: data.category }))
}

const collectionCards: Record<Extract<Section, { type: 'collection' }>['collection'], (limit?: number) => Card[]> = {
  services: (limit) => services.slice(0, limit).map(serviceCard),
  'case-studies': (limit) => caseStudies.slice(0, limit).map(caseStudyCard),
  locations: (limit) =>
    locations.slice(0, limit).map((entry) => {
      const { data } = read(entry, 'cities')
      return cardOf(entry, data.summary, { meta: data.region, icon: 'map-pin' })
    }),
  industries: (limit) =>
    industries.slice(0, limit).map((entry) => {
      const { data } = read(entry, 'pages')
      return cardOf(entry, data.description, { title: data.heading })
    }),
  articles: articleCards,
}

/**
 * A result as its card shows it: where the case study states the level a
 * measure started at, the two bars' lengths in percent of the longer
 * (the schema has checked that both are figures of one unit).
 */
function resultFigure(result: CaseStudyResult): ResultFigure {
  if (result.before === undefined) return result
  const before = parseFigure(result.before)!.number
  const after = parseFigure(result.value)!.number
  const longer = Math.max(before, after)
  return { ...result, bars: { before: Math.round((100 * before) / longer), after: Math.round((100 * after) / longer) } }
}

/** The first result of every case study, for the home page's results panel. */
function resultHighlights(): PageContent['results'] {
  return caseStudies.map((entry) => {
    const { value, label, before } = read(entry, 'case-studies').data.results[0]!
    return { value: before ? `${before} → ${value}` : value, label: `${entry.name}: ${label}` }
  })
}

/** A top-level page: its header, its Markdown body and its blocks, with collection cards filled in. */
export function getPage(entry: PageEntry): PageContent {
  const { data, html } = read(entry, 'pages')
  const sections = data.sections.map(
    (section): ResolvedSection =>
      section.type === 'collection' ? { ...section, cards: collectionCards[section.collection](section.limit) } : section,
  )
  return { ...data, name: entry.name, html, sections, ...(data.resultsPanel ? { results: resultHighlights() } : {}) }
}

/** What ContentPage renders of a registry page: its path and content. */
export function contentPageData(entry: PageEntry): { path: string; page: PageContent } {
  return { path: entry.path, page: getPage(entry) }
}

export function getService(entry: PageEntry): ServiceContent {
  const { data, html } = read(entry, 'services')
  const related = data.caseStudies.map((slug) => caseStudyCard(page(`/case-studies/${slug}`)))
  return { ...data, name: entry.name, html, related }
}

export function getCaseStudy(entry: PageEntry): CaseStudyContent {
  const { data, html } = read(entry, 'case-studies')
  return {
    ...data,
    name: entry.name,
    html,
    results: data.results.map(resultFigure),
    serviceLinks: data.services.map((slug) => serviceCard(page(`/services/${slug}`))) }
}

export function getCity(entry: PageEntry): CityContent {
  const { data, html } = read(entry, 'cities')
  return { ...data, name: entry.name, html, serviceLinks: data.services.map((slug) => serviceCard(page(`/services/${slug}`))) }
}

export function getArticle(entry: PageEntry): ArticleContent {
  const { data, html, words } = read(entry, 'blog')
  return { ...data, name: entry.name, slug: slugOf(entry.path), html, wordCount: words }
}

// Words too common in the articles' keywords and topics to say two of them
// share a subject.
const commonWords = new Set(['and', 'for', 'the', 'with', 'your', 'how', 'guide', 'strategy', 'marketing', '2024', '2025'])

/** The lower-case words of some phrases, without the common ones. */
function wordsOf(phrases: readonly string[]): Set<string> {
  const words = phrases.flatMap((phrase) => phrase.toLowerCase().split(/[^\p{L}\p{N}]+/u))
  return new Set(words.filter((word) => word.length > 2 && !commonWords.has(word)))
}

/** What relatedness is judged on: an article's frontmatter, or a test's stand-in for it. */
export interface ArticleSubject {
  category: string
  tags: readonly string[]
  keywords: readonly string[]
  /** YYYY-MM-DD */
  date: string
}

/**
 * The `count` articles most related to `current`, best first, never
 * `current` itself (docs/product.md#article-page). Those of its category come
 * first; then those that share most of its subject: each word they share
 * counts, five times if it is a topic word of both (the category and tags,
 * "Development" in "Mobile Development") rather than only of the keywords,
 * and divided by the number of other articles that use it, so a rare word
 * says more than a common one; then the newest. Equal scores go to the newer.
 */
export function mostRelated<T extends ArticleSubject>(current: T, articles: readonly T[], count: number): T[] {
  const subject = new Map(
    articles.map((article) => {
      const topics = wordsOf([article.category, ...article.tags])
      return [article, { topics, words: new Set([...topics, ...wordsOf(article.keywords)]) }]
    }),
  )
  const uses = new Map<string, number>()
  for (const { words } of subject.values()) for (const word of words) uses.set(word, (uses.get(word) ?? 0) + 1)
  const own = subject.get(current)
  if (!own) throw new Error('mostRelated: the current article is not among the articles')
  const score = (other: T) => {
    const theirs = subject.get(other)!
    let shared = 0
    for (const word of theirs.words) {
      if (!own.words.has(word)) continue
      const weight = own.topics.has(word) && theirs.topics.has(word) ? 5 : 1
      // Both use the word, so at least one article other than the current one does.
      shared += weight / (uses.get(word)! - 1)
    }
    return (other.category === current.category ? 1000 : 0) + shared
  }
  return articles
    .filter((other) => other !== current)
    .map((other) => ({ other, score: score(other) }))
    .sort((a, b) => b.score - a.score || b.other.date.localeCompare(a.other.date))
    .slice(0, count)
    .map(({ other }) => other)
}

/** The "Continue Reading" cards of an article: the three most related others. */
export function relatedArticles(entry: PageEntry, count = 3): Card[] {
  const all = articlesByDate()
  const current = all.find((article) => article.entry === entry)
  if (!current) throw new ContentError(`${entry.path} is not an article`)
  const byData = new Map(all.map((article) => [article.data, article.entry]))
  return mostRelated(
    current.data,
    all.map((article) => article.data),
    count,
  ).map((data) =>
    cardOf(byData.get(data)!, data.description, {
      title: data.title,
      meta: `${data.category} · ${data.readTime} min read`,
      image: illustrationPath(data.category),
    }),
  )
}

/** One article as the feed lists it. */
export interface FeedItem {
  path: string
  title: string
  description: string
  category: string
  /** YYYY-MM-DD */
  date: string
}

/** Every article, newest first, for /rss.xml. */
export function feedItems(): FeedItem[] {
  return articlesByDate().map(({ entry, data }) => ({
    path: entry.path,
    title: data.title,
    description: data.description,
    category: data.category,
    date: data.date,
  }))
}

/**
 * When each article last changed, by path, for /sitemap.xml's `<lastmod>`:
 * its `updated` date if a review changed it, else its publication date.
 */
export function articleDates(): Map<string, string> {
  return new Map(
    articles.map((entry) => {
      const { data } = read(entry, 'blog')
      return [entry.path, data.updated ?? data.date]
    }),
  )
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "2025-01-15" -> "January 15, 2025". */
export function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`))
}

/** Articles newest first, all of them or those of one category, as the blog lists them. */
export function articleSummaries(category?: string): ArticleSummary[] {
  return articlesByDate()
    .filter(({ data }) => category === undefined || data.category === category)
    .map(({ entry, data }) => ({
      path: entry.path,
      title: data.title,
      description: data.description,
      category: data.category,
      date: data.date,
      dateLabel: formatDate(data.date),
      readTime: data.readTime,
      popular: data.popular ?? false,
    }))
}

/** The blog's topic list: "All articles", then every category with its number of articles, by name. */
export function categoryLinks(): CategoryLink[] {
  const counts = new Map<string, number>()
  for (const entry of articles) {
    const { category } = read(entry, 'blog').data
    counts.set(category, (counts.get(category) ?? 0) + 1)
  }
  const topics = categories
    .map((entry) => ({ name: entry.name, path: entry.path, count: counts.get(entry.name) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return [{ name: 'All articles', path: page('/blog').path }, ...topics]
}

export function getCategory(entry: PageEntry): CategoryContent {
  const { data, html } = read(entry, 'categories')
  return {
    ...data,
    name: entry.name,
    html,
    articles: articleSummaries(data.category),
    categories: categoryLinks(),
    serviceLink: data.service ? serviceCard(page(`/services/${data.service}`)) : undefined,
  }
}

/** The text of the h2 and h3 headings of rendered HTML. */
function headingsOf(html: string): string[] {
  return [...html.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/g)].map(([, inner = '']) => headingText(inner))
}

/** What the blog's search looks through beyond the list itself: each article's headings, by path. */
export function searchHeadings(): Record<string, string[]> {
  return Object.fromEntries(articles.map((entry) => [entry.path, headingsOf(read(entry, 'blog').html)]))
}
