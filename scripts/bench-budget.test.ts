import { expect, test } from 'vitest'
import {
  BENCH_ARTICLE,
  BENCH_PAGES,
  brokenBudgets,
  brokenTimingBudgets,
  CI_BENCH_PAGES,
  CI_RUNS,
  isContentPage,
  missedTargets,
  type PageMeasure,
} from './bench-budget.ts'
import { pages } from '#app/lib/site/registry.ts'

const good = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 800,
  tbtMs: 0,
  cls: 0,
  ttiMs: 2000,
  jsKb: 6,
  htmlBytes: 24_000,
  fastestFcpMs: 750,
  fastestTtiMs: 1800,
}

function measure(path: string, change: Partial<PageMeasure> = {}): PageMeasure {
  return { path, noIndex: false, simulate: good, devtools: good, ...change }
}

test('pages within every budget pass, whatever their HTML weighs', () => {
  const heavy = { ...good, htmlBytes: 60_000 }
  expect(
    brokenBudgets([measure('/contact'), measure('/'), measure('/blog/seo-strategy-2025', { simulate: heavy })]),
  ).toEqual([])
})

test('each broken budget is named with its value and limit, the times apart from the rest', () => {
  const broken = measure('/contact', {
    simulate: { ...good, performance: 99, accessibility: 96, bestPractices: 92, seo: 91, cls: 0.001, tbtMs: 51 },
    devtools: { ...good, fastestFcpMs: 1100, fastestTtiMs: 2600 },
  })
  expect(brokenBudgets([broken])).toEqual([
    '/contact: Accessibility 96 < 100',
    '/contact: Best Practices 92 < 100',
    '/contact: SEO 91 < 100',
    '/contact: CLS 0.001 > 0',
  ])
  expect(brokenTimingBudgets([broken])).toEqual([
    '/contact: Performance 99 < 100',
    '/contact: TBT ms 51 > 50',
    '/contact: applied-throttling FCP ms (fastest run) 1100 > 1000',
    '/contact: applied-throttling TTI ms (fastest run) 2600 > 2500',
  ])
})

test('a slow page breaks only the timing budget, which CI reports and does not judge', () => {
  const slow = measure('/', { simulate: { ...good, performance: 92, tbtMs: 311 } })
  expect(brokenBudgets([slow])).toEqual([])
  expect(brokenTimingBudgets([slow])).toEqual(['/: Performance 92 < 100', '/: TBT ms 311 > 50'])
})

test('CI makes one simulated run per page and no applied run; its scripts are still held', () => {
  expect(CI_RUNS).toEqual({ simulate: 1, devtools: 0 })
  const { devtools: _, ...simulatedOnly } = measure('/', { simulate: { ...good, jsKb: 31 } })
  expect(brokenBudgets([simulatedOnly])).toEqual(['/: JS KB before the visitor acts 31 > 30'])
  expect(brokenTimingBudgets([{ ...simulatedOnly, simulate: good }])).toEqual([])
})

test('applied throttling is held on its fastest run; its medians are only reported', () => {
  const noisy = { ...good, fcpMs: 1040, ttiMs: 2600, fastestFcpMs: 820, fastestTtiMs: 1900 }
  expect(brokenTimingBudgets([measure('/', { devtools: noisy })])).toEqual([])
  expect(brokenTimingBudgets([measure('/', { devtools: { ...noisy, fastestFcpMs: 1001 } })])).toEqual([
    '/: applied-throttling FCP ms (fastest run) 1001 > 1000',
  ])
})

test('a content page fetches at most 30 KB of script before the visitor acts; a tool page may fetch more', () => {
  expect(brokenBudgets([measure('/', { devtools: { ...good, jsKb: 30.1 } })])).toEqual([
    '/: JS KB before the visitor acts 30.1 > 30',
  ])
  expect(brokenBudgets([measure('/blog/seo-strategy-2025', { simulate: { ...good, jsKb: 75 } })])).toEqual([
    '/blog/seo-strategy-2025: JS KB before the visitor acts 75 > 30',
  ])
  expect(brokenBudgets([measure('/roi-calculator', { simulate: { ...good, jsKb: 75 } })])).toEqual([])
  expect(isContentPage('/about')).toBe(true)
  expect(isContentPage('/blog')).toBe(true)
  expect(isContentPage('/dashboard')).toBe(false)
  expect(isContentPage('/contact')).toBe(false)
})

test('a page kept out of search engines is not held to the SEO score', () => {
  expect(brokenBudgets([measure('/thank-you', { noIndex: true, simulate: { ...good, seo: 66 } })])).toEqual([])
})

test('a page above the TBT target is reported, and fails only past the gate', () => {
  const blocked = (tbtMs: number) => measure('/blog/seo-strategy-2025', { simulate: { ...good, tbtMs } })
  expect(missedTargets([blocked(10), measure('/')])).toEqual([])
  expect(missedTargets([blocked(35)])).toEqual(['/blog/seo-strategy-2025: TBT ms 35 > target 10'])
  expect(brokenTimingBudgets([blocked(35)])).toEqual([])
  expect(brokenTimingBudgets([blocked(51)])).toEqual(['/blog/seo-strategy-2025: TBT ms 51 > 50'])
})

test('the measured pages exist, one per family, and CI measures two of them', () => {
  const paths = new Set(pages.map((page) => page.path))
  for (const path of BENCH_PAGES) expect(paths.has(path), path).toBe(true)
  const routes = new Set(BENCH_PAGES.map((path) => pages.find((page) => page.path === path)!.route))
  expect([...routes].sort()).toEqual(
    [
      'article',
      'audit',
      'blog',
      'book',
      'case-study',
      'contact',
      'dashboard',
      'location',
      'page',
      'roi-calculator',
      'service',
    ].sort(),
  )
  expect(CI_BENCH_PAGES).toHaveLength(2)
  for (const path of CI_BENCH_PAGES) expect(BENCH_PAGES).toContain(path)
})

test('the article compared with another site is the article the bench and CI measure', () => {
  expect(pages.find((page) => page.path === BENCH_ARTICLE)?.route).toBe('article')
  expect(BENCH_PAGES).toContain(BENCH_ARTICLE)
  expect(CI_BENCH_PAGES).toContain(BENCH_ARTICLE)
})
