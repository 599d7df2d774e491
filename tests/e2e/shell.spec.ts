import { expect, test, type Page } from '@playwright/test'
import { headingOf } from './expected.ts'
import { CLICK_AFTER_HOVER_OPEN_MS, MENU_OPEN_DELAY_MS } from '#app/scripts/menus.ts'
import { expandedState, loaded } from './support.ts'

const headerServices = [
  ['Website Design', '/services/website-design'],
  ['Paid Ads', '/services/paid-ads'],
  ['Email Marketing', '/services/email-marketing'],
  ['Content Creation', '/services/content-creation'],
  ['Social Media', '/services/social-media'],
  ['AI Automation', '/services/ai-automation'],
  ['Analytics', '/services/analytics'],
  ['App Development', '/services/app-development'],
] as const

test.describe('header, desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('the Main navigation links where the product says', async ({ page }) => {
    await loaded(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [name, href] of [
      ['About', '/about'],
      ['Case Studies', '/case-studies'],
      ['How We Work', '/how-we-work'],
      ['Locations', '/locations'],
      ['Approach', '/approach'],
      ['Resources', '/resources'],
      ['Blog', '/blog'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Northpeak, home' })).toHaveAttribute('href', '/')
    await expect(banner.getByRole('link', { name: 'Book your free strategy call' })).toHaveAttribute('href', '/book')
  })

  test('at 1280 px, the narrowest width that shows it, the Main navigation fits between the logo and the buttons', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await loaded(page, '/')
    const banner = page.getByRole('banner')
    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!
    const logo = await box(banner.getByRole('link', { name: 'Northpeak, home' }))
    const nav = page.getByRole('navigation', { name: 'Main' })
    const first = await box(nav.getByRole('link', { name: 'About', exact: true }))
    const last = await box(nav.getByRole('link', { name: 'Contact', exact: true }))
    const toggle = await box(banner.getByRole('button', { name: 'Dark theme' }))
    const call = await box(banner.getByRole('link', { name: 'Book your free strategy call' }))
    expect(first.x, 'the first link starts after the logo').toBeGreaterThanOrEqual(logo.x + logo.width)
    expect(last.x + last.width, 'the last link ends before the theme toggle').toBeLessThanOrEqual(toggle.x)
    expect(toggle.x + toggle.width, 'the toggle ends before the strategy call').toBeLessThanOrEqual(call.x)
    expect(call.x + call.width, 'the strategy call ends inside the viewport').toBeLessThanOrEqual(1280)
    // Every entry on one line, as high as the others.
    for (const name of ['About', 'Pricing', 'Contact']) {
      expect((await box(nav.getByRole('link', { name, exact: true }))).height).toBe(first.height)
    }
  })

  test('the Services menu lists every service page but omnichannel', async ({ page }) => {
    await loaded(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Services' }).click()
    await expect(nav.getByRole('link', { name: 'All services' })).toHaveAttribute('href', '/services')
    for (const [name, href] of headerServices) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(nav.getByRole('link', { name: 'Omnichannel Marketing' })).toHaveCount(0)
    await nav.getByRole('link', { name: 'Paid Ads', exact: true }).click()
    await expect(page).toHaveURL(/\/services\/paid-ads$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/services/paid-ads'))
  })

  test('the Industries menu opens on hover and leads to SaaS and Ecommerce', async ({ page }) => {
    await loaded(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Industries' }).hover()
    await expect(nav.getByRole('link', { name: 'SaaS' })).toHaveAttribute('href', '/industries/saas')
    await expect(nav.getByRole('link', { name: 'Ecommerce' })).toHaveAttribute('href', '/industries/ecommerce')
    await nav.getByRole('link', { name: 'Ecommerce' }).click()
    await expect(page).toHaveURL(/\/industries\/ecommerce$/)
  })

  test('a click on a menu the pointer has just opened keeps it open', async ({ page }) => {
    // The page's clock stands still unless the test moves it, so "just" is
    // the same on a busy machine.
    const start = new Date('2026-03-02T10:00:00Z')
    await page.clock.install({ time: start })
    await page.clock.pauseAt(new Date(start.getTime() + 1000))
    await loaded(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const services = nav.getByRole('button', { name: 'Services' })
    // Resting on it opens it; the click that follows is the visitor's "open", not "close".
    await services.hover()
    await page.clock.runFor(MENU_OPEN_DELAY_MS)
    await expect.poll(() => expandedState(page, 'Services')).toBe(true)
    await page.clock.runFor(CLICK_AFTER_HOVER_OPEN_MS - 100)
    await services.click()
    await expect(nav.getByRole('link', { name: 'Paid Ads', exact: true })).toBeVisible()
    expect(await expandedState(page, 'Services')).toBe(true)
    // Clicked again later, it closes as usual.
    await page.clock.runFor(CLICK_AFTER_HOVER_OPEN_MS)
    await services.click()
    await expect.poll(() => expandedState(page, 'Services')).toBe(false)
    await expect(nav.getByRole('link', { name: 'Paid Ads', exact: true })).toBeHidden()
  })

  test('the menus work from the keyboard', async ({ page }) => {
    await loaded(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const trigger = nav.getByRole('button', { name: 'Industries' })
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => expandedState(page, 'Industries')).toBe(true)
    // The panel follows its button in tab order.
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name: 'SaaS' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect.poll(() => expandedState(page, 'Industries')).toBe(false)
    await expect(trigger).toBeFocused()
    // Tabbing out of an open menu closes it.
    await page.keyboard.press('Enter')
    await expect(nav.getByRole('link', { name: 'SaaS' })).toBeVisible()
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name: 'SaaS' })).toBeHidden()
  })

  test('the menus open and close without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } })
    const page = await context.newPage()
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Services' }).click()
    await expect(nav.getByRole('link', { name: 'Paid Ads', exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav.getByRole('link', { name: 'Paid Ads', exact: true })).toBeHidden()
    await context.close()
  })

  test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
    await loaded(page, '/about')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
  })
})

test.describe('footer', () => {
  test('links to pricing, team and the sitemap, and shows © 2025', async ({ page }) => {
    await loaded(page, '/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing')
    await expect(footer.getByRole('link', { name: 'Team', exact: true })).toHaveAttribute('href', '/team')
    await expect(footer.getByRole('link', { name: 'Sitemap', exact: true })).toHaveAttribute('href', '/sitemap')
    await expect(footer.getByRole('link', { name: 'Omnichannel Marketing' })).toHaveAttribute(
      'href',
      '/services/omnichannel',
    )
    await expect(footer).toContainText('© 2025 Northpeak')
    await footer.getByRole('link', { name: 'Team', exact: true }).click()
    await expect(page).toHaveURL(/\/team$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/team'))
  })

  test('Back to top has a tooltip that opens after a pause', async ({ page }) => {
    await loaded(page, '/')
    const button = page.getByRole('button', { name: 'Back to top' })
    await button.hover()
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await expect(page.getByRole('tooltip')).toHaveText('Back to top', { timeout: 3000 })
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('Back to top shows its tooltip to keyboard focus too, and Escape hides it', async ({ page }) => {
    await loaded(page, '/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap', exact: true }).focus()
    await page.keyboard.press('Tab')
    const button = page.getByRole('button', { name: 'Back to top' })
    await expect(button).toBeFocused()
    await expect(page.getByRole('tooltip')).toHaveText('Back to top', { timeout: 3000 })
    await page.keyboard.press('Escape')
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await expect(button).toBeFocused()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.locator('main#main')).toBeFocused()
  })
})

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' })
  const menu = (page: Page) => page.locator('#mobile-menu')

  test('opens with Home, the main links and only the Industries sub-links', async ({ page }) => {
    await loaded(page, '/about')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    expect(await expandedState(page, 'Menu')).toBe(false)
    await toggle(page).click()
    await expect.poll(() => expandedState(page, 'Menu')).toBe(true)
    const nav = menu(page).getByRole('navigation', { name: 'Main menu', exact: true })
    await expect(nav).toBeVisible()
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Services', '/services'],
      ['Case Studies', '/case-studies'],
      ['SaaS', '/industries/saas'],
      ['Ecommerce', '/industries/ecommerce'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
      ['Book your free strategy call', '/book'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(nav.getByRole('link', { name: 'Paid Ads' })).toHaveCount(0)
    // Focus moves into the menu.
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused()
  })

  test('closes on a link click and goes to the page', async ({ page }) => {
    await loaded(page, '/')
    await toggle(page).click()
    await menu(page).getByRole('link', { name: 'Case Studies' }).click()
    await expect(page).toHaveURL(/\/case-studies$/)
    await expect(menu(page)).toBeHidden()
    await expect.poll(() => expandedState(page, 'Menu')).toBe(false)
  })

  test('closes on a click outside it', async ({ page }) => {
    await loaded(page, '/')
    await toggle(page).click()
    await expect(menu(page)).toBeVisible()
    await page.mouse.click(200, 820)
    await expect(menu(page)).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
  })

  test('closes on Escape and returns focus to the button', async ({ page }) => {
    await loaded(page, '/')
    await toggle(page).click()
    await expect(menu(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await expect(toggle(page)).toBeFocused()
  })

  test('toggles closed with its own button', async ({ page }) => {
    await loaded(page, '/')
    await toggle(page).click()
    await expect(menu(page)).toBeVisible()
    await toggle(page).click()
    await expect(menu(page)).toBeHidden()
  })

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto('/')
    await toggle(page).click()
    await expect(menu(page).getByRole('link', { name: 'Blog' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await context.close()
  })
})

test.describe('breadcrumbs', () => {
  const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')

  test('read Home > Services > Paid Ads on a service page, the last not a link', async ({ page }) => {
    await page.goto('/services/paid-ads')
    await expect(crumbs(page)).toHaveText(['Home', 'Services', 'Paid Ads'])
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services')
    await expect(nav.getByRole('link', { name: 'Paid Ads' })).toHaveCount(0)
    await expect(nav.getByText('Paid Ads')).toHaveAttribute('aria-current', 'page')
  })

  test('read Home > Blog > the article on an article', async ({ page }) => {
    await page.goto('/blog/mvp-development-guide')
    await expect(crumbs(page)).toHaveText(['Home', 'Blog', 'MVP Development Guide'])
  })

  test('title-case a segment that is not a page, without linking it', async ({ page }) => {
    await page.goto('/industries/saas')
    await expect(crumbs(page)).toHaveText(['Home', 'Industries', 'SaaS'])
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveCount(1)
  })

  test('are hidden on the home page', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0)
  })
})

test.describe('navigation', () => {
  test('a click to another page starts at the top; Back restores the position', async ({ page }) => {
    await loaded(page, '/')
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    const before = await page.evaluate(() => window.scrollY)
    expect(before).toBeGreaterThan(500)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true }).click()
    await expect(page).toHaveURL(/\/pricing$/)
    // The URL changes before the new page renders: wait for the pricing page itself.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/pricing'))
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50)
  })
})
