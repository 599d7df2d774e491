// What loaders hand to the templates: frontmatter plus Markdown rendered to
// HTML. Types only, so components can import them without pulling in zod.
import type {
  ArticleFrontmatter,
  CaseStudyFrontmatter,
  CityFrontmatter,
  IconName,
  PageFrontmatter,
  Section,
  ServiceFrontmatter,
} from './schemas.ts'

/** A card as overview sections and related blocks show it. */
export interface Card {
  title: string
  body: string
  href: string
  icon?: IconName
  /** Small label, e.g. an article's category or a city's state. */
  meta?: string
}

export type ResolvedSection =
  | Exclude<Section, { type: 'collection' | 'prose' }>
  | (Extract<Section, { type: 'collection' }> & { cards: Card[] })
  | (Extract<Section, { type: 'prose' }> & { html: string })

export interface PageContent extends Omit<PageFrontmatter, 'sections'> {
  html: string
  sections: ResolvedSection[]
}
export interface ServiceContent extends ServiceFrontmatter {
  name: string
  html: string
  related: Card[]
}
export interface CaseStudyContent extends CaseStudyFrontmatter {
  name: string
  html: string
  serviceLinks: Card[]
}
export interface CityContent extends CityFrontmatter {
  html: string
  serviceLinks: Card[]
}
export interface ArticleContent extends ArticleFrontmatter {
  name: string
  slug: string
  html: string
  wordCount: number
}

