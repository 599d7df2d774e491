import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { page } from '#app/lib/registry.ts'
import { parseFrontmatter } from './files.ts'
import { articleDates, getCaseStudy, getPage } from './queries.server.ts'
import { caseStudySchema } from './schemas.ts'

test("/sitemap.xml's dates are each article's last review, or its publication date if it has none", () => {
  const dates = articleDates()
  // Reviewed on 2026-11-23 (docs/product.md#article-catalogue); published 2024-01-25.
  expect(dates.get('/blog/mobile-app-trends-2024')).toBe('2026-11-23')
  // Never reviewed: its publication date.
  expect(dates.get('/blog/local-seo-guide')).toBe('2025-01-30')
})

test('a result with a starting level carries both bars, in percent of the longer; the others none', () => {
  const study = getCaseStudy(page('/case-studies/fitness-brand'))
  expect(study.results[0]).toEqual({ value: '4.1x', before: '1.8x', label: 'Return on ad spend', bars: { before: 44, after: 100 } })
  expect(study.results[2]).not.toHaveProperty('bars')
  // A measure that fell: the longer bar is the starting level.
  const medtech = getCaseStudy(page('/case-studies/medtech-client'))
  expect(medtech.results.find((result) => result.before === '94 days')?.bars).toEqual({ before: 100, after: 73 })
})

test("the home page's results panel holds each case study's first result, its starting level before it", () => {
  const home = getPage(page('/'))
  expect(home.results).toEqual([
    { value: '+212%', label: 'SaaS Startup: Demo requests, last 90 days against the 90 days before' },
    { value: '1.8x → 4.1x', label: 'Fitness Brand: Return on ad spend' },
    { value: '+164%', label: 'MedTech Client: Qualified leads from outpatient clinics' },
  ])
  expect(getPage(page('/about')).results).toBeUndefined()
})

test('a starting level must be a figure of the same unit as the result', () => {
  const fitness = caseStudySchema.parse(parseFrontmatter(readFileSync('content/case-studies/fitness-brand.md', 'utf8')).data)
  const withBefore = (value: string, before: string) =>
    caseStudySchema.safeParse({ ...fitness, results: [{ value, before, label: 'A measure' }, ...fitness.results.slice(1)] })
  expect(withBefore('4.1x', '1.8x').success).toBe(true)
  expect(withBefore('69 days', '94 days').success).toBe(true)
  expect(withBefore('+164%', '94 days').error?.issues[0]?.path).toEqual(['results', 0, 'before'])
  expect(withBefore('31%', '12').success).toBe(false)
  expect(withBefore('31%', 'about 12%').success).toBe(false)
})
