// What loaders hand to the route modules: frontmatter (Markdown fields
// already rendered to HTML) plus what the queries add. Types only, so
// components can import them without pulling in zod or marked.
import type {
  ArticleFrontmatter,
  CaseStudyFrontmatter,
  CategoryFrontmatter,
  CityFrontmatter,
  IconName,
  PageFrontmatter,
  Section,
  ServiceFrontmatter,
} from './schemas.ts'

/** A section of a long body, as its table of contents links it: an h2 (app/components/reading-layout.tsx). */
export interface ContentsEntry {
  /** The heading's id (app/lib/content/markdown.ts). */
  id: string
  text: string
}

/** A long body's table of contents, beside the content of its page. */
export interface WithContents {
  contents: ContentsEntry[]
}

/** A card as overview sections and related blocks show it. */
export interface Card {
  title: string
  body: string
  href: string
  icon?: IconName
  /** A decorative picture above the title (an article's category illustration), 16:9. */
  image?: string
  /** Small label, e.g. an article's category or a city's state. */
  meta?: string
}

/** A page block as its component receives it: collection blocks come with their cards, the team block with its people. */
export type ResolvedSection =
  | Exclude<Section, { type: 'collection' | 'team' | 'testimonials' | 'clients' }>
  | (Extract<Section, { type: 'collection' }> & { cards: Card[] })
  | (Extract<Section, { type: 'team' }> & { members: TeamMember[] })
  | (Extract<Section, { type: 'testimonials' }> & { testimonials: Testimonial[] })
  | (Extract<Section, { type: 'clients' }> & { clients: Client[] })

/** What a client said (content/testimonials/<slug>.yaml), as the page shows it. */
export interface Testimonial {
  quote: string
  person: string
  role: string
  company: string
  photo?: Picture
}

/** A client who let us name them (content/clients/<slug>.yaml), as the page shows them. */
export interface Client {
  name: string
  link?: string
  logo?: Picture
}

/** One person of the team page (content/team/<slug>.yaml), as the page shows them. */
export interface TeamMember {
  /** Their file's name (content/team/<slug>.yaml): the id of their card on the team page. */
  slug: string
  name: string
  role: string
  bio: string
  focus?: string[]
  linkedin?: string
  /** Their photo through the image pipeline; without one, the picture drawn from their name. */
  photo?: Picture
}

/** Who wrote an article, as it names them under the title and introduces them after the text. */
export type ArticleAuthor = Pick<TeamMember, 'slug' | 'name' | 'role' | 'bio'>

/** Every registry page's content carries its short name from the registry. */
interface Named {
  name: string
  html: string
}

export interface PageContent extends Omit<PageFrontmatter, 'sections'>, Named {
  sections: ResolvedSection[]
  /**
   * With `resultsPanel`: the first result of every case study, its label
   * led by the case study's short name, its value "before → after" where the
   * case study states where the measure started.
   */
  results?: { value: string; label: string }[]
}

/** A case study's result as its card shows it (docs/product.md#case-studies). */
export interface ResultFigure {
  /** The figure as the case study states it: the level reached where `before` is given. */
  value: string
  label: string
  /** The level the measure started at, where the case study states it. */
  before?: string
  /** With `before`: the two bars' lengths, in percent of the longer. */
  bars?: { before: number; after: number }
}

export interface ServiceContent extends ServiceFrontmatter, Named {
  related: Card[]
}
export interface CaseStudyContent extends Omit<CaseStudyFrontmatter, 'results' | 'media'>, Named {
  results: ResultFigure[]
  serviceLinks: Card[]
  /** The pictures of the work, through the image pipeline. */
  media: CaseStudyMedia[]
}

/** One picture of a case study's work, as the page shows it. */
export interface CaseStudyMedia {
  picture: Picture
  alt: string
  caption: string
}
export interface CityContent extends CityFrontmatter, Named {
  serviceLinks: Card[]
}
export interface ArticleContent extends ArticleFrontmatter, Named {
  slug: string
  wordCount: number
}

/** An article as the blog index and the category pages list it. */
export interface ArticleSummary {
  path: string
  title: string
  description: string
  category: string
  /** YYYY-MM-DD */
  date: string
  /** The date as shown, formatted once at build so it reads the same before and after hydration. */
  dateLabel: string
  /** The last review that changed what the article says, YYYY-MM-DD, shown beside the date; and as shown. */
  updated?: string
  updatedLabel?: string
  readTime: number
  popular: boolean
}

/**
 * A picture through Astro's image pipeline (./pictures.server.ts): AVIF and
 * WebP at several sizes, as a `<picture>` draws it
 * (app/components/visuals/content-picture.tsx).
 */
export interface Picture {
  /** The WebP fallback of the `<img>`. */
  src: string
  /** The source's size, for the `<img>`'s width and height (its aspect ratio). */
  width: number
  height: number
  /** `srcset` of each format, best first: AVIF, then WebP (also the `<img>`'s own). */
  avif: string
  webp: string
}

/** An article's cover (docs/decisions/038-article-covers.md): its social card as a picture. */
export type ArticleCover = Picture

/** An article as its card shows it: with its cover. */
export interface ArticleCard extends ArticleSummary {
  cover: ArticleCover
}

/** A link of the blog's topic list: "All articles" (the blog) or a category's page. */
export interface CategoryLink {
  name: string
  path: string
  /** How many articles a category holds; none for "All articles". */
  count?: number
}

export interface CategoryContent extends CategoryFrontmatter, Named {
  /** Its articles, newest first. */
  articles: ArticleSummary[]
  /** Every category, for the topic list. */
  categories: CategoryLink[]
  /** The service page the category leads to, if it names one. */
  serviceLink?: Card
}
