// The blog's categories and topics (docs/product.md#article-catalogue). Each
// article has one category, the label the product gives it; the categories
// are grouped into a few topics, and each topic has a page at
// /blog/category/<slug> listing the articles of its categories. This module
// ships to the browser, so it holds names and paths only.

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
 * The blog's topics, each a page listing the articles of its categories:
 * at most eight, each with two articles or more (content/categories/ holds
 * each topic's copy, in the file named by its slug). Every category belongs to
 * exactly one (categories.test.ts).
 */
export const blogTopics = [
  { name: 'SEO and Content', categories: ['SEO', 'Local SEO', 'Content'] },
  { name: 'Paid Ads and Social', categories: ['Paid Ads', 'Social Media', 'Video'] },
  { name: 'Analytics and Growth', categories: ['Analytics', 'Growth'] },
  { name: 'Email and Automation', categories: ['Email Marketing', 'Automation', 'AI Automation', 'Retention'] },
  { name: 'Brand and Demand', categories: ['B2B', 'Lead Generation', 'Branding'] },
  { name: 'Ecommerce', categories: ['Ecommerce', 'Case Study'] },
  { name: 'Development', categories: ['Development', 'SaaS Development', 'Mobile Development'] },
] as const satisfies readonly { name: string; categories: readonly ArticleCategory[] }[]

export type BlogTopic = (typeof blogTopics)[number]
export type TopicName = BlogTopic['name']
export const topicNames = blogTopics.map((topic) => topic.name) as [TopicName, ...TopicName[]]

/** The topic a category belongs to. */
export function topicOf(category: string): BlogTopic {
  const topic = blogTopics.find((candidate) => (candidate.categories as readonly string[]).includes(category))
  if (!topic) throw new Error(`The category "${category}" is in no topic of blogTopics`)
  return topic
}

/**
 * The fewest articles a category's page lists for search engines to index it:
 * a page of one article says nothing its article does not, so it is
 * `noindex, follow` and left out of both sitemaps until a second one joins it.
 */
export const MIN_INDEXED_CATEGORY_ARTICLES = 2

/** "AI Automation" -> "ai-automation": a category's or a topic's name as the last segment of an address. */
export const categorySlug = slugify

export const CATEGORY_BASE = '/blog/category'

/** The path of a topic's page: "SEO and Content" -> /blog/category/seo-and-content. */
export function topicPath(topic: string): string {
  return `${CATEGORY_BASE}/${categorySlug(topic)}`
}

/** The page that lists a category's articles: its topic's. */
export function categoryPath(category: string): string {
  return topicPath(topicOf(category).name)
}

/**
 * Where each category once had a page of its own (/blog/category/<its slug>),
 * the address now answers with a permanent redirect to its topic's page:
 * links and search results that point there keep working
 * (astro.config.ts `redirects`).
 */
export const categoryRedirects: Record<string, string> = Object.fromEntries(
  articleCategories
    .map((category) => [`${CATEGORY_BASE}/${categorySlug(category)}`, categoryPath(category)] as const)
    .filter(([from, to]) => from !== to),
)
