import { expect, test } from 'vitest'
import { articleFiles } from '#app/lib/site/article-files.ts'
import {
  articleCategories,
  blogTopics,
  CATEGORY_BASE,
  categoryPath,
  categoryRedirects,
  categorySlug,
  MIN_INDEXED_CATEGORY_ARTICLES,
  topicOf,
  topicPath,
} from './categories.ts'

// The blog's topics group the product's article categories into a few pages
// that each list enough to be worth a visit (docs/product.md#article-catalogue).

test('every category is in exactly one topic, and there are at most eight topics', () => {
  expect(blogTopics.length).toBeLessThanOrEqual(8)
  const grouped = blogTopics.flatMap((topic) => [...topic.categories])
  expect(grouped.toSorted()).toEqual([...articleCategories].toSorted())
  for (const category of articleCategories) expect(categoryPath(category)).toBe(topicPath(topicOf(category).name))
})

test('every topic lists at least two published articles', () => {
  for (const topic of blogTopics) {
    const listed = articleFiles.filter((article) => topicOf(article.category) === topic)
    expect(listed.length, topic.name).toBeGreaterThanOrEqual(MIN_INDEXED_CATEGORY_ARTICLES)
  }
})

test("each category's old page redirects to its topic's, and no topic's page redirects", () => {
  for (const category of articleCategories) {
    const old = `${CATEGORY_BASE}/${categorySlug(category)}`
    const topic = categoryPath(category)
    expect(categoryRedirects[old] ?? old, category).toBe(topic)
  }
  const topicPaths = blogTopics.map((topic) => topicPath(topic.name))
  for (const from of Object.keys(categoryRedirects)) expect(topicPaths).not.toContain(from)
  expect(categoryRedirects['/blog/category/video']).toBe('/blog/category/paid-ads-and-social')
  expect(Object.keys(categoryRedirects)).toHaveLength(18)
})
