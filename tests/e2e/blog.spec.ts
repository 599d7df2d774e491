import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { blogTopics, topicOf } from '#app/lib/content/categories.ts'
import { contentFileOf, parseFrontmatter } from '#app/lib/content/files.ts'
import { articles, pages } from '#app/lib/site/registry.ts'
import { expectedPages, origin } from './expected.ts'
import { loaded } from './support.ts'

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
      expect(html, entry.path).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="Northpeak blog" href="\/rss\.xml"\/?>/,
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
  await expect(band.getByRole('link', { name: 'Book your free strategy call' })).toHaveAttribute('href', '/book')
  await expect(band.getByRole('link', { name: 'Get Free Marketing Audit' })).toHaveAttribute('href', auditRequest.href)
  await expect(band).toContainText('No commitment required, 30-minute session, tailored growth recommendations')
})

test.describe("an article's body (docs/decisions/027-bodies-once-per-document.md)", () => {
  const opening = 'Search has changed a great deal since 2024.'

  test('is sent once, as markup, and not again in the hydration data', async ({ request }) => {
    const html = await (await request.get('/blog/seo-strategy-2025')).text()
    expect(html.split(opening)).toHaveLength(2)
    expect(html).toContain(`<p>${opening}`)
  })

  test('stays on screen once React hydrates the page, and a link to another article brings its body', async ({
    page,
  }) => {
    await loaded(page, '/blog/seo-strategy-2025')
    const body = page.locator('article .prose').first()
    await expect(body).toContainText(opening)
    await expect(body.getByRole('heading', { level: 2 }).first()).toBeVisible()
    const length = (await body.innerText()).length
    expect(length).toBeGreaterThan(10_000)

    const next = page.getByRole('region', { name: 'Continue Reading' }).getByRole('link').first()
    const href = await next.getAttribute('href')
    await next.click()
    await expect(page).toHaveURL(href!)
    const other = publishedArticles.find((article) => article.path === href)!
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title)
    const otherBody = page.locator('article .prose').first()
    await expect(otherBody).not.toContainText(opening)
    expect((await otherBody.innerText()).length).toBeGreaterThan(5_000)

    await page.goBack()
    await expect(page.locator('article .prose').first()).toContainText(opening)
    expect((await page.locator('article .prose').first().innerText()).length).toBe(length)
  })
})

/** The articles of a category, newest first, from the content files. */
/** The articles a topic's page lists: those of its categories. */
function articlesOf(topic: string) {
  return publishedArticles.filter((article) => topicOf(article.category).name === topic)
}

test.describe('category pages', () => {
  test.use({ javaScriptEnabled: false })

  const categoryOf = (slug: string) =>
    parseFrontmatter(readFileSync(`content/categories/${slug}.md`, 'utf8')).data as Record<string, string>

  for (const entry of pages.filter((page) => page.path.startsWith('/blog/category/'))) {
    test(`${entry.path} lists exactly the articles of ${entry.name}, newest first, without JavaScript`, async ({
      page,
    }) => {
      const response = await page.goto(entry.path)
      expect(response?.status()).toBe(200)
      const data = categoryOf(entry.path.split('/').at(-1)!)
      expect(data.topic).toBe(entry.name)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.heading!)
      const titles = page.getByTestId('article-list').getByRole('heading', { level: 3 })
      await expect(titles).toHaveText(articlesOf(entry.name).map((article) => article.title))
      const topics = page.getByRole('navigation', { name: 'Blog topics' })
      await expect(topics.getByRole('link', { name: new RegExp(`^${entry.name} \\(`) })).toHaveAttribute(
        'aria-current',
        'page',
      )
    })
  }

  test('a topic page has breadcrumbs back to the blog and is on both sitemaps', async ({ page, request }) => {
    await page.goto('/blog/category/paid-ads-and-social')
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(trail.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog')
    await expect(trail).toContainText('Paid Ads and Social')
    expect(await (await request.get('/sitemap.xml')).text()).toContain(
      `<loc>${origin}/blog/category/paid-ads-and-social</loc>`,
    )
    await page.goto('/sitemap')
    const topics = page.getByRole('region', { name: 'Blog Topics' })
    await expect(topics.getByRole('link', { name: 'Paid Ads and Social', exact: true })).toHaveAttribute(
      'href',
      '/blog/category/paid-ads-and-social',
    )
  })

  test("a category's old page takes the visitor to its topic's, and is on no sitemap", async ({ page, request }) => {
    const old = await request.get('/blog/category/video?utm_source=news', { maxRedirects: 0 })
    expect(old.status()).toBe(301)
    expect(old.headers()['location']).toBe('/blog/category/paid-ads-and-social?utm_source=news')
    await page.goto('/blog/category/video')
    await expect(page).toHaveURL(/\/blog\/category\/paid-ads-and-social$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paid ads, social and video')
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/blog/category/video<')
  })

  test('the blog index lists every article newest first with its category, date and read time, and links each topic', async ({
    page,
  }) => {
    await page.goto('/blog')
    const list = page.getByTestId('article-list')
    await expect(list.getByRole('heading', { level: 3 })).toHaveText(publishedArticles.map((article) => article.title))
    const first = list.getByRole('listitem').first()
    // The article's category, as the product names it, links to the page of its topic.
    await expect(first.getByRole('link', { name: publishedArticles[0]!.category, exact: true })).toHaveAttribute(
      'href',
      `/blog/category/${topicOf(publishedArticles[0]!.category)
        .name.toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')}`,
    )
    await expect(first.locator('time')).toHaveAttribute('datetime', publishedArticles[0]!.date)
    await expect(first).toContainText(/\d+ min read/)
    await expect(list.getByText('Popular')).not.toHaveCount(0)
    const topics = page.getByRole('navigation', { name: 'Blog topics' })
    await expect(topics.getByRole('link', { name: 'All articles' })).toHaveAttribute('aria-current', 'page')
    await expect(topics.getByRole('link')).toHaveCount(1 + blogTopics.length)
  })
})

test.describe('search on the blog index', () => {
  test('narrows the list as you type, keeps the query in the URL and announces the count', async ({ page }) => {
    await page.goto('/blog')
    const search = page.getByRole('searchbox', { name: 'Search articles' })
    // Focus wakes the search, which fetches the articles' headings; once they are in, the results no longer change.
    const headings = page.waitForResponse((response) => response.url().endsWith('/blog/search.json'))
    await search.focus()
    await headings
    await search.fill('attribution')
    await expect(page).toHaveURL(/\/blog\?q=attribution$/)
    const titles = page.getByTestId('article-list').getByRole('heading', { level: 3 })
    await expect(titles).not.toHaveCount(publishedArticles.length)
    await expect(titles.filter({ hasText: 'Marketing Attribution Guide' })).toHaveCount(1)
    const shown = await titles.allTextContents()
    for (const title of shown) expect(publishedArticles.map((a) => a.title)).toContain(title)
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
      `${shown.length} ${shown.length === 1 ? 'article' : 'articles'} match “attribution”`,
    )
  })

  test('searches the articles’ headings too, and survives a reload', async ({ page }) => {
    // "Where a person reviews" is a heading of the AI workflows article only, not in any title or description.
    await page.goto('/blog?q=where%20a%20person%20reviews')
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('where a person reviews')
    await expect(page.getByTestId('article-list').getByRole('heading', { level: 3 })).toHaveText([
      'AI Workflows That Save Marketing Teams Hours Every Week',
    ])
  })

  test('with no match, says so and offers the topics', async ({ page }) => {
    await page.goto('/blog?q=zzzz')
    await expect(page.getByText('No article matches “zzzz”.')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText('0 articles match “zzzz”')
    const topics = page.getByRole('navigation', { name: 'Blog topics to browse' })
    await expect(topics.getByRole('link', { name: /^Paid Ads and Social \(/ })).toHaveAttribute(
      'href',
      '/blog/category/paid-ads-and-social',
    )
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('')
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.getByTestId('article-list').getByRole('heading', { level: 3 })).toHaveCount(
      publishedArticles.length,
    )
  })
})

test('an article reviewed since it was published says so on its card, with the date of the review', async ({
  page,
}) => {
  const reviewed = articles.flatMap((entry) => {
    const data = parseFrontmatter(readFileSync(contentFileOf(entry), 'utf8')).data as Record<string, string>
    return data.updated ? [{ title: data.title!, updated: data.updated }] : []
  })
  expect(reviewed.length).toBeGreaterThan(0)
  await loaded(page, '/blog')
  for (const { title, updated } of reviewed) {
    const card = page
      .getByTestId('article-list')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: title, exact: true }) })
    const shown = card.locator(`time[datetime="${updated}"]`)
    await expect(shown).toBeVisible()
    await expect(card.getByText(/^Updated /)).toHaveText(`Updated ${await shown.textContent()}`)
  }
  const unreviewed = publishedArticles.find((article) => !reviewed.some((r) => r.title === article.title))!
  const plain = page
    .getByTestId('article-list')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: unreviewed.title, exact: true }) })
  await expect(plain.getByText(/^Updated /)).toHaveCount(0)
})

test('every topic page lists two articles or more and is indexed, on the sitemap', async ({ page, request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  for (const topic of blogTopics) {
    const path = `/blog/category/${topic.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
    await page.goto(path)
    expect(
      await page.getByRole('main').getByTestId('article-list').getByRole('heading', { level: 3 }).count(),
      path,
    ).toBeGreaterThanOrEqual(2)
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
    expect(sitemap).toContain(`<loc>${origin}${path}</loc>`)
  }
})
