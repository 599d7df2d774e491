import { describe, expect, test } from 'vitest'
import { articles, caseStudies, categories, industries, locations, pages, services } from './registry.ts'
import { hasSocialCard, socialCard, socialCardPages, socialCardPath } from './social-card.ts'

describe('socialCardPath', () => {
  test('names the PNG after the page path, under /social', () => {
    expect(socialCardPath('/blog/local-seo-guide')).toBe('/social/blog/local-seo-guide.png')
    expect(socialCardPath('/services')).toBe('/social/services.png')
    expect(socialCardPath('/blog/category/paid-ads-and-social')).toBe('/social/blog/category/paid-ads-and-social.png')
  })
})

describe('pages with a card of their own', () => {
  test('are the articles, every family page and blog topic, and the four family overviews', () => {
    const families = [...services, ...industries, ...caseStudies, ...locations, ...articles, ...categories]
    expect(families).toHaveLength(9 + 2 + 3 + 12 + 24 + 7)
    for (const entry of families) expect(hasSocialCard(entry.path), entry.path).toBe(true)
    for (const path of ['/services', '/case-studies', '/locations', '/blog']) expect(hasSocialCard(path)).toBe(true)
    expect(socialCardPages).toHaveLength(families.length + 4)
  })

  test('leave out the other top-level pages, which keep the default image', () => {
    for (const path of ['/', '/about', '/pricing', '/contact', '/integrations', '/resources', '/thank-you']) {
      expect(hasSocialCard(path), path).toBe(false)
      expect(socialCard({ path, title: 'Some page title' })).toBeUndefined()
    }
  })

  test('are all pages of the registry, each once', () => {
    const registered = new Set(pages.map((entry) => entry.path))
    for (const path of socialCardPages) expect(registered.has(path), path).toBe(true)
    expect(new Set(socialCardPages).size).toBe(socialCardPages.length)
  })
})

describe('socialCard', () => {
  test("an article's card shows its category above its title", () => {
    expect(
      socialCard({
        path: '/blog/local-seo-guide',
        title: 'Local SEO Guide: Map Pack and Reviews',
        category: 'Local SEO',
      }),
    ).toEqual({
      page: '/blog/local-seo-guide',
      image: '/social/blog/local-seo-guide.png',
      title: 'Local SEO Guide: Map Pack and Reviews',
      kicker: 'Local SEO',
      alt: 'Local SEO Guide: Map Pack and Reviews (Local SEO, Northpeak)',
    })
  })

  test('an article without its category is refused rather than drawn without one', () => {
    expect(() => socialCard({ path: '/blog/local-seo-guide', title: 'Local SEO Guide' })).toThrow(/category/)
  })

  test("a family page's card shows its family, whatever category it is given", () => {
    expect(socialCard({ path: '/services/paid-ads', title: 'Paid Ads Management' })?.kicker).toBe('Services')
    expect(socialCard({ path: '/services', title: 'Our services' })?.kicker).toBe('Services')
    expect(socialCard({ path: '/industries/saas', title: 'SaaS growth' })?.kicker).toBe('Industries')
    expect(socialCard({ path: '/case-studies/saas-startup', title: 'A SaaS case' })?.kicker).toBe('Case Studies')
    expect(socialCard({ path: '/locations/miami', title: 'Miami agency' })?.kicker).toBe('Locations')
    expect(socialCard({ path: '/blog', title: 'The blog' })?.kicker).toBe('Blog')
    expect(socialCard({ path: '/blog/category/seo-and-content', title: 'SEO guides', category: 'SEO' })?.kicker).toBe(
      'Blog Topics',
    )
  })
})
