import { expect, test } from 'vitest'
import { BENCH_PAGES, brokenBudgets, CI_BENCH_PAGES, type PageMeasure } from './bench-budget.ts'
import { pages } from '#app/lib/registry.ts'

const good = {
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  fcpMs: 800,
  tbtMs: 20,
  cls: 0,
  ttiMs: 2000,
  htmlBytes: 14_000,
}

function measure(path: string, change: Partial<PageMeasure> = {}): PageMeasure {
  return { path, noIndex: false, article: false, simulate: good, devtools: good, firstLoadJsKb: 120, ...change }
}

test('pages within every budget pass', () => {
  expect(brokenBudgets([measure('/contact'), measure('/'), measure('/blog/a', { article: true })])).toEqual([])
})

test('each broken budget is named with its value and limit', () => {
  expect(
    brokenBudgets([
      measure('/contact', {
        simulate: { ...good, performance: 97, accessibility: 96, bestPractices: 92, seo: 91, cls: 0.05, tbtMs: 60 },
        devtools: { ...good, fcpMs: 1100, ttiMs: 2600 },
      }),
    ]),
  ).toEqual([
    '/contact: Performance 97 < 98',
    '/contact: Accessibility 96 < 100',
    '/contact: Best Practices 92 < 100',
    '/contact: SEO 91 < 100',
    '/contact: CLS 0.05 > 0.02',
    '/contact: TBT ms 60 > 50',
    '/contact: applied-throttling FCP ms 1100 > 1000',
    '/contact: applied-throttling TTI ms 2600 > 2500',
  ])
})

test('first-load JavaScript is held on the home page; HTML size on every page whose content allows it', () => {
  expect(brokenBudgets([measure('/', { firstLoadJsKb: 125.1 })])).toEqual(['/: first-load JS KB 125.1 > 125'])
  expect(brokenBudgets([measure('/contact', { firstLoadJsKb: 150 })])).toEqual([])
  const heavy = { ...good, htmlBytes: 14_601 }
  expect(brokenBudgets([measure('/contact', { simulate: heavy })])).toEqual([
    '/contact: HTML bytes as sent 14601 > 14600',
  ])
  expect(brokenBudgets([measure('/blog/a', { article: true, simulate: heavy })])).toEqual([])
  // The tools fit too, their default figures and tables included.
  expect(brokenBudgets([measure('/dashboard', { simulate: heavy })])).toEqual([
    '/dashboard: HTML bytes as sent 14601 > 14600',
  ])
})

test('a page kept out of search engines is not held to the SEO score', () => {
  expect(brokenBudgets([measure('/thank-you', { noIndex: true, simulate: { ...good, seo: 66 } })])).toEqual([])
})

test('the measured pages exist, one per family, and CI measures three of them', () => {
  const paths = new Set(pages.map((page) => page.path))
  for (const path of BENCH_PAGES) expect(paths.has(path), path).toBe(true)
  const routes = new Set(BENCH_PAGES.map((path) => pages.find((page) => page.path === path)!.route))
  expect([...routes].sort()).toEqual(
    ['article', 'blog', 'case-study', 'contact', 'dashboard', 'location', 'page', 'roi-calculator', 'service'].sort(),
  )
  expect(CI_BENCH_PAGES.length).toBeGreaterThanOrEqual(3)
  for (const path of CI_BENCH_PAGES) expect(BENCH_PAGES).toContain(path)
})
