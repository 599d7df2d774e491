// The blog's categories (docs/product.md#article-catalogue). Each has a page
// at /blog/category/<slug>; this module ships to the browser, so it holds
// names and paths only.

import { slugify } from './slug.ts'

export const articleCategories = [
  'AI Automation',
  'Lead Generation',
  'Social Media',
  'Email Marketing',
  'Analytics',
  'Case Study',
  'Development',
  'Mobile Development',
  'SaaS Development',
  'SEO',
  'Growth',
  'Content',
  'Paid Ads',
  'B2B',
  'Ecommerce',
  'Branding',
  'Automation',
  'Video',
  'Retention',
  'Local SEO',
] as const

export type ArticleCategory = (typeof articleCategories)[number]

/**
 * The fewest articles a category's page lists for search engines to index it:
 * a page of one article says nothing its article does not, so it is
 * `noindex, follow` and left out of both sitemaps until a second one joins it.
 */
export const MIN_INDEXED_CATEGORY_ARTICLES = 2

/** "AI Automation" -> "ai-automation": the last segment of the category's page. */
export const categorySlug = slugify

export const CATEGORY_BASE = '/blog/category'

/** The path of a category's page. */
export function categoryPath(category: string): string {
  return `${CATEGORY_BASE}/${categorySlug(category)}`
}
