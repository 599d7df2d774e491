// The JSON-LD of an article, built by its shell (app/pages/blog/[slug].astro);
// app/lib/site/seo.ts holds what every page shares.
import type { BlogPosting } from 'schema-dts'
import { page } from '#app/lib/site/registry.ts'
import { absoluteUrl, organization } from '#app/lib/site/seo.ts'
import { site } from '#app/lib/site/site.ts'
import { socialCardImage } from '#app/lib/site/social-card.ts'

/** An article of the blog (docs/product.md#article-page). */
export function blogPosting(input: {
  path: string
  headline: string
  description: string
  /** YYYY-MM-DD */
  datePublished: string
  /** YYYY-MM-DD: the last review that changed the text, else the publication date. */
  dateModified: string
  wordCount: number
  readMinutes: number
  section: string
  keywords: readonly string[]
}): BlogPosting {
  const url = absoluteUrl(input.path)
  return {
    '@type': 'BlogPosting',
    headline: input.headline,
    description: input.description,
    url,
    mainEntityOfPage: url,
    image: absoluteUrl(socialCardImage(input.path)),
    author: { '@type': 'Organization', name: site.author, url: absoluteUrl(page('/team').path) },
    publisher: organization,
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    wordCount: input.wordCount,
    timeRequired: `PT${input.readMinutes}M`,
    articleSection: input.section,
    keywords: input.keywords.join(', '),
  }
}
