import { expect, test } from 'vitest'
import type { ArticleSummary } from '#app/lib/content/types.ts'
import { searchArticles } from './article-search.tsx'

const article = (path: string, title: string, description: string, category: string): ArticleSummary => ({
  path,
  title,
  description,
  category,
  date: '2025-01-15',
  dateLabel: 'January 15, 2025',
  readTime: 8,
  popular: false,
})

const articles = [
  article('/blog/a', 'Marketing Attribution Guide', 'Models, GA4 and incrementality.', 'Analytics'),
  article('/blog/b', 'Email Marketing in 2025', 'Deliverability, segments and flows.', 'Email Marketing'),
  article('/blog/c', 'Local SEO Guide', 'Google Business Profile and reviews.', 'Local SEO'),
]
const titles = (found: ArticleSummary[]) => found.map((entry) => entry.title)

test('every word must appear, in any field, whatever the case', () => {
  expect(titles(searchArticles(articles, 'MARKETING'))).toEqual([
    'Marketing Attribution Guide',
    'Email Marketing in 2025',
  ])
  expect(titles(searchArticles(articles, 'marketing ga4'))).toEqual(['Marketing Attribution Guide'])
  expect(titles(searchArticles(articles, 'local seo'))).toEqual(['Local SEO Guide'])
  expect(titles(searchArticles(articles, 'analytics'))).toEqual(['Marketing Attribution Guide'])
})

test('an empty query keeps every article, in order', () => {
  expect(searchArticles(articles, '   ')).toEqual(articles)
})

test('headings count once they are there, and accents do not matter', () => {
  expect(searchArticles(articles, 'cohort')).toEqual([])
  expect(titles(searchArticles(articles, 'cohort', { '/blog/b': ['Cohorts and win-back'] }))).toEqual([
    'Email Marketing in 2025',
  ])
  // An accented query finds the word without its accent. cspell:ignore déliverability
  expect(titles(searchArticles(articles, 'déliverability'))).toEqual(['Email Marketing in 2025'])
})
