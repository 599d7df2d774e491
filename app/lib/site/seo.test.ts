import { describe, expect, test } from 'vitest'
import { brandedTitleMax, breadcrumbList, fullTitle, seo } from './seo.ts'

describe('fullTitle', () => {
  test('appends the brand to a title without it', () => {
    expect(fullTitle('Paid Ads Management')).toBe('Paid Ads Management | Northpeak')
  })

  test('keeps the brand on every title: a title longer than the suffix leaves room for is refused', () => {
    const fits = 'Content Marketing That Builds Pipeline: From Research to R'
    expect(fits).toHaveLength(brandedTitleMax)
    expect(fullTitle(fits)).toBe(`${fits} | Northpeak`)
    expect(fullTitle(fits)).toHaveLength(70)
    const long = 'Content Marketing That Builds Pipeline: From Research to ROI'
    expect(() => fullTitle(long)).toThrow(
      `"${long}" is 60 characters: with " | Northpeak" it passes the 70 that search results show; write a shorter title (at most 58)`,
    )
  })

  test('leaves a title that already names the brand alone, in any case', () => {
    expect(fullTitle('Northpeak: growth marketing')).toBe('Northpeak: growth marketing')
    expect(fullTitle('Why NORTHPEAK works')).toBe('Why NORTHPEAK works')
  })
})

describe('seo', () => {
  const tags = seo({
    title: 'Pricing and plans',
    description: 'What our retainers cost and include.',
    keywords: ['agency pricing', 'retainer'],
    path: '/pricing',
  })
  const find = (key: string, value: string) => tags.find((tag) => (tag as Record<string, unknown>)[key] === value)

  test('gives the suffixed title, description, keywords and canonical URL on the site origin', () => {
    expect(tags).toContainEqual({ title: 'Pricing and plans | Northpeak' })
    expect(tags).toContainEqual({ name: 'description', content: 'What our retainers cost and include.' })
    expect(tags).toContainEqual({ name: 'keywords', content: 'agency pricing, retainer' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://northpeak.example/pricing' })
  })

  test('gives Open Graph and Twitter tags with the default image and type', () => {
    expect(find('property', 'og:type')).toEqual({ property: 'og:type', content: 'website' })
    expect(find('property', 'og:image')).toEqual({
      property: 'og:image',
      content: 'https://northpeak.example/og-image.jpg',
    })
    expect(find('property', 'og:url')).toEqual({ property: 'og:url', content: 'https://northpeak.example/pricing' })
    expect(find('name', 'twitter:card')).toEqual({ name: 'twitter:card', content: 'summary_large_image' })
  })

  test('gives a page without a card of its own the default image and its alternative text', () => {
    expect(find('property', 'og:image:alt')).toEqual({
      property: 'og:image:alt',
      content: 'Northpeak: Growth marketing and software development',
    })
    expect(find('name', 'twitter:image')).toEqual({
      name: 'twitter:image',
      content: 'https://northpeak.example/og-image.jpg',
    })
  })

  test('adds a BreadcrumbList on inner pages', () => {
    const jsonLd = tags.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json']] : []))
    expect(jsonLd).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://northpeak.example/' },
        { '@type': 'ListItem', position: 2, name: 'Pricing', item: 'https://northpeak.example/pricing' },
      ],
    })
  })

  test('marks the pages the registry keeps out of search engines noindex, still naming their own address', () => {
    const hidden = seo({ title: 'Thank you for writing', description: 'x'.repeat(80), path: '/thank-you' })
    expect(hidden).toContainEqual({ name: 'robots', content: 'noindex, follow' })
    expect(hidden).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://northpeak.example/thank-you' })
    expect(tags.some((tag) => 'name' in tag && tag.name === 'robots')).toBe(false)
  })
})

describe('seo, on a page with a social card', () => {
  const tags = seo({
    title: 'Local SEO Guide: Map Pack and Reviews',
    description: 'Rank in the map pack.',
    path: '/blog/local-seo-guide',
    category: 'Local SEO',
    ogType: 'article',
  })
  const content = (key: string, value: string) =>
    (tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as { content?: string } | undefined)?.content

  test('names its card by absolute URL in Open Graph and Twitter, with its size and its text as alternative', () => {
    const image = 'https://northpeak.example/social/blog/local-seo-guide.png'
    expect(content('property', 'og:image')).toBe(image)
    expect(content('name', 'twitter:image')).toBe(image)
    expect(content('property', 'og:image:width')).toBe('1200')
    expect(content('property', 'og:image:height')).toBe('630')
    expect(content('property', 'og:image:alt')).toBe('Local SEO Guide: Map Pack and Reviews (Local SEO, Northpeak)')
    expect(content('name', 'twitter:card')).toBe('summary_large_image')
  })

  test('gives each image tag once', () => {
    for (const [key, value] of [
      ['property', 'og:image'],
      ['property', 'og:image:alt'],
      ['name', 'twitter:image'],
      ['name', 'twitter:card'],
    ] as const) {
      expect(
        tags.filter((tag) => (tag as Record<string, unknown>)[key] === value),
        value,
      ).toHaveLength(1)
    }
  })
})

describe('breadcrumbList', () => {
  test('has none on the home page', () => {
    expect(breadcrumbList('/')).toBeUndefined()
  })

  test('leaves out segments that are not pages, but keeps the current page', () => {
    expect(breadcrumbList('/industries/saas')).toMatchObject({
      itemListElement: [
        { name: 'Home', position: 1 },
        { name: 'SaaS', position: 2, item: 'https://northpeak.example/industries/saas' },
      ],
    })
  })
})
