// The performance budget `npm run bench` holds pages to, and exits non-zero
// when one is broken (docs/decisions/025-performance-budget.md).

/** One page of each family, and the pages with tools and forms of their own. */
export const BENCH_PAGES = [
  '/',
  '/services/paid-ads',
  '/case-studies/saas-startup',
  '/locations/austin',
  '/blog/seo-strategy-2025',
  '/blog',
  '/contact',
  '/roi-calculator',
  '/dashboard',
] as const

/** What CI measures after the tests: the home page and the three families with the most pages. */
export const CI_BENCH_PAGES = ['/', '/services/paid-ads', '/locations/austin', '/blog/seo-strategy-2025'] as const

export const BUDGET = {
  /** Lighthouse mobile, simulated throttling (its default). */
  simulate: { performance: 98, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.02, tbtMs: 50 },
  /** Applied throttling (`--throttling-method=devtools`). */
  devtools: { fcpMs: 1000, ttiMs: 2500 },
  /** Scripts the home page's HTML preloads, gzip level 9, in KB of 1,024 bytes. */
  homeFirstLoadJsKb: 125,
  /** A page's HTML as sent, headers included, in bytes: ten TCP segments (docs/decisions/008-html-round-trip-budget.md). */
  htmlBytes: 14_600,
} as const

/** The medians of one page under one throttling method. */
export interface Medians {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  tbtMs: number
  cls: number
  ttiMs: number
  /** The document as sent, headers included. */
  htmlBytes: number
}

export interface PageMeasure {
  path: string
  /** Left out of search engines (its SEO score is not held to the budget). */
  noIndex: boolean
  /** An article: its HTML size is reported, not held to the budget. */
  article: boolean
  simulate: Medians
  devtools: Medians
  /** Scripts the page's HTML preloads, gzip level 9, in KB. */
  firstLoadJsKb: number
}

/** Every broken budget of the measured pages, as sentences; empty when all hold. */
export function brokenBudgets(measures: readonly PageMeasure[]): string[] {
  const broken: string[] = []
  const check = (path: string, what: string, value: number, limit: number, atLeast: boolean) => {
    if (atLeast ? value < limit : value > limit) {
      broken.push(`${path}: ${what} ${value} ${atLeast ? '<' : '>'} ${limit}`)
    }
  }
  for (const page of measures) {
    const { simulate, devtools } = page
    const s = BUDGET.simulate
    check(page.path, 'Performance', simulate.performance, s.performance, true)
    check(page.path, 'Accessibility', simulate.accessibility, s.accessibility, true)
    check(page.path, 'Best Practices', simulate.bestPractices, s.bestPractices, true)
    if (!page.noIndex) check(page.path, 'SEO', simulate.seo, s.seo, true)
    check(page.path, 'CLS', simulate.cls, s.cls, false)
    check(page.path, 'TBT ms', simulate.tbtMs, s.tbtMs, false)
    check(page.path, 'applied-throttling FCP ms', devtools.fcpMs, BUDGET.devtools.fcpMs, false)
    check(page.path, 'applied-throttling TTI ms', devtools.ttiMs, BUDGET.devtools.ttiMs, false)
    if (page.path === '/') check(page.path, 'first-load JS KB', page.firstLoadJsKb, BUDGET.homeFirstLoadJsKb, false)
    // Articles are exempt as a family (their text alone is over it), their
    // size still reported; every other page must fit.
    if (!page.article) check(page.path, 'HTML bytes as sent', simulate.htmlBytes, BUDGET.htmlBytes, false)
  }
  return broken
}
