import { expect, test, type Locator, type Page } from '@playwright/test'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { site } from '#app/lib/site/site.ts'
import { loaded } from './support.ts'

// Articles and service pages (docs/product.md#article-page,
// docs/product.md#service-page): from 1024 px the contents and the offer card
// beside the body, in view while it scrolls; the section being read marked;
// on articles a bar that fills as the body is read.

const article = '/blog/seo-strategy-2025'
const service = '/services/paid-ads'
const desktop = { width: 1280, height: 900 }

const contents = (page: Page) => page.getByRole('navigation', { name: 'On this page' })
const offer = (page: Page) =>
  page.locator('.reading-offer').filter({
    has: page.getByRole('heading', { name: `A free ${site.strategySession.minutes}-minute strategy session` }),
  })
const body = (page: Page) => page.locator('main .reading > .prose')

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found, 'the element has a box').not.toBeNull()
  return found!
}

/** Whether the whole element is in the window, below the sticky header. */
async function inView(page: Page, locator: Locator) {
  const { y, height } = await box(locator)
  return y >= 64 && y + height <= page.viewportSize()!.height
}

/** Scrolls the window so that the top of `locator` is `offset` px from the top of the window. */
async function scrollTo(page: Page, locator: Locator, offset: number) {
  await locator.evaluate((element, by) => {
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - by)
  }, offset)
}

test.describe('at 1280 px', () => {
  test.use({ viewport: desktop })

  for (const path of [article, service]) {
    test(`${path}: the contents and the offer card stay in view while the body scrolls`, async ({ page }) => {
      await loaded(page, path)
      const links = contents(page).getByRole('link')
      const headings = body(page).locator('h2')
      await expect(links).toHaveText(await headings.allTextContents())
      expect(await links.count()).toBeGreaterThan(3)
      await expect(offer(page).getByRole('link', { name: 'Book your free strategy call' })).toHaveAttribute(
        'href',
        '/book',
      )
      await expect(offer(page).getByRole('link', { name: 'Get Free Marketing Audit' })).toHaveAttribute(
        'href',
        auditRequest.href,
      )
      await expect(offer(page)).toContainText(site.strategySession.worth)
      const { y: top, height } = await box(body(page))
      for (const at of [0.2, 0.5, 0.8]) {
        await page.evaluate((y) => window.scrollTo(0, y), top + Math.round(height * at))
        expect(await inView(page, contents(page)), `contents at ${at * 100}% of the body`).toBe(true)
        expect(await inView(page, offer(page)), `offer at ${at * 100}% of the body`).toBe(true)
      }
    })

    test(`${path}: a contents link scrolls to its heading and marks it current`, async ({ page }) => {
      await loaded(page, path)
      const links = contents(page).getByRole('link')
      await expect(contents(page).locator('[aria-current]')).toHaveCount(0)
      const index = 2
      const link = links.nth(index)
      const heading = body(page).locator('h2').nth(index)
      await link.click()
      await expect(page).toHaveURL(new RegExp(`#${await heading.getAttribute('id')}$`))
      const { y } = await box(heading)
      expect(y, 'the heading sits below the header').toBeGreaterThanOrEqual(64)
      expect(y).toBeLessThan(160)
      await expect(link).toHaveAttribute('aria-current', 'location')
      await expect(contents(page).locator('[aria-current]')).toHaveCount(1)
    })

    test(`${path}: the link of the section scrolled to gets aria-current`, async ({ page }) => {
      await loaded(page, path)
      const links = contents(page).getByRole('link')
      const headings = body(page).locator('h2')
      const count = await headings.count()
      for (const index of [1, count - 1, 0]) {
        await scrollTo(page, headings.nth(index), 120)
        await expect(links.nth(index)).toHaveAttribute('aria-current', 'location')
        await expect(contents(page).locator('[aria-current]')).toHaveCount(1)
      }
      // Above the first section, in one jump from the last: nothing is current.
      await scrollTo(page, headings.nth(count - 1), 120)
      await expect(links.nth(count - 1)).toHaveAttribute('aria-current', 'location')
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect(contents(page).locator('[aria-current]')).toHaveCount(0)
    })
  }

  test('the contents are plain links in the page as sent, which work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: desktop })
    const page = await context.newPage()
    await page.goto(service)
    const links = contents(page).getByRole('link')
    await expect(links.first()).toBeVisible()
    const target = await links.nth(3).getAttribute('href')
    await links.nth(3).click()
    await expect(page).toHaveURL(new RegExp(`${target}$`))
    const { y } = await box(page.locator(target!))
    expect(y).toBeLessThan(160)
    await context.close()
  })
})

for (const width of [1024, 1280, 1440]) {
  test(`at ${width} px the contents, the body, the offer and the share buttons sit side by side`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await loaded(page, article)
    const share = page.getByRole('group', { name: 'Share this page' })
    await expect(share).toBeVisible()
    for (const scroll of [0, 0.5]) {
      const { y, height } = await box(body(page))
      await page.evaluate((to) => window.scrollTo(0, to), scroll === 0 ? 0 : y + Math.round(height * scroll))
      const nav = await box(contents(page))
      const text = await box(body(page))
      const card = await box(offer(page))
      const buttons = await box(share)
      // Left to right, none over another.
      expect(nav.x + nav.width, 'the contents end before the body').toBeLessThanOrEqual(text.x)
      expect(text.x + text.width, 'the body ends before the offer').toBeLessThanOrEqual(card.x)
      expect(card.y + card.height, 'the offer ends above the share buttons').toBeLessThanOrEqual(buttons.y)
      expect(buttons.x).toBeGreaterThanOrEqual(card.x - 1)
      expect(buttons.x + buttons.width, 'the share buttons stay in the page').toBeLessThanOrEqual(width)
      // Once the column has reached the header, all of it stays in view.
      if (scroll > 0) expect(await inView(page, share), `share buttons in view at ${width} px`).toBe(true)
    }
    // A text column people can read: at least 480 px.
    expect((await box(body(page))).width).toBeGreaterThanOrEqual(480)
  })
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const path of [article, service]) {
    test(`${path}: no sidebar, the body takes the width`, async ({ page }) => {
      await loaded(page, path)
      await expect(contents(page)).toBeHidden()
      await expect(offer(page)).toBeHidden()
      const text = await box(body(page))
      expect(text.width).toBeGreaterThan(390 - 48)
    })
  }

  test('the share buttons follow the article', async ({ page }) => {
    await loaded(page, article)
    const share = page.getByRole('group', { name: 'Share this page' })
    await expect(share).toBeVisible()
    const text = await box(body(page))
    expect((await box(share)).y).toBeGreaterThanOrEqual(text.y + text.height)
  })
})

test.describe('the reading progress', () => {
  test.use({ viewport: desktop })

  test('fills as the article is read, from empty to full', async ({ page }) => {
    await loaded(page, article)
    const bar = page.locator('.reading-progress')
    await expect(bar).toHaveAttribute('aria-hidden', 'true')
    const filled = () =>
      bar.evaluate((element) => element.getBoundingClientRect().width / document.documentElement.clientWidth)
    await expect.poll(filled).toBe(0)
    const { y, height } = await box(body(page))
    const widths: number[] = []
    for (const at of [0.25, 0.5, 0.75]) {
      await page.evaluate((to) => window.scrollTo(0, to), y + Math.round(height * at))
      await expect.poll(filled).toBeGreaterThan(widths.at(-1) ?? 0)
      widths.push(await filled())
    }
    // Once the end of the body is in the window, the article is read.
    await scrollTo(page, body(page), -(height - desktop.height + 10))
    await expect.poll(filled).toBeCloseTo(1, 2)
    // The bar sits at the very top, thin, over everything, and moves nothing.
    const { y: barTop, height: barHeight } = await box(bar)
    expect(barTop).toBe(0)
    expect(barHeight).toBeLessThanOrEqual(4)
    expect(await bar.evaluate((element) => getComputedStyle(element).position)).toBe('fixed')
  })

  test('is not in the page as sent, and not on service pages', async ({ page, request }) => {
    const html = await (await request.get(article)).text()
    expect(html).not.toContain('class="reading-progress"')
    await loaded(page, service)
    await expect(page.locator('.reading-progress')).toHaveCount(0)
  })

  test('does not animate', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await loaded(page, article)
    const bar = page.locator('.reading-progress')
    await expect(bar).toBeAttached()
    expect(await bar.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0s')
    expect(await bar.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
  })
})
