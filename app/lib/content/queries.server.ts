import { getCollection, render, type CollectionEntry } from 'astro:content'
import {
  articles,
  caseStudies,
  categories,
  contentIdOf,
  industries,
  locations,
  page,
  pages,
  services,
  slugOf,
  type CollectionName,
  type PageEntry,
} from '#app/lib/site/registry.ts'
import type { ImageMetadata } from 'astro'
import { illustrationPath } from '#app/lib/content/illustrations.ts'
import { topicOf } from './categories.ts'
import { LOGO_WIDTHS, MEDIA_WIDTHS, TEAM_PHOTO_SIZE } from './picture-sizes.ts'
import { pictureOf } from './pictures.server.ts'
import { ContentError } from './loader.ts'
import { countWords, type Heading } from './markdown.ts'
import { parseFigure, type CaseStudyResult, type ContentReference, type Section } from './schemas.ts'
import type {
  ArticleAuthor,
  ArticleContent,
  ArticleSummary,
  Card,
  CategoryContent,
  CategoryLink,
  CaseStudyContent,
  CityContent,
  ContentsEntry,
  WithContents,
  PageContent,
  ResolvedSection,
  ResultFigure,
  ServiceContent,
  TeamMember,
  Testimonial,
  Client,
} from './types.ts'

// What the page shells ask of the content: one getter per route module, given
// the page's registry entry, and the cards that overview sections list. The
// content comes from the collections (app/content.config.ts), checked when
// Astro loaded them (./loader.ts).

/** One page's entry, as the queries read it. */
interface Parsed<K extends CollectionName> {
  entry: PageEntry
  data: CollectionEntry<K>['data']
  /** The Markdown body as HTML ("" when the file has none). */
  html: string
  /** Words in the body, for read times. */
  words: number
  /** The body's headings, from Astro's `render()`. */
  headings: Heading[]
}

/** Every page's entry, by collection and then by path. */
type Content = { [K in CollectionName]: Map<string, Parsed<K>> }

async function load(): Promise<Content> {
  const byId = new Map(pages.map((entry) => [`${entry.collection}/${contentIdOf(entry)}`, entry]))
  const loaded = await Promise.all(
    [...new Set(pages.map((entry) => entry.collection))].map(async (name) => {
      // Every file has its page (./loader.ts), but an article not yet published
      // (a draft, or dated after the build: app/lib/site/article-files.ts), which no page shows.
      const published = (await getCollection(name)).filter((item) => byId.has(`${name}/${item.id}`))
      const entries = await Promise.all(
        published.map(async (item) => {
          const entry = byId.get(`${name}/${item.id}`)!
          const { headings } = await render(item)
          const html = item.rendered?.html ?? ''
          return [entry.path, { entry, data: item.data, html, words: countWords(item.body ?? ''), headings }] as const
        }),
      )
      return [name, new Map(entries)] as const
    }),
  )
  return Object.fromEntries(loaded) as unknown as Content
}

let cached: Promise<Content> | undefined

/** The collections, read once per build; under `astro dev` on every request, as Astro reloads them. */
function content(): Promise<Content> {
  if (import.meta.env.MODE === 'development') return load()
  cached ??= load()
  return cached
}

/** The entry of a page, from the collection the page names. */
function read<K extends CollectionName>(all: Content, entry: PageEntry, collection: K): Parsed<K> {
  const found = entry.collection === collection ? all[collection].get(entry.path) : undefined
  if (!found) throw new ContentError(`No ${collection} content for ${entry.path} (its collection is ${entry.collection})`)
  return found as Parsed<K>
}

/** The registry page of the file a reference names (the loader has checked there is one). */
const pageOf = ({ collection, id }: ContentReference) =>
  pages.find((entry) => entry.collection === collection && contentIdOf(entry) === id)!

function cardOf(entry: PageEntry, body: string, extra: Partial<Card> = {}): Card {
  return { title: entry.name, body, href: entry.path, ...extra }
}

function serviceCard(all: Content, entry: PageEntry): Card {
  const { data } = read(all, entry, 'services')
  return cardOf(entry, data.summary, { icon: data.icon })
}

function caseStudyCard(all: Content, entry: PageEntry): Card {
  const { data } = read(all, entry, 'case-studies')
  return cardOf(entry, data.summary, { title: data.heading, meta: data.industry })
}

/** Articles, newest first. */
function articlesByDate(all: Content) {
  return articles.map((entry) => read(all, entry, 'blog')).sort((a, b) => b.data.date.localeCompare(a.data.date))
}

/** Articles as cards, newest first. */
function articleCards(all: Content, limit?: number): Card[] {
  return articlesByDate(all)
    .slice(0, limit)
    .map(({ entry, data }) => cardOf(entry, data.description, { title: data.title, meta: data.category }))
}

const collectionCards: Record<
  Extract<Section, { type: 'collection' }>['collection'],
  (all: Content, limit?: number) => Card[]
> = {
  services: (all, limit) => services.slice(0, limit).map((entry) => serviceCard(all, entry)),
  'case-studies': (all, limit) => caseStudies.slice(0, limit).map((entry) => caseStudyCard(all, entry)),
  locations: (all, limit) =>
    locations.slice(0, limit).map((entry) => {
      const { data } = read(all, entry, 'cities')
      return cardOf(entry, data.summary, { meta: data.region, icon: 'map-pin' })
    }),
  industries: (all, limit) =>
    industries.slice(0, limit).map((entry) => {
      const { data } = read(all, entry, 'pages')
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
function resultHighlights(all: Content): PageContent['results'] {
  return caseStudies.map((entry) => {
    const { value, label, before } = read(all, entry, 'case-studies').data.results[0]!
    return { value: before ? `${before} → ${value}` : value, label: `${entry.name}: ${label}` }
  })
}

/** The people of the team page (content/team/), in their `order`, with their photos through the image pipeline. */
export async function teamMembers(): Promise<TeamMember[]> {
  const files = (await getCollection('team')).sort((a, b) => a.data.order - b.data.order)
  return Promise.all(
    files.map(async ({ id, data: { photo, order: _order, ...member } }) => ({
      slug: id,
      ...member,
      ...(photo ? { photo: await pictureOf(photo as ImageMetadata, { square: TEAM_PHOTO_SIZE }) } : {}),
    })),
  )
}

/** An article's author (content/team/<slug>.yaml), as the article names them. */
export async function articleAuthor(author: ContentReference<'team'>): Promise<ArticleAuthor> {
  const member = (await getCollection('team')).find((file) => file.id === author.id)
  if (!member) throw new ContentError(`No member of the team is called ${author.id} (content/team/${author.id}.yaml)`)
  const { name, role, bio } = member.data
  return { slug: author.id, name, role, bio }
}

/** What clients said, named and with the day they agreed: the most recent consent first. */
export async function testimonials(): Promise<Testimonial[]> {
  const files = (await getCollection('testimonials')).sort((a, b) => b.data.consented.localeCompare(a.data.consented))
  return Promise.all(
    files.map(async ({ data: { photo, consented: _consented, ...said } }) => ({
      ...said,
      ...(photo ? { photo: await pictureOf(photo as ImageMetadata, { square: TEAM_PHOTO_SIZE }) } : {}),
    })),
  )
}

/** The clients who let us name them, by name; a client without `permission` is never shown. */
export async function namedClients(): Promise<Client[]> {
  const files = (await getCollection('clients')).filter((client) => client.data.permission)
  return Promise.all(
    files
      .sort((a, b) => a.data.name.localeCompare(b.data.name))
      .map(async ({ data: { logo, permission: _permission, ...client } }) => ({
        ...client,
        ...(logo ? { logo: await pictureOf(logo as ImageMetadata, { widths: LOGO_WIDTHS, width: LOGO_WIDTHS[0]! }) } : {}),
      })),
  )
}

/** A page block with what it lists filled in; a list of clients or testimonials with nobody in it is no block. */
async function resolved(all: Content, section: Section): Promise<ResolvedSection | undefined> {
  switch (section.type) {
    case 'collection':
      return { ...section, cards: collectionCards[section.collection](all, section.limit) }
    case 'team':
      return { ...section, members: await teamMembers() }
    case 'testimonials': {
      const found = await testimonials()
      return found.length > 0 ? { ...section, testimonials: found } : undefined
    }
    case 'clients': {
      const found = await namedClients()
      return found.length > 0 ? { ...section, clients: found } : undefined
    }
    default:
      return section
  }
}

/** A top-level page: its header, its Markdown body and its blocks, with collection cards and the team's people filled in. */
export async function getPage(entry: PageEntry): Promise<PageContent> {
  const all = await content()
  const { data, html } = read(all, entry, 'pages')
  const sections = (await Promise.all(data.sections.map((section) => resolved(all, section)))).filter(
    (section) => section !== undefined,
  )
  return { ...data, name: entry.name, html, sections, ...(data.resultsPanel ? { results: resultHighlights(all) } : {}) }
}

/** What ContentPage renders of a registry page: its path and content. */
export async function contentPageData(entry: PageEntry): Promise<{ path: string; page: PageContent }> {
  return { path: entry.path, page: await getPage(entry) }
}

/** The table of contents of a long body: its h2 headings (app/components/reading-layout.tsx). */
const contentsOf = (headings: Parsed<CollectionName>['headings']): ContentsEntry[] =>
  headings.filter((heading) => heading.depth === 2).map(({ slug, text }) => ({ id: slug, text }))

export async function getService(entry: PageEntry): Promise<ServiceContent & WithContents> {
  const all = await content()
  const { data, html, headings } = read(all, entry, 'services')
  const related = data.caseStudies.map((study) => caseStudyCard(all, pageOf(study)))
  return { ...data, name: entry.name, html, contents: contentsOf(headings), related }
}

export async function getCaseStudy(entry: PageEntry): Promise<CaseStudyContent> {
  const all = await content()
  const { data, html } = read(all, entry, 'case-studies')
  const { media = [], ...study } = data
  return {
    ...study,
    name: entry.name,
    html,
    results: data.results.map(resultFigure),
    serviceLinks: data.services.map((service) => serviceCard(all, pageOf(service))),
    media: await Promise.all(
      media.map(async ({ image, alt, caption }) => ({
        picture: await pictureOf(image as ImageMetadata, { widths: MEDIA_WIDTHS, width: MEDIA_WIDTHS[1]! }),
        alt,
        caption,
      })),
    ),
  }
}

export async function getCity(entry: PageEntry): Promise<CityContent> {
  const all = await content()
  const { data, html } = read(all, entry, 'cities')
  return { ...data, name: entry.name, html, serviceLinks: data.services.map((service) => serviceCard(all, pageOf(service))) }
}

export async function getArticle(entry: PageEntry): Promise<ArticleContent & WithContents> {
  const { data, html, words, headings } = read(await content(), entry, 'blog')
  return { ...data, name: entry.name, slug: slugOf(entry.path), html, wordCount: words, contents: contentsOf(headings) }
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
export async function relatedArticles(entry: PageEntry, count = 3): Promise<Card[]> {
  const all = articlesByDate(await content())
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
export async function feedItems(): Promise<FeedItem[]> {
  return articlesByDate(await content()).map(({ entry, data }) => ({
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
export async function articleDates(): Promise<Map<string, string>> {
  const all = await content()
  return new Map(
    articles.map((entry) => {
      const { data } = read(all, entry, 'blog')
      return [entry.path, data.updated ?? data.date]
    }),
  )
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** "2025-01-15" -> "January 15, 2025". */
export function formatDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`))
}

/** Articles newest first, all of them or those of one topic, as the blog lists them. */
export async function articleSummaries(topic?: string): Promise<ArticleSummary[]> {
  return summariesOf(await content(), topic)
}

function summariesOf(all: Content, topic?: string): ArticleSummary[] {
  return articlesByDate(all)
    .filter(({ data }) => topic === undefined || topicOf(data.category).name === topic)
    .map(({ entry, data }) => ({
      path: entry.path,
      title: data.title,
      description: data.description,
      category: data.category,
      date: data.date,
      dateLabel: formatDate(data.date),
      ...(data.updated ? { updated: data.updated, updatedLabel: formatDate(data.updated) } : {}),
      readTime: data.readTime,
      popular: data.popular ?? false,
    }))
}

/** The blog's topic list: "All articles", then every topic with its number of articles, by name. */
export async function categoryLinks(): Promise<CategoryLink[]> {
  return categoryLinksOf(await content())
}

function categoryLinksOf(all: Content): CategoryLink[] {
  const counts = new Map<string, number>()
  for (const entry of articles) {
    const topic = topicOf(read(all, entry, 'blog').data.category).name
    counts.set(topic, (counts.get(topic) ?? 0) + 1)
  }
  const topics = categories
    .map((entry) => ({ name: entry.name, path: entry.path, count: counts.get(entry.name) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name))
  return [{ name: 'All articles', path: page('/blog').path }, ...topics]
}

export async function getCategory(entry: PageEntry): Promise<CategoryContent> {
  const all = await content()
  const { data, html } = read(all, entry, 'categories')
  return {
    ...data,
    name: entry.name,
    html,
    articles: summariesOf(all, data.topic),
    categories: categoryLinksOf(all),
    serviceLink: data.service ? serviceCard(all, pageOf(data.service)) : undefined,
  }
}

/** What the blog's search looks through beyond the list itself: each article's h2 and h3 headings, by path. */
export async function searchHeadings(): Promise<Record<string, string[]>> {
  const all = await content()
  return Object.fromEntries(
    articles.map((entry) => [
      entry.path,
      read(all, entry, 'blog').headings.flatMap(({ depth, text }) => (depth === 2 || depth === 3 ? [text] : [])),
    ]),
  )
}
