// The JSON-LD of a case study, built by its shell
// (app/pages/case-studies/[slug].astro); app/lib/site/seo.ts holds what every page shares.
import type { Article } from 'schema-dts'
import { absoluteUrl, organization } from '#app/lib/site/seo.ts'
import { socialCardImage } from '#app/lib/site/social-card.ts'

/** A case study: an Article by Northpeak about one client's results. */
export function caseStudyArticle(input: {
  path: string
  headline: string
  description: string
  about: string
}): Article {
  const url = absoluteUrl(input.path)
  return {
    '@type': 'Article',
    headline: input.headline,
    description: input.description,
    about: input.about,
    url,
    mainEntityOfPage: url,
    image: absoluteUrl(socialCardImage(input.path)),
    author: { '@type': 'Organization', name: organization.name, url: organization.url },
    publisher: organization,
  }
}
