// The JSON-LD of an article, built by its shell (app/pages/blog/[slug].astro);
// app/lib/site/seo.ts holds what every page shares.
import type { BlogPosting } from 'schema-dts'
import { page } from '#app/lib/site/registry.ts'
import { absoluteUrl, organization } from '#app/lib/site/seo.ts'
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
  /** Who wrote it: a member of the team, whose card on the team page says more. */
  author: { name: string; role: string; slug: string }
}): BlogPosting {
  const url = absoluteUrl(input.path)
  return {
    '@type': 'BlogPosting',
    headline: input.headline,
    description: input.description,
    url,
    mainEntityOfPage: url,
    image: absoluteUrl(socialCardImage(input.path)),
    author: {
      '@type': 'Person',
      name: input.author.name,
      jobTitle: input.author.role,
      url: absoluteUrl(`${page('/team').path}#${input.author.slug}`),
      worksFor: organization,
    },
    publisher: organization,
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    wordCount: input.wordCount,
    timeRequired: `PT${input.readMinutes}M`,
    articleSection: input.section,
    keywords: input.keywords.join(', '),
  }
}
