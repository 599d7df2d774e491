import { readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { topicOf } from '#app/lib/content/categories.ts'
import { articleFiles } from './article-files.ts'
import { findPage, normalizePath, pages, type RouteModule } from './registry.ts'

// The routes of docs/product.md#routes, /pricing and /team included.
const specPaths = [
  '/',
  '/about',
  '/audit',
  '/roi-calculator',
  '/integrations',
  '/industries/saas',
  '/industries/ecommerce',
  '/approach',
  '/how-we-work',
  '/services',
  '/case-studies',
  '/resources',
  '/resources/audit-checklist',
  '/resources/ai-optimization-guide',
  '/blog',
  '/contact',
  '/book',
  '/book/manage',
  '/privacy',
  '/terms',
  '/dashboard',
  '/locations',
  '/thank-you',
  '/sitemap',
  '/pricing',
  '/team',
  ...'website-design paid-ads email-marketing content-creation social-media ai-automation analytics omnichannel app-development'
    .split(' ')
    .map((slug) => `/services/${slug}`),
  ...'saas-startup fitness-brand medtech-client'.split(' ').map((slug) => `/case-studies/${slug}`),
  ...'miami austin denver san-francisco new-york seattle chicago boston los-angeles dallas atlanta phoenix'
    .split(' ')
    .map((slug) => `/locations/${slug}`),
  ...[
    'ai-workflows-save-time',
    'proven-client-funnels',
    'linkedin-engagement-playbook',
    'fitness-brand-case-study',
    'email-marketing-2025',
    'marketing-attribution-guide',
    'mvp-development-guide',
    'mobile-app-trends-2024',
    'saas-development-guide',
    'seo-strategy-2025',
    'conversion-optimization',
    'content-marketing-guide',
    'paid-ads-strategy',
    'social-media-strategy',
    'b2b-marketing-guide',
    'ecommerce-marketing-strategy',
    'brand-strategy-guide',
    'marketing-automation-guide',
    'video-marketing-strategy',
    'customer-retention-strategies',
    'local-seo-guide',
    // Published November 2026 (issue "Alive and true").
    'ai-search-visibility',
    'consent-mode-server-side-tagging',
    'paid-social-creative-testing',
  ].map((slug) => `/blog/${slug}`),
  // One page per topic of the blog, which groups the article catalog's categories.
  ...[
    'seo-and-content',
    'paid-ads-and-social',
    'analytics-and-growth',
    'email-and-automation',
    'brand-and-demand',
    'ecommerce',
    'development',
  ].map((slug) => `/blog/category/${slug}`),
]

describe('the route registry', () => {
  test('holds exactly the pages of the product, once each', () => {
    expect(pages.map((page) => page.path).sort()).toEqual([...specPaths].sort())
  })

  test('marks /contact, /services, /pricing and /case-studies, and no other page, for prefetching', () => {
    expect(
      pages
        .filter((page) => page.prefetch)
        .map((page) => page.path)
        .sort(),
    ).toEqual(['/case-studies', '/contact', '/pricing', '/services'].sort())
  })

  test('keeps only /thank-you and the page of a booking’s links out of search engines', () => {
    expect(pages.filter((page) => page.noIndex && page.route !== 'blog-category').map((page) => page.path)).toEqual([
      '/thank-you',
      '/book/manage',
    ])
  })

  test('keeps a topic page out of search engines while it lists fewer than two articles', () => {
    const listed = (topic: string) => articleFiles.filter((article) => topicOf(article.category).name === topic).length
    const topicPages = pages.filter((page) => page.route === 'blog-category')
    expect(topicPages).toHaveLength(7)
    for (const page of topicPages) expect(page.noIndex === true, page.path).toBe(listed(page.name) < 2)
    // Today every topic lists two articles or more, so every topic page is indexed.
    expect(topicPages.filter((page) => page.noIndex)).toEqual([])
  })

  test('finds pages by path, ignoring a trailing slash', () => {
    expect(findPage('/about/')?.name).toBe('About')
    expect(findPage('/services/paid-ads')?.name).toBe('Paid Ads')
    expect(findPage('/')?.name).toBe('Home')
    expect(findPage('/nope')).toBeUndefined()
    expect(normalizePath('')).toBe('/')
  })
})

// Astro serves each file of app/pages/ at the path its name spells: `[slug]`
// stands for one segment, `[...page]` for any number of them, and where
// several files could serve a path, a fixed segment wins over `[slug]`, which
// wins over `[...page]`. One shell per kind of page (`route`), whose
// getStaticPaths lists that kind's pages (`pagesOf`).
const shells: Record<RouteModule, string> = {
  page: 'app/pages/[...page].astro',
  contact: 'app/pages/contact.astro',
  book: 'app/pages/book.astro',
  'book-manage': 'app/pages/book/manage.astro',
  blog: 'app/pages/blog/index.astro',
  'roi-calculator': 'app/pages/roi-calculator.astro',
  audit: 'app/pages/audit.astro',
  dashboard: 'app/pages/dashboard.astro',
  'blog-category': 'app/pages/blog/category/[slug].astro',
  service: 'app/pages/services/[slug].astro',
  'case-study': 'app/pages/case-studies/[slug].astro',
  location: 'app/pages/locations/[slug].astro',
  article: 'app/pages/blog/[slug].astro',
}
const notFoundShell = 'app/pages/404.astro'
/** The instant audit's reports: pages of the visitors who asked for them, at unguessable addresses, in no list. */
const reportShell = 'app/pages/audit/report/[id].astro'

/** How Astro reads a page file's name: the paths it answers, and how strongly it claims them. */
function routeOf(file: string): { matches: (path: string) => boolean; rank: number } {
  const route = file
    .replace(/^app\/pages/, '')
    .replace(/\.astro$/, '')
    .replace(/\/index$/, '')
  const source = route
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith('[...') ? '(?:/.*)?' : segment.startsWith('[') ? '/[^/]+' : `/${segment}`))
    .join('')
  const pattern = new RegExp(`^${source || '/'}$`)
  return { matches: (path) => pattern.test(path), rank: route.includes('[...') ? 2 : route.includes('[') ? 1 : 0 }
}

/** The shells of app/pages/ that serve a path: the strongest claims among those that match (one, or Astro must choose). */
function shellsServing(path: string): string[] {
  const claims = Object.values(shells)
    .map((file) => ({ file, ...routeOf(file) }))
    .filter((claim) => claim.matches(path))
  const strongest = Math.min(...claims.map((claim) => claim.rank))
  return claims.filter((claim) => claim.rank === strongest).map((claim) => claim.file)
}

describe('the page shells (app/pages/)', () => {
  test('are one per kind of page, and the not-found page', () => {
    const files = readdirSync('app/pages', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.astro'))
      .map((file) => `app/pages/${file}`)
    expect(files.sort()).toEqual([...Object.values(shells), notFoundShell, reportShell].sort())
  })

  test('serve every page of the registry with the shell of its kind, at its own path', () => {
    for (const page of pages) expect(shellsServing(page.path), page.path).toEqual([shells[page.route]])
  })
})
