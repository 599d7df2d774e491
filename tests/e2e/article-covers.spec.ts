import { expect, test, type Locator, type Page } from '@playwright/test'
import { articles, categories } from '#app/lib/site/registry.ts'
import { loaded } from './support.ts'

// Every article shows its own cover (docs/decisions/038-article-covers.md):
// its social card through Astro's image pipeline, offered as AVIF in a
// <picture> with WebP as the <img>'s own, at several widths, sized before it
// loads, on the blog's cards, the category pages, the article's header and its
// Continue Reading cards.

const slugOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

interface Cover {
  avif: string[]
  webp: string[]
  src: string
  width: string | null
  height: string | null
  sizes: string | null
  loading: string | null
  fetchPriority: string | null
}

/** What the <picture> inside `scope` offers. */
async function coverOf(scope: Locator): Promise<Cover> {
  await expect(scope.locator('picture'), 'a cover as a <picture>').toHaveCount(1)
  return scope.locator('picture').evaluate((picture) => {
    const urls = (srcset: string | null) => (srcset ?? '').split(',').map((candidate) => candidate.trim())
    const avif = picture.querySelector('source[type="image/avif"]')
    const image = picture.querySelector('img')!
    return {
      avif: urls(avif?.getAttribute('srcset') ?? null),
      webp: urls(image.getAttribute('srcset')),
      src: image.getAttribute('src')!,
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      sizes: image.getAttribute('sizes'),
      loading: image.getAttribute('loading'),
      fetchPriority: image.getAttribute('fetchpriority'),
    }
  })
}

/** The cover is the article's own, AVIF and WebP at three widths each, sized. */
function expectCoverOf(cover: Cover, path: string) {
  const own = new RegExp(`^/assets/${slugOf(path)}\\.[\\w-]+\\.(avif|webp) \\d+w$`)
  expect(cover.avif, `AVIF offered for ${path}`).toHaveLength(3)
  expect(cover.webp, `WebP for ${path}`).toHaveLength(3)
  for (const candidate of [...cover.avif, ...cover.webp]) expect(candidate, `a cover of ${path}`).toMatch(own)
  expect(cover.avif.every((candidate) => candidate.includes('.avif '))).toBe(true)
  expect(cover.src).toMatch(new RegExp(`^/assets/${slugOf(path)}\\.[\\w-]+\\.webp$`))
  expect([cover.width, cover.height]).toEqual(['1200', '630'])
  expect(cover.sizes, `sizes of ${path}'s cover`).toBeTruthy()
}

async function cardCovers(page: Page, list: Locator) {
  const cards = list.locator(':scope > li')
  const paths = await cards.evaluateAll((items) =>
    items.map((item) => item.querySelector('h3 a')!.getAttribute('href')!),
  )
  const covers: Cover[] = []
  for (const [index, path] of paths.entries()) {
    const cover = await coverOf(cards.nth(index))
    expectCoverOf(cover, path)
    covers.push(cover)
  }
  return { paths, covers }
}

test('every card on /blog shows its own cover, AVIF and WebP at three widths, sized and lazy', async ({
  page,
  request,
}) => {
  await loaded(page, '/blog')
  const { paths, covers } = await cardCovers(page, page.getByTestId('article-list'))
  expect(paths).toHaveLength(articles.length)
  expect(new Set(covers.map((cover) => cover.src)).size, 'one cover per article').toBe(articles.length)
  for (const cover of covers) expect(cover.loading).toBe('lazy')
  // The files answer as what they say they are.
  for (const [candidate, type] of [
    [covers[0]!.avif[0]!, 'image/avif'],
    [covers[0]!.webp[2]!, 'image/webp'],
  ] as const) {
    const response = await request.get(candidate.split(' ')[0]!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe(type)
  }
  // The browser picks the AVIF, and nothing shifts: the box has the card's aspect ratio before it loads.
  const first = page.getByTestId('article-list').locator('li').first().locator('img')
  await first.scrollIntoViewIfNeeded()
  await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\.avif$/)
  const box = (await first.boundingBox())!
  expect(box.width / box.height).toBeCloseTo(1200 / 630, 1)
})

// The cover is named in the head, so the browser asks for it before the header's markup arrives; the
// preload and the picture offer the same files at the same sizes, so one file is fetched and drawn.
for (const width of [390, 1280]) {
  test(`an article's cover is preloaded from its head and fetched once, the file it draws, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    const path = articles[0]!.path
    await loaded(page, path)
    const preload = page.locator('head link[rel="preload"][as="image"]')
    await expect(preload).toHaveCount(1)
    const source = page.locator('article > header picture source[type="image/avif"]')
    expect(await preload.getAttribute('type')).toBe('image/avif')
    expect(await preload.getAttribute('imagesrcset')).toBe(await source.getAttribute('srcset'))
    expect(await preload.getAttribute('imagesizes')).toBe(await source.getAttribute('sizes'))
    const image = page.locator('article > header picture img')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const drawn = await image.evaluate((img: HTMLImageElement) => img.currentSrc)
    expect(drawn).toMatch(/\.avif$/)
    const fetched = await page.evaluate(
      (slug) =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new URL(name).pathname.startsWith(`/assets/${slug}.`)),
      slugOf(path),
    )
    expect(fetched, 'one file of the cover, the one drawn').toEqual([drawn])
  })
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('/blog: the newest article beside the header, its cover on the first screen, loaded first', async ({ page }) => {
    await loaded(page, '/blog')
    const featured = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) })
    const newest = await page.getByTestId('article-list').locator('h3 a').first().getAttribute('href')
    await expect(
      featured.getByRole('link', {
        name: (await page.getByTestId('article-list').locator('h3').first().textContent()) ?? '',
      }),
    ).toHaveAttribute('href', newest!)
    const cover = await coverOf(featured)
    expectCoverOf(cover, newest!)
    expect(cover.loading).toBe('eager')
    expect(cover.fetchPriority).toBe('high')
    const box = (await featured.locator('picture img').boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(240)
    expect(box.y + 160).toBeLessThanOrEqual(800)
  })

  for (const entry of articles) {
    test(`${entry.path}: its own cover beside the headline, on the first screen`, async ({ page }) => {
      await loaded(page, entry.path)
      const header = page.locator('article > header')
      const cover = await coverOf(header)
      expectCoverOf(cover, entry.path)
      expect(cover.loading).toBe('eager')
      const image = (await header.locator('picture img').boundingBox())!
      const headline = (await page.getByRole('heading', { level: 1 }).boundingBox())!
      expect(image.width).toBeGreaterThanOrEqual(240)
      expect(image.height).toBeGreaterThanOrEqual(160)
      expect(image.y + image.height, 'the whole cover on the first screen').toBeLessThanOrEqual(800)
      expect(image.x, 'beside the headline').toBeGreaterThanOrEqual(headline.x + headline.width)
      // Continue Reading: three other articles, each with its own cover.
      const related = page.getByRole('region', { name: 'Continue Reading' }).getByTestId('article-list')
      const { paths } = await cardCovers(page, related)
      expect(paths).toHaveLength(3)
      expect(paths).not.toContain(entry.path)
    })
  }

  test('a topic page leads with its newest article across the row, its cover beside the text', async ({ page }) => {
    const many = categories.find((entry) => entry.path === '/blog/category/paid-ads-and-social')!
    await loaded(page, many.path)
    const list = page.getByTestId('article-list')
    const { paths } = await cardCovers(page, list)
    expect(paths.length).toBeGreaterThanOrEqual(2)
    const first = (await list.locator(':scope > li').first().boundingBox())!
    const listBox = (await list.boundingBox())!
    expect(first.width).toBeCloseTo(listBox.width, 0)
    const cover = (await list.locator(':scope > li').first().locator('img').boundingBox())!
    const title = (await list.locator(':scope > li').first().locator('h3').boundingBox())!
    expect(cover.x + cover.width).toBeLessThanOrEqual(title.x)
  })
})
