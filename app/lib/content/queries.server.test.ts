import { describe, expect, test } from 'vitest'
import { articles, page } from '#app/lib/site/registry.ts'
import {
  articleSummaries,
  articleDates,
  getCaseStudy,
  getPage,
  mostRelated,
  relatedArticles,
  type ArticleSubject,
} from './queries.server.ts'
import { getCollection } from './test-collections.ts'
import { schemas, type Frontmatter } from './schemas.ts'

test("/sitemap.xml's dates are each article's last review, or its publication date if it has none", async () => {
  const dates = await articleDates()
  // Reviewed on 2026-11-29 (docs/product.md#article-catalogue); published 2024-01-25.
  expect(dates.get('/blog/mobile-app-trends-2024')).toBe('2026-11-29')
  // Never changed by a review: its publication date.
  expect(dates.get('/blog/brand-strategy-guide')).toBe('2025-01-26')
})

test('a result with a starting level carries both bars, in percent of the longer; the others none', async () => {
  const study = (await getCaseStudy(page('/case-studies/fitness-brand')))
  expect(study.results[0]).toEqual({ value: '4.1x', before: '2.2x', label: 'Return on ad spend', bars: { before: 54, after: 100 } })
  expect(study.results[2]).not.toHaveProperty('bars')
  // A measure that fell: the longer bar is the starting level.
  const medtech = (await getCaseStudy(page('/case-studies/medtech-client')))
  expect(medtech.results.find((result) => result.before === '94 days')?.bars).toEqual({ before: 100, after: 73 })
})

test("the home page's results panel holds each case study's first result, its starting level before it", async () => {
  const home = (await getPage(page('/')))
  expect(home.results).toEqual([
    { value: '+212%', label: 'SaaS Startup: Demo requests, last 90 days against the 90 days before' },
    { value: '2.2x → 4.1x', label: 'Fitness Brand: Return on ad spend' },
    { value: '+164%', label: 'MedTech Client: Qualified leads from outpatient clinics' },
  ])
  expect((await getPage(page('/about'))).results).toBeUndefined()
})

test('a starting level must be a figure of the same unit as the result', async () => {
  const caseStudySchema = schemas['case-studies']
  const fitness = (await getCollection('case-studies')).find((study) => study.id === 'fitness-brand')!.data as Frontmatter['case-studies']
  // What the file holds: references as the slugs it names.
  const services = fitness.services.map((service) => service.id)
  const withBefore = (value: string, before: string) =>
    caseStudySchema.safeParse({ ...fitness, services, results: [{ value, before, label: 'A measure' }, ...fitness.results.slice(1)] })
  expect(withBefore('4.1x', '2.2x').success).toBe(true)
  expect(withBefore('69 days', '94 days').success).toBe(true)
  expect(withBefore('+164%', '94 days').error?.issues[0]?.path).toEqual(['results', 0, 'before'])
  expect(withBefore('31%', '12').success).toBe(false)
  expect(withBefore('31%', 'about 12%').success).toBe(false)
})

describe('related reading (docs/product.md#article-page)', () => {
  const subject = (name: string, fields: Partial<ArticleSubject> = {}) => ({
    name,
    category: 'Growth',
    tags: [] as string[],
    keywords: [] as string[],
    date: '2025-01-01',
    ...fields,
  })

  test("the MVP guide's picks start with the other product and app development articles", async () => {
    const picks = (await relatedArticles(page('/blog/mvp-development-guide')))
    expect(picks).toHaveLength(3)
    // The only other articles about building software: the SaaS guide and the mobile trends.
    expect(picks.slice(0, 2).map((card) => card.href)).toEqual([
      '/blog/saas-development-guide',
      '/blog/mobile-app-trends-2024',
    ])
    for (const card of picks.slice(0, 2)) expect(card.meta).toMatch(/Development ·/)
  })

  test('articles of the same category come first, then shared topics, then shared keywords', () => {
    const current = subject('current', { category: 'SEO', tags: ['Content'], keywords: ['local search'] })
    const sameCategory = subject('same category', { category: 'SEO', date: '2020-01-01' })
    const sharedTopic = subject('shared topic', { category: 'Video', tags: ['Content'], date: '2021-01-01' })
    const sharedKeyword = subject('shared keyword', { category: 'Ads', keywords: ['search ads'], date: '2022-01-01' })
    const unrelated = subject('unrelated', { category: 'Ads', date: '2026-01-01' })
    const all = [unrelated, sharedKeyword, sharedTopic, sameCategory, current]
    expect(mostRelated(current, all, 4).map((article) => article.name)).toEqual([
      'same category',
      'shared topic',
      'shared keyword',
      'unrelated',
    ])
  })

  test('equal scores go to the newer article, whatever the order given', () => {
    const current = subject('current', { category: 'SEO' })
    const older = subject('older', { date: '2024-03-01' })
    const newer = subject('newer', { date: '2025-06-01' })
    const newest = subject('newest', { date: '2026-01-01' })
    expect(mostRelated(current, [older, current, newest, newer], 3).map((article) => article.name)).toEqual([
      'newest',
      'newer',
      'older',
    ])
  })

  test('every article shows three others, never itself', async () => {
    for (const entry of articles) {
      const picks = (await relatedArticles(entry)).map((card) => card.href)
      expect(picks, entry.path).toHaveLength(3)
      expect(new Set(picks).size, entry.path).toBe(3)
      expect(picks, entry.path).not.toContain(entry.path)
    }
  })

  test('as many as there are when fewer than asked for', () => {
    const current = subject('current')
    const other = subject('other')
    expect(mostRelated(current, [current, other], 3)).toEqual([other])
  })

  test('no longer the three newest for nearly every article', async () => {
    const newestThree = (await articleSummaries()).slice(0, 3).map((article) => article.path)
    const picks = await Promise.all(articles.map(async (entry) => (await relatedArticles(entry)).map((card) => card.href)))
    const same = picks.filter((links) => links.every((href) => newestThree.includes(href)))
    expect(same.length).toBeLessThan(articles.length / 4)
  })
})
