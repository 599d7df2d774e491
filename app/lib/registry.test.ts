import { existsSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import routes from '../routes.ts'
import { findPage, normalizePath, pages } from './registry.ts'

// The routes of docs/product.md#routes, /pricing and /team included.
const specPaths = [
  '/',
  '/about',
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
  '/blog',
  '/contact',
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
  ].map((slug) => `/blog/${slug}`),
  // One page per category of the article catalogue.
  ...[
    'ai-automation',
    'lead-generation',
    'social-media',
    'email-marketing',
    'analytics',
    'case-study',
    'development',
    'mobile-development',
    'saas-development',
    'seo',
    'growth',
    'content',
    'paid-ads',
    'b2b',
    'ecommerce',
    'branding',
    'automation',
    'video',
    'retention',
    'local-seo',
  ].map((slug) => `/blog/category/${slug}`),
]

describe('the route registry', () => {
  test('holds exactly the pages of the product, once each', () => {
    expect(pages.map((page) => page.path).sort()).toEqual([...specPaths].sort())
  })

  test('marks /contact, /services, /pricing and /case-studies for prefetching at start', () => {
    expect(
      pages
        .filter((page) => page.prefetch === 'start')
        .map((page) => page.path)
        .sort(),
    ).toEqual(['/case-studies', '/contact', '/pricing', '/services'].sort())
  })

  test('keeps only /thank-you out of search engines', () => {
    expect(pages.filter((page) => page.noIndex).map((page) => page.path)).toEqual(['/thank-you'])
  })

  test('finds pages by path, ignoring a trailing slash and a .data suffix', () => {
    expect(findPage('/about/')?.name).toBe('About')
    expect(findPage('/services/paid-ads.data')?.name).toBe('Paid Ads')
    expect(findPage('/_.data')?.name).toBe('Home')
    expect(findPage('/nope')).toBeUndefined()
    expect(normalizePath('')).toBe('/')
  })
})

describe('app/routes.ts', () => {
  const table = routes as { path?: string; index?: boolean; file: string }[]

  test('mounts one explicit route per registry page, with no dynamic segment', () => {
    // Every route but the files written at build (.ts modules: sitemap, feed, robots) and the catch-all.
    const paths = table.filter((route) => route.file.endsWith('.tsx') && route.path !== '*')
    expect(paths.map((route) => (route.index ? '/' : `/${route.path}`)).sort()).toEqual(
      pages.map((page) => page.path).sort(),
    )
    expect(table.some((route) => route.path?.includes(':'))).toBe(false)
  })

  test('mounts each page on the route module it names, which exists', () => {
    for (const page of pages) expect(existsSync(`app/routes/${page.route}.tsx`), page.path).toBe(true)
    const route = table.find((entry) => entry.path === 'blog/local-seo-guide')
    expect(route?.file).toBe('routes/article.tsx')
    expect(table.find((entry) => entry.path === 'industries/saas')?.file).toBe('routes/page.tsx')
    expect(table.find((entry) => entry.path === 'blog')?.file).toBe('routes/blog.tsx')
  })

  test('ends with a catch-all for unknown paths', () => {
    expect(table.at(-1)).toMatchObject({ path: '*', file: 'routes/not-found.tsx' })
  })
})
