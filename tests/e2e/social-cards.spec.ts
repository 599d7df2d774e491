import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { contentFileOf, parseFrontmatter } from '#app/lib/content/files.ts'
import { page as registryPage } from '#app/lib/site/registry.ts'
import { socialCardPages } from '#app/lib/site/social-card.ts'
import { expectedPages, origin } from './expected.ts'

// The social cards drawn at build (docs/decisions/023-social-cards-at-build.md):
// what a page's head names is a PNG of 1200x630 that the site serves.

const clientDir = 'build/client'

/** The family name a card shows above a page's title; an article shows its category. */
function kickerOf(pagePath: string): string {
  const entry = registryPage(pagePath)
  if (entry.route === 'article') {
    return (parseFrontmatter(readFileSync(contentFileOf(entry), 'utf8')).data as { category: string }).category
  }
  if (pagePath.startsWith('/blog/category/')) return 'Blog Topics'
  if (pagePath === '/blog') return 'Blog'
  if (pagePath.startsWith('/services')) return 'Services'
  if (pagePath.startsWith('/industries/')) return 'Industries'
  if (pagePath.startsWith('/case-studies')) return 'Case Studies'
  if (pagePath.startsWith('/locations')) return 'Locations'
  throw new Error(`No family for ${pagePath}`)
}

function decode(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/** The head's meta tags, by property or name, each with every value it was given. */
function metaTags(html: string): Map<string, string[]> {
  const head = html.slice(0, html.indexOf('</head>'))
  const tags = new Map<string, string[]>()
  for (const [, key, value] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/?>/g)) {
    tags.set(key!, [...(tags.get(key!) ?? []), decode(value!)])
  }
  return tags
}

function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(png.toString('latin1', 12, 16)).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

test.describe('social cards of articles and family pages', () => {
  for (const pagePath of socialCardPages) {
    test(`${pagePath} names its own 1200x630 PNG card by absolute URL`, async ({ request }) => {
      const response = await request.get(pagePath)
      expect(response.status()).toBe(200)
      const tags = metaTags(await response.text())
      const imageUrl = `${origin}/social${pagePath}.png`
      expect(tags.get('og:image')).toEqual([imageUrl])
      expect(tags.get('twitter:image')).toEqual([imageUrl])
      expect(tags.get('og:image:width')).toEqual(['1200'])
      expect(tags.get('og:image:height')).toEqual(['630'])
      expect(tags.get('twitter:card')).toEqual(['summary_large_image'])
      const { title } = expectedPages.find((expected) => expected.page.path === pagePath)!
      expect(tags.get('og:image:alt')).toEqual([`${title} (${kickerOf(pagePath)}, Northpeak)`])

      const { pathname } = new URL(imageUrl)
      expect(existsSync(path.join(clientDir, pathname)), pathname).toBe(true)
      const image = await request.get(pathname)
      expect(image.status()).toBe(200)
      expect(image.headers()['content-type']).toBe('image/png')
      expect(pngSize(await image.body())).toEqual({ width: 1200, height: 630 })
    })
  }

  test('the build holds a card for each of those pages and no other', () => {
    const files = (readdirSync(path.join(clientDir, 'social'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.png'))
      .map((file) => `/${file.replace(/\.png$/, '')}`)
      .sort()
    expect(files).toEqual([...socialCardPages].sort())
  })

  test("an article's structured data names its card as its image", async ({ request }) => {
    const html = await (await request.get('/blog/local-seo-guide')).text()
    expect(html).toContain(`"image":"${origin}/social/blog/local-seo-guide.png"`)
  })

  test('other pages keep the default image, with twitter:card summary_large_image', async ({ request }) => {
    for (const pagePath of ['/', '/about', '/pricing', '/integrations', '/resources']) {
      const tags = metaTags(await (await request.get(pagePath)).text())
      expect(tags.get('og:image'), pagePath).toEqual([`${origin}/og-image.jpg`])
      expect(tags.get('twitter:image'), pagePath).toEqual([`${origin}/og-image.jpg`])
      expect(tags.get('og:image:alt'), pagePath).toEqual(['Northpeak: Growth marketing and software development'])
      expect(tags.get('twitter:card'), pagePath).toEqual(['summary_large_image'])
    }
  })
})
