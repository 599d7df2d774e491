import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { load } from 'js-yaml'
import { site } from '#app/lib/site/site.ts'
import { expectedPages, expectPageAsListed, onePerTemplate, origin } from './expected.ts'

const unknownPaths = ['/no-such-page', '/blog/no-such-article', '/services/no-such-service']

// Every page's heading, text and metadata are checked in the one visit quality.spec.ts makes to it.
// The pre-rendered HTML a visitor without JavaScript reads is decided by its template: one page of
// each.
test.describe('one page of each template, as pre-rendered HTML with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  for (const path of onePerTemplate) {
    test(`${path} answers 200 with its heading, text and metadata`, async ({ page }) => {
      const expected = expectedPages.find(({ page: entry }) => entry.path === path)!
      await expectPageAsListed(page, await page.goto(path), expected)
    })
  }
})

test.describe('icons', () => {
  test('every icon on a page is drawn from one cached sprite that holds it', async ({ page, request }) => {
    for (const path of ['/', '/pricing', '/contact', '/services/paid-ads']) {
      await page.goto(path)
      const hrefs = await page
        .locator('svg.icon use')
        .evaluateAll((uses) => uses.map((use) => use.getAttribute('href')!))
      expect(hrefs.length, path).toBeGreaterThan(0)
      const files = new Set(hrefs.map((href) => href.split('#')[0]))
      expect([...files], path).toHaveLength(1)
      const [file] = files
      expect(file).toMatch(/^\/assets\/icons[.-][\w-]+\.svg$/)
      const sprite = await request.get(file!)
      expect(sprite.status()).toBe(200)
      expect(sprite.headers()['content-type']).toContain('image/svg+xml')
      expect(sprite.headers()['cache-control']).toContain('immutable')
      const body = await sprite.text()
      for (const id of new Set(hrefs.map((href) => href.split('#')[1]))) {
        expect(body, `${path} uses #${id}`).toContain(`<symbol id="${id}"`)
      }
    }
  })

  test('an icon is drawn at its size, in the colour of its text', async ({ page }) => {
    await page.goto('/services')
    const icon = page.locator('main svg.icon').first()
    const box = await icon.boundingBox()
    expect(box?.width).toBeGreaterThan(12)
    expect(box?.height).toBe(box?.width)
    const stroke = await icon.evaluate((svg) => {
      const style = getComputedStyle(svg)
      return { stroke: style.stroke, color: style.color, fill: style.fill }
    })
    expect(stroke.stroke).toBe(stroke.color)
    expect(stroke.fill).toBe('none')
  })
})

test.describe('structured data', () => {
  const jsonLd = async (page: Page) =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    )

  test('home has Organization and WebSite, and no breadcrumb list', async ({ page }) => {
    await page.goto('/')
    const types = (await jsonLd(page)).map((data) => data['@type'])
    expect(types).toEqual(['Organization', 'WebSite'])
  })

  test('an inner page has a BreadcrumbList; an article a BlogPosting; a city a Service for that city', async ({
    page,
  }) => {
    await page.goto('/about')
    expect((await jsonLd(page)).map((data) => data['@type'])).toContain('BreadcrumbList')
    await page.goto('/blog/seo-strategy-2025')
    const posting = (await jsonLd(page)).find((data) => data['@type'] === 'BlogPosting')
    expect(posting).toMatchObject({ datePublished: '2025-01-15', timeRequired: 'PT13M', articleSection: 'SEO' })
    await page.goto('/locations/denver')
    const service = (await jsonLd(page)).find((data) => data['@type'] === 'Service')
    expect(service?.areaServed).toMatchObject({ '@type': 'City', name: 'Denver' })
  })
})

test.describe('unknown paths', () => {
  for (const javaScriptEnabled of [false, true]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled })
      for (const path of unknownPaths) {
        test(`${path} answers 404 with the not-found page`, async ({ page }) => {
          const errors: string[] = []
          page.on('pageerror', (error) => errors.push(error.message))
          page.on('console', (message) => {
            // The 404 status itself is the one expected error line.
            if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text())
          })
          const response = await page.goto(path)
          expect(response?.status()).toBe(404)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page")
          await expect(page.getByRole('main').getByRole('link', { name: 'Services' })).toHaveAttribute(
            'href',
            '/services',
          )
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
          await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0)
          expect(errors).toEqual([])
        })
      }
    })
  }
})

test.describe('the offer and the claims (docs/product.md#brand-and-business-facts)', () => {
  test.use({ javaScriptEnabled: false })
  const auditItems = 'a 47-point audit checklist, an ROI calculator spreadsheet and an AI optimization guide'

  for (const path of [
    '/',
    '/pricing',
    '/contact',
    '/resources',
    '/approach',
    '/integrations',
    '/roi-calculator',
    '/industries/saas',
    '/locations/new-york',
    '/services/ai-automation',
    '/blog/seo-strategy-2025',
  ]) {
    test(`${path} lists the free audit's materials in full`, async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('main')).toContainText(auditItems)
    })
  }

  test("home states the published record and the offer's value; the 127% average only beside its meaning elsewhere", async ({
    page,
  }) => {
    const { low, high } = site.claims.publishedUplifts
    await page.goto('/')
    const main = page.locator('main')
    for (const figure of [`${low} to ${high}`, '$10M+', 'free strategy session, worth $300', '$500']) {
      await expect(main).toContainText(figure)
    }
    // An average that a few programs pull up is not what a visitor can expect: not on the home page's figures.
    await expect(main).not.toContainText(site.claims.conversionUplift)
    await page.goto('/services/website-design')
    for (const text of [site.claims.conversionUplift, site.claims.conversionUpliftMeaning]) {
      await expect(page.locator('main')).toContainText(text)
    }
  })
})

test.describe('article dates', () => {
  test('a reviewed article shows when it was updated beside its publication date, and says so to search engines', async ({
    page,
    request,
  }) => {
    await page.goto('/blog/mobile-app-trends-2024')
    const byline = page.locator('header p', { hasText: 'By Tomás Herrera' })
    await expect(byline).toContainText('January 25, 2024')
    await expect(byline).toContainText('Updated November 29, 2026')
    const times = byline.locator('time')
    await expect(times).toHaveText(['January 25, 2024', 'November 29, 2026'])
    await expect(times.first()).toHaveAttribute('datetime', '2024-01-25')
    await expect(times.last()).toHaveAttribute('datetime', '2026-11-29')
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents()
    const posting = scripts
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((data) => data['@type'] === 'BlogPosting')
    expect(posting).toMatchObject({ datePublished: '2024-01-25', dateModified: '2026-11-29' })
    const sitemap = await (await request.get('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${origin}/blog/mobile-app-trends-2024</loc><lastmod>2026-11-29</lastmod>`)
    expect(sitemap).toContain(`<loc>${origin}/blog/brand-strategy-guide</loc><lastmod>2025-01-26</lastmod>`)
  })

  test('an article no review has changed shows only its publication date', async ({ page }) => {
    await page.goto('/blog/brand-strategy-guide')
    const byline = page.locator('header p', { hasText: 'By Sofia Marchetti' })
    await expect(byline).toContainText('January 26, 2025')
    await expect(byline).not.toContainText('Updated')
    await expect(byline.locator('time')).toHaveCount(1)
  })
})

test('an article names its author from the team: a link to their card under the title, their bio after the text', async ({
  page,
}) => {
  const member = load(readFileSync('content/team/aisha-karim.yaml', 'utf8')) as {
    name: string
    role: string
    bio: string
  }
  await page.goto('/blog/consent-mode-server-side-tagging')
  const about = page.getByRole('complementary', { name: 'About the author' })
  await expect(about).toContainText(`${member.name}, ${member.role}`)
  await expect(about).toContainText(member.bio)
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents()
  const posting = scripts
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === 'BlogPosting')
  expect(posting?.author).toMatchObject({
    '@type': 'Person',
    name: member.name,
    jobTitle: member.role,
    url: `${origin}/team#aisha-karim`,
  })
  await page.locator('header p').getByRole('link', { name: member.name }).click()
  await expect(page).toHaveURL(/\/team#aisha-karim$/)
  await expect(page.getByRole('heading', { name: member.name, level: 3 })).toBeInViewport()
})

test('the privacy policy and the terms name who runs the site, and no outside calendar in a build without one', async ({
  page,
}) => {
  for (const path of ['/privacy', '/terms']) {
    await page.goto(path)
    const main = page.getByRole('main')
    await expect(main).toContainText(site.legal.entity)
    await expect(main).toContainText(site.legal.address)
    // BOOKING_URL is not set for this build: calls are booked on /book alone.
    await expect(main).not.toContainText(/booking calendar|scheduling calendar|third-party calendar/i)
  }
  await expect(page.getByRole('main')).toContainText(
    `These terms are governed by the laws of ${site.legal.governingLaw}`,
  )
})

test('/sitemap.xml and /robots.txt are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  expect(sitemap.headers()['content-type']).toContain('application/xml')
  const body = await sitemap.text()
  expect(body).toContain(`<loc>${origin}/services/paid-ads</loc>`)
  expect(body).not.toContain('/thank-you')
  const robots = await request.get('/robots.txt')
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`)
})
