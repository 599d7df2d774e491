import { describe, expect, test } from 'vitest'
import { page as registryPage } from '#app/lib/site/registry.ts'
import { duplicateProblems, expectationsFor, metadataProblems, readMetadata } from './metadata.ts'

// A page's head as the site renders it, and the same head with one defect
// planted each time: the gate must name the defect.

const origin = 'https://northpeak.example'
const title = 'Paid Ads Management for Growth | Northpeak'
const description =
  'Paid media across Google, Meta, LinkedIn and TikTok, with weekly creative tests and bidding tied to revenue.'
const url = `${origin}/services/paid-ads`
const image = `${origin}/og-image.jpg`

const jsonLd = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...data })}</script>`

const service = {
  '@type': 'Service',
  name: 'Paid Ads',
  description,
  provider: { '@type': 'Organization', name: 'Northpeak', url: `${origin}/` },
  areaServed: { '@type': 'Country', name: 'United States' },
}
const trail = {
  '@type': 'BreadcrumbList',
  itemListElement: [
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
    { '@type': 'ListItem', position: 2, name: 'Services', item: `${origin}/services` },
    { '@type': 'ListItem', position: 3, name: 'Paid Ads', item: url },
  ],
}

function head(replace: Record<string, string> = {}): string {
  const tags: Record<string, string> = {
    title: `<title>${title}</title>`,
    description: `<meta name="description" content="${description}">`,
    canonical: `<link rel="canonical" href="${url}">`,
    ogTitle: `<meta property="og:title" content="${title}">`,
    ogDescription: `<meta property="og:description" content="${description}">`,
    ogUrl: `<meta property="og:url" content="${url}">`,
    ogType: '<meta property="og:type" content="website">',
    ogImage: `<meta property="og:image" content="${image}">`,
    ogSiteName: '<meta property="og:site_name" content="Northpeak">',
    twitterCard: '<meta name="twitter:card" content="summary_large_image">',
    twitterTitle: `<meta name="twitter:title" content="${title}">`,
    twitterDescription: `<meta name="twitter:description" content="${description}">`,
    twitterImage: `<meta name="twitter:image" content="${image}">`,
    service: jsonLd(service),
    trail: jsonLd(trail),
    ...replace,
  }
  return `<!DOCTYPE html><html lang="en"><head>${Object.values(tags).join('')}</head><body><svg><title>Icon</title></svg></body></html>`
}

const expected = expectationsFor(registryPage('/services/paid-ads'), origin)
const problems = (replace: Record<string, string>) =>
  metadataProblems(readMetadata('/services/paid-ads', head(replace)), expected)

describe('metadataProblems', () => {
  test('finds nothing wrong with a complete head (an SVG title is no page title)', () => {
    expect(problems({})).toEqual([])
  })

  test('finds a missing canonical link, and one that points elsewhere', () => {
    expect(problems({ canonical: '' })).toEqual(['0 canonical link (one expected)'])
    expect(problems({ canonical: `<link rel="canonical" href="${origin}/services">` })).toEqual([
      `the canonical link is "${origin}/services", not "${url}"`,
    ])
  })

  test('finds a title without the brand', () => {
    const bare = 'Paid Ads Management for Growth'
    expect(problems({ title: `<title>${bare}</title>`, ogTitle: '', twitterTitle: '' })).toEqual([
      `the title "${bare}" does not carry the brand (" | Northpeak")`,
      '0 og:title (one expected)',
      '0 twitter:title (one expected)',
    ])
    expect(
      problems({ title: '<title>Northpeak: Paid Ads Management for Growth</title>', ogTitle: '', twitterTitle: '' }),
    ).toEqual(['0 og:title (one expected)', '0 twitter:title (one expected)'])
  })

  test('holds the title and description to the lengths search results show', () => {
    const long = 'A title that goes on and on past what any search result shows | Northpeak'
    expect(problems({ title: `<title>${long}</title>` })).toContain(
      `the title is ${long.length} characters, not 10-70: "${long}"`,
    )
    expect(problems({ description: '<meta name="description" content="Too short.">' })).toContain(
      'the description is 10 characters, not 70-165: "Too short."',
    )
  })

  test('finds missing or disagreeing Open Graph and Twitter tags', () => {
    expect(problems({ ogImage: '' })).toEqual(['0 og:image (one expected)'])
    expect(problems({ twitterTitle: '<meta name="twitter:title" content="Something else">' })).toEqual([
      `twitter:title is "Something else", not "${title}"`,
    ])
    expect(problems({ ogType: '<meta property="og:type" content="article">' })).toEqual([
      'og:type is "article", not "website"',
    ])
  })

  test('finds robots noindex on a page that belongs in search engines, and its absence on one kept out', () => {
    expect(problems({ robots: '<meta name="robots" content="noindex, follow">' })).toEqual([
      'says robots noindex but belongs in search engines',
    ])
    const thankYou = expectationsFor(registryPage('/thank-you'), origin)
    expect(metadataProblems(readMetadata('/thank-you', head()), thankYou)).toContain(
      'is kept out of search engines but has no robots noindex',
    )
  })

  test('finds JSON-LD that does not parse, lacks what its type needs, or is missing', () => {
    expect(problems({ service: '<script type="application/ld+json">{"@type": "Service",}</script>' })).toEqual([
      expect.stringMatching(/^JSON-LD block 1 does not parse: /),
      'no Service JSON-LD',
    ])
    expect(problems({ service: jsonLd({ ...service, provider: undefined }) })).toEqual([
      'Service: "provider" missing or not an object',
    ])
    expect(problems({ trail: '' })).toEqual(['no BreadcrumbList JSON-LD'])
  })
})

describe('expectationsFor', () => {
  test('asks each kind of page for its own structured data and Open Graph type', () => {
    expect(expectationsFor(registryPage('/'), origin).structuredData).toEqual(['Organization', 'WebSite'])
    expect(expectationsFor(registryPage('/blog/seo-strategy-2025'), origin)).toMatchObject({
      ogType: 'article',
      structuredData: ['BreadcrumbList', 'BlogPosting'],
    })
    expect(expectationsFor(registryPage('/case-studies/saas-startup'), origin).structuredData).toEqual([
      'BreadcrumbList',
      'Article',
    ])
    expect(expectationsFor(registryPage('/locations/miami'), origin).structuredData).toEqual([
      'BreadcrumbList',
      'Service',
    ])
    expect(expectationsFor(registryPage('/about'), origin)).toMatchObject({
      ogType: 'website',
      structuredData: ['BreadcrumbList'],
    })
  })
})

describe('duplicateProblems', () => {
  test('names a title or description that two pages share', () => {
    const pages = [
      readMetadata('/a', head()),
      readMetadata('/b', head({ description: '<meta name="description" content="Another one.">' })),
    ]
    expect(duplicateProblems(pages)).toEqual([`the title "${title}" is on 2 pages: /a, /b`])
  })
})
