import { describe, expect, test } from 'vitest'
import { breadcrumbList, organization, serviceData, webSite } from '#app/lib/site/seo.ts'
import { blogPosting } from '#app/lib/content/structured-data/blog-posting.ts'
import { caseStudyArticle } from '#app/lib/content/structured-data/case-study.ts'
import { collectionPage } from '#app/lib/content/structured-data/collection-page.ts'
import { parseJsonLd, structuredDataProblems } from './structured-data.ts'

// The site's own builders (app/lib/site/seo.ts, app/lib/content/structured-data/) pass; each planted defect is named.

const origin = 'https://northpeak.example'
const withContext = (data: object) => ({ '@context': 'https://schema.org', ...data }) as Record<string, unknown>
const check = (data: object) => structuredDataProblems(withContext(data), { origin })

const posting = blogPosting({
  path: '/blog/seo-strategy-2025',
  headline: 'SEO Strategy: AI Overviews, AI Mode and What to Measure',
  description: 'How to plan SEO now that answers come first.',
  datePublished: '2025-01-15',
  dateModified: '2025-02-01',
  wordCount: 2300,
  readMinutes: 12,
  section: 'SEO',
  keywords: ['SEO'],
  author: { name: 'Jonas Lindqvist', role: 'Content Lead', slug: 'jonas-lindqvist' },
})

describe('structuredDataProblems', () => {
  test("passes what the site's builders make", () => {
    for (const data of [
      organization,
      webSite,
      posting,
      breadcrumbList('/services/paid-ads')!,
      caseStudyArticle({ path: '/case-studies/saas-startup', headline: 'A case', description: 'What', about: 'SaaS' }),
      serviceData({ name: 'Paid Ads', description: 'Ads', path: '/services/paid-ads' }),
      collectionPage({
        path: '/blog/category/seo',
        name: 'SEO',
        description: 'SEO',
        items: [{ path: '/blog/seo-strategy-2025', name: 'SEO' }],
      }),
      serviceData({
        name: 'Miami',
        description: 'Local',
        path: '/locations/miami',
        city: { name: 'Miami', region: 'Florida' },
      }),
    ]) {
      expect(check(data), JSON.stringify(data)).toEqual([])
    }
  })

  test('BlogPosting: names a missing date, a missing author URL and a modification before publication', () => {
    expect(check({ ...posting, datePublished: undefined })).toEqual([
      'BlogPosting: "datePublished" missing or not an ISO 8601 date',
    ])
    expect(check({ ...posting, author: { '@type': 'Person', name: 'Jonas Lindqvist' } })).toEqual([
      'BlogPosting: "author" "url" missing or empty',
    ])
    expect(check({ ...posting, dateModified: '2024-12-31' })).toEqual([
      'BlogPosting: "dateModified" is before "datePublished"',
    ])
  })

  test('Organization needs a logo; WebSite a URL on the site', () => {
    expect(check({ ...organization, logo: undefined })).toEqual(['Organization: "logo" missing or empty'])
    expect(check({ ...webSite, url: 'https://elsewhere.example/' })).toEqual([
      'WebSite: "url" https://elsewhere.example/ is not on https://northpeak.example',
    ])
  })

  test('BreadcrumbList: names positions out of order and crumbs without a name', () => {
    const list = breadcrumbList('/services/paid-ads')!
    const [home, services, current] = list.itemListElement as object[]
    expect(
      check({ ...list, itemListElement: [home, { ...current, position: 2 }, { ...services, position: 2 }] }),
    ).toEqual(['BreadcrumbList: "itemListElement"[2] has position 2, not 3'])
    expect(check({ ...list, itemListElement: [home, { ...services, name: '' }] })).toEqual([
      'BreadcrumbList: "itemListElement"[1] "name" missing or empty',
    ])
  })

  test('Service: names a missing area served; an unknown type or context is refused', () => {
    const service = serviceData({ name: 'Paid Ads', description: 'Ads', path: '/services/paid-ads' })
    expect(check({ ...service, areaServed: undefined })).toEqual(['Service: "areaServed" missing or not an object'])
    expect(check({ '@type': 'Event', name: 'Launch' })).toEqual([
      'Event: no rules for the type Event in tests/gates/structured-data.ts',
    ])
    expect(structuredDataProblems({ '@type': 'WebSite', name: 'N', url: `${origin}/` }, { origin })).toEqual([
      'WebSite: "@context" is not "https://schema.org"',
    ])
  })
})

test('CollectionPage: names a list item without a URL on the site', () => {
  const topic = collectionPage({
    path: '/blog/category/seo',
    name: 'SEO',
    description: 'SEO',
    items: [{ path: '/blog/seo-strategy-2025', name: 'SEO Strategy' }],
  })
  const list = topic.mainEntity as unknown as { itemListElement: object[] }
  expect(
    check({ ...topic, mainEntity: { ...list, itemListElement: [{ ...list.itemListElement[0], url: undefined }] } }),
  ).toEqual(['CollectionPage: "mainEntity" "itemListElement"[0] "url" missing or empty'])
})

describe('parseJsonLd', () => {
  test('parses an object and says why anything else is refused', () => {
    expect(parseJsonLd('{"@type":"Thing"}')).toEqual({ data: { '@type': 'Thing' } })
    expect(parseJsonLd('[1]')).toEqual({ problem: 'is not a JSON object' })
    expect(parseJsonLd('{').problem).toMatch(/^does not parse: /)
  })
})
