/**
 * Social cards: the 1200x630 PNG of an article or a family page, drawn when
 * the site is built (scripts/social-cards/, docs/decisions/023-social-cards-at-build.md).
 *
 * This module decides which pages have a card, where its file is and what it
 * says. seo() names the file in a page's Open Graph and Twitter tags, and the
 * build draws the same card from the same inputs, so the tags and the files
 * agree. It ships to the browser (meta() runs there too): names and paths only.
 */
import { articles, caseStudies, categories, groupTitles, industries, locations, page, services } from './registry.ts'
import { site } from './site.ts'

/** Folder of the cards in the build and on the site: /social/<page path>.png. */
export const SOCIAL_CARD_BASE = '/social'

/** Every card's size; the default image (site.ogImage) has the same. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const

/** The overviews of the families that have cards of their own. */
const overviews = ['/services', '/case-studies', '/locations', '/blog']

/** Pages with a card of their own: each family's overview and pages, the articles and the blog's topics. */
export const socialCardPages: readonly string[] = [
  ...overviews,
  ...[...services, ...industries, ...caseStudies, ...locations, ...articles, ...categories].map((entry) => entry.path),
]

const withCard = new Set(socialCardPages)

export interface SocialCard {
  /** The page the card is for. */
  page: string
  /** Site-relative path of the PNG. */
  image: string
  /** The page's title, as its search metadata gives it (without the brand suffix). */
  title: string
  /** The line above the title: an article's category, else the family's name (e.g. "Services"). */
  kicker: string
  /** The image's text alternative (og:image:alt). */
  alt: string
}

export function hasSocialCard(path: string): boolean {
  return withCard.has(path)
}

/** "/blog/local-seo-guide" -> "/social/blog/local-seo-guide.png". */
export function socialCardPath(path: string): string {
  return `${SOCIAL_CARD_BASE}${path}.png`
}

/** The social image of a page: its own card where it has one, else the default. */
export function socialCardImage(path: string): string {
  return withCard.has(path) ? socialCardPath(path) : site.ogImage
}

/**
 * The card of a page, or undefined for a page that shows the default image.
 * Articles give their category; every other page's kicker is its family's.
 */
export function socialCard(input: { path: string; title: string; category?: string }): SocialCard | undefined {
  if (!withCard.has(input.path)) return undefined
  const entry = page(input.path)
  const kicker = entry.route === 'article' ? input.category : groupTitles[entry.group]
  if (!kicker) throw new Error(`The social card of ${input.path} needs the article's category`)
  return {
    page: input.path,
    image: socialCardPath(input.path),
    title: input.title,
    kicker,
    alt: `${input.title} (${kicker}, ${site.name})`,
  }
}
