import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { contentFileOf, parseFrontmatter } from '#app/lib/content/files.ts'
import { articles, pages } from '#app/lib/registry.ts'
import { expectedPages, origin } from './expected.ts'

/** Every article's title and date, read from its content file, newest first. */
const publishedArticles = articles
  .map((entry) => {
    const data = parseFrontmatter(readFileSync(contentFileOf(entry), 'utf8')).data as Record<string, string>
    return { path: entry.path, title: data.title!, date: data.date!, category: data.category! }
  })
  .sort((a, b) => b.date.localeCompare(a.date))

test.describe('the RSS feed', () => {
  test('/rss.xml is well-formed RSS 2.0 holding every article, newest first', async ({ page, request }) => {
    const response = await request.get('/rss.xml')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('xml')
    const xml = await response.text()
    await page.goto('/')
    // The browser's own XML parser: a malformed feed yields a <parsererror>.
    const feed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml')
      const text = (parent: Element, name: string) => parent.getElementsByTagName(name)[0]?.textContent ?? null
      const channel = doc.querySelector('rss > channel')
      return {
        parseError: doc.getElementsByTagName('parsererror').length > 0,
        version: doc.documentElement.getAttribute('version'),
        channel: channel && {
          title: text(channel, 'title'),
          link: text(channel, 'link'),
          description: text(channel, 'description'),
        },
        items: [...doc.querySelectorAll('channel > item')].map((item) => ({
          title: text(item, 'title'),
          link: text(item, 'link'),
          guid: text(item, 'guid'),
          pubDate: text(item, 'pubDate'),
          description: text(item, 'description'),
          category: text(item, 'category'),
        })),
      }
    }, xml)
    expect(feed.parseError).toBe(false)
    expect(feed.version).toBe('2.0')
    expect(feed.channel).toEqual({
      title: 'Northpeak blog',
      link: `${origin}/blog`,
      description: expectedPages.find((expected) => expected.page.path === '/blog')?.description,
    })
    expect(feed.items.map((item) => item.link)).toEqual(publishedArticles.map((article) => `${origin}${article.path}`))
    feed.items.forEach((item, index) => {
      const article = publishedArticles[index]!
      expect(item.title).toBe(article.title)
      expect(item.guid).toBe(item.link)
      expect(item.category).toBe(article.category)
      expect(item.description?.length).toBeGreaterThan(50)
      // RFC 822, as RSS 2.0 requires: "Wed, 15 Jan 2025 00:00:00 GMT".
      expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT$/)
      expect(new Date(item.pubDate!).toISOString().slice(0, 10)).toBe(article.date)
    })
  })

  test('every page points feed readers to it from its head', async ({ request }) => {
    for (const entry of pages) {
      const html = await (await request.get(entry.path)).text()
      expect(html, entry.path).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Northpeak blog" href="/rss.xml"/>',
      )
    }
  })

  test('the blog index links to it', async ({ page }) => {
    await page.goto('/blog')
    const link = page.getByRole('main').getByRole('link', { name: 'Follow new articles by RSS' })
    await expect(link).toHaveAttribute('href', '/rss.xml')
    const response = await page.request.get((await link.getAttribute('href'))!)
    expect(response.status()).toBe(200)
  })
})

test('the SEO article closes with the strategy-session offer and both buttons', async ({ page }) => {
  await page.goto('/blog/seo-strategy-2025')
  const band = page.getByRole('region', { name: 'Ready to Scale Your Business?' })
  await expect(band.getByRole('heading', { level: 2 })).toHaveText('Ready to Scale Your Business?')
  await expect(band).toContainText('Limited Time: Free Strategy Session Worth $300')
  await expect(band.getByRole('link', { name: 'Book Your Strategy Call' })).toHaveAttribute('href', '/contact')
  await expect(band.getByRole('link', { name: 'Get Free Marketing Audit' })).toHaveAttribute(
    'href',
    '/contact?topic=audit',
  )
  await expect(band).toContainText('No commitment required, 30-minute session, tailored growth recommendations')
})
