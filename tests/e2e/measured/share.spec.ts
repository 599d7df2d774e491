import { expect, test, type Page } from '@playwright/test'
import { expectedPages, origin } from '../expected.ts'
import { axeOn, loaded } from '../support.ts'
import { banner, eventsNamed, interceptAnalytics } from './support.ts'

// The share widget (docs/product.md#share-widget), in the build with a
// measurement id, so that its analytics event can be seen after consent.

const articlePath = '/blog/seo-strategy-2025'
const article = expectedPages.find(({ page }) => page.path === articlePath)!
const address = `${origin}${articlePath}`
const networks = /^https:\/\/(twitter\.com|www\.linkedin\.com|www\.facebook\.com)\//

const shareGroup = (page: Page) => page.getByRole('group', { name: 'Share this page' })

/** The article, with the widget awake (it wakes when it comes into view). */
async function openArticle(page: Page, path = articlePath) {
  await loaded(page, path)
  await shareGroup(page).scrollIntoViewIfNeeded()
  await expect(shareGroup(page).getByRole('button', { name: 'Copy link' })).toBeVisible()
}

test('each network opens in a window carrying the address and title; the share event follows consent', async ({
  page,
  context,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await interceptAnalytics(context)
  const opened: string[] = []
  await context.route(networks, (route) => {
    opened.push(route.request().url())
    return route.abort()
  })
  await openArticle(page)
  await banner(page).getByRole('button', { name: 'Accept' }).click()
  await expect.poll(() => eventsNamed(page, 'page_view')).toHaveLength(1)

  for (const [name, method] of [
    ['X', 'x'],
    ['LinkedIn', 'linkedin'],
    ['Facebook', 'facebook'],
  ] as const) {
    const popupOpened = page.waitForEvent('popup')
    await shareGroup(page)
      .getByRole('link', { name: `Share on ${name}` })
      .click()
    const popup = await popupOpened
    await expect.poll(() => opened.length).toBeGreaterThan(0)
    const url = new URL(opened.shift()!)
    if (method === 'x') {
      expect(`${url.origin}${url.pathname}`).toBe('https://twitter.com/intent/tweet')
      expect(url.searchParams.get('text')).toBe(article.heading)
      expect(url.searchParams.get('url')).toBe(address)
    } else if (method === 'linkedin') {
      expect(`${url.origin}${url.pathname}`).toBe('https://www.linkedin.com/sharing/share-offsite/')
      expect(url.searchParams.get('url')).toBe(address)
    } else {
      expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/sharer/sharer.php')
      expect(url.searchParams.get('u')).toBe(address)
    }
    await popup.close()
    // The article stays where it was, in this window.
    expect(page.url()).toMatch(new RegExp(`${articlePath}$`))
  }

  await expect
    .poll(() => eventsNamed(page, 'share'))
    .toEqual(
      ['x', 'linkedin', 'facebook'].map((method) => ({
        method,
        content_type: 'article',
        item_id: articlePath,
        event_category: 'user_interaction',
      })),
    )
  expect(errors).toEqual([])
})

test('before consent a share sends nothing', async ({ page, context }) => {
  const requests = await interceptAnalytics(context)
  await context.route(networks, (route) => route.abort())
  await openArticle(page)
  const popupOpened = page.waitForEvent('popup')
  await shareGroup(page).getByRole('link', { name: 'Share on X' }).click()
  await (await popupOpened).close()
  expect(requests).toEqual([])
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
})

test.describe('Copy link', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('puts the address on the clipboard, shows the toast and "Copied!" for 2 s', async ({ page, context }) => {
    await interceptAnalytics(context)
    await page.clock.install()
    await openArticle(page)
    await banner(page).getByRole('button', { name: 'Accept' }).click()
    await expect.poll(() => eventsNamed(page, 'page_view')).toHaveLength(1)

    // Time stands still from here, and moves only when the test says.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000))
    await shareGroup(page).getByRole('button', { name: 'Copy link' }).click()
    await expect(shareGroup(page).getByRole('button', { name: 'Copied!' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
    // The toaster's code loads on the first toast; the toast then animates in
    // on the page's timers, so time moves only once the toaster is there.
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached()
    await page.clock.runFor(1900)
    await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Link Copied!')).toBeVisible()
    await expect(shareGroup(page).getByRole('button', { name: 'Copied!' })).toBeVisible()
    await page.clock.runFor(100)
    await expect(shareGroup(page).getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expect
      .poll(() => eventsNamed(page, 'share'))
      .toEqual([
        { method: 'copy_link', content_type: 'article', item_id: articlePath, event_category: 'user_interaction' },
      ])
  })

  test('says Copy Failed when the clipboard refuses', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
    })
    await openArticle(page)
    await shareGroup(page).getByRole('button', { name: 'Copy link' }).click()
    const toasts = page.getByRole('region', { name: /Notifications/ })
    await expect(toasts.getByText('Copy Failed')).toBeVisible()
    await expect(toasts.getByText('Unable to copy link. Please try again.')).toBeVisible()
    await expect(shareGroup(page).getByRole('button', { name: 'Copy link' })).toBeVisible()
  })
})

test("Share opens the device's share sheet where the browser has one, and only there", async ({ page }) => {
  await openArticle(page)
  // Desktop Chromium on Linux has no Web Share API.
  await expect(shareGroup(page).getByRole('button', { name: 'Share', exact: true })).toHaveCount(0)

  await page.addInitScript(() => {
    const shared: ShareData[] = []
    Object.assign(window, { __shared: shared })
    Object.defineProperty(navigator, 'share', {
      value: (data: ShareData) => {
        shared.push(data)
        return Promise.resolve()
      },
      configurable: true,
    })
  })
  await openArticle(page)
  await shareGroup(page).getByRole('button', { name: 'Share', exact: true }).click()
  expect(await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([
    { title: article.heading, text: article.description, url: address },
  ])
})

test.describe('placement', () => {
  test('beside the text on a wide screen, under the offer card, staying in view while it scrolls', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await openArticle(page)
    const prose = (await page.locator('main .prose').first().boundingBox())!
    const widget = (await shareGroup(page).boundingBox())!
    // The offer card beside the body (docs/product.md#reading-layout), then the widget.
    const card = (await page.locator('main .reading-offer').boundingBox())!
    expect(widget.x).toBeGreaterThanOrEqual(prose.x + prose.width)
    expect(card.y).toBeLessThan(prose.y + 100)
    expect(widget.y).toBeGreaterThanOrEqual(card.y + card.height)
    expect(widget.y).toBeLessThan(card.y + card.height + 100)
    await page.evaluate(() => window.scrollTo(0, 3000))
    await expect.poll(async () => (await shareGroup(page).boundingBox())!.y).toBeGreaterThanOrEqual(64)
    const scrolled = (await shareGroup(page).boundingBox())!
    expect(scrolled.y + scrolled.height).toBeLessThanOrEqual(900)
    expect(scrolled.y).toBeLessThan(card.height + 200)
  })

  test('after the text on a phone, and on a case study', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openArticle(page)
    const prose = (await page.locator('main .prose').first().boundingBox())!
    const widget = (await shareGroup(page).boundingBox())!
    expect(widget.y).toBeGreaterThanOrEqual(prose.y + prose.height)
    expect(widget.x + widget.width).toBeLessThanOrEqual(390)

    await openArticle(page, '/case-studies/saas-startup')
    const study = expectedPages.find(({ page: entry }) => entry.path === '/case-studies/saas-startup')!
    const x = new URL((await shareGroup(page).getByRole('link', { name: 'Share on X' }).getAttribute('href'))!)
    expect(x.searchParams.get('text')).toBe(study.title)
    expect(x.searchParams.get('url')).toBe(`${origin}/case-studies/saas-startup`)
  })
})

test('the widget and the banner pass axe-core together on an article', async ({ page }) => {
  await openArticle(page)
  await expect(banner(page)).toBeVisible()
  const results = await axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
  ).toEqual([])
})
