import { expect, test, type Page } from '@playwright/test'
import { headingOf } from './expected.ts'
import { expandedState, hydrated } from './support.ts'

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

/**
 * Holds back the desktop menus' code, which loads when the browser is idle or
 * on first use, so a test can act before it arrives; returns its release.
 */
async function holdMenusCode(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/loaded-desktop-nav-*.js', async (route) => {
    await held
    await route.continue()
  })
  return release
}

test.describe('header, desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('the Main navigation links where the product says', async ({ page }) => {
    await hydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [name, href] of [
      ['About', '/about'],
      ['Case Studies', '/case-studies'],
      ['How We Work', '/how-we-work'],
      ['Locations', '/locations'],
      ['Approach', '/approach'],
      ['Resources', '/resources'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Northpeak, home' })).toHaveAttribute('href', '/')
    await expect(banner.getByRole('link', { name: 'Book Strategy Call' })).toHaveAttribute('href', '/contact')
  })

  test('the Services menu lists every service page but omnichannel', async ({ page }) => {
    await hydrated(page, '/')
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
    await hydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Industries' }).hover()
    await expect(nav.getByRole('link', { name: 'SaaS' })).toHaveAttribute('href', '/industries/saas')
    await expect(nav.getByRole('link', { name: 'Ecommerce' })).toHaveAttribute('href', '/industries/ecommerce')
    await nav.getByRole('link', { name: 'Ecommerce' }).click()
    await expect(page).toHaveURL(/\/industries\/ecommerce$/)
  })

  test('a click on a menu the pointer has just opened keeps it open', async ({ page }) => {
    await hydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const services = nav.getByRole('button', { name: 'Services' })
    // Resting on it opens it; the click that follows is the visitor's "open", not "close".
    await services.hover()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await services.click()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Paid Ads', exact: true })).toBeVisible()
    // Clicked again later, it closes as usual.
    await page.waitForTimeout(1100)
    await services.click()
    await expect(services).toHaveAttribute('aria-expanded', 'false')
  })

  test('the menus work from the keyboard', async ({ page }) => {
    await hydrated(page, '/')
    const trigger = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Industries' })
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger).toBeFocused()
  })

  test('the menus work while their code is still loading', async ({ page }) => {
    const release = await holdMenusCode(page)
    await hydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const services = nav.getByRole('button', { name: 'Services' })
    await services.focus()
    await page.keyboard.press('Enter')
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    release()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await expect(services).toBeFocused()
    await expect(nav.getByRole('link', { name: 'All services' })).toBeVisible()
  })

  test('a menu under the pointer opens once its code arrives', async ({ page }) => {
    const release = await holdMenusCode(page)
    await hydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Industries' }).hover()
    await nav.getByRole('link', { name: 'About', exact: true }).waitFor()
    release()
    await expect(nav.getByRole('link', { name: 'SaaS' })).toBeVisible()
    await expect(nav.getByRole('button', { name: 'Industries' })).toHaveAttribute('aria-expanded', 'true')
  })

  test("its links work before the menus' code has loaded", async ({ page }) => {
    await page.route('**/assets/loaded-desktop-nav-*.js', (route) => route.abort())
    await hydrated(page, '/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approach', exact: true }).click()
    await expect(page).toHaveURL(/\/approach$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/approach'))
  })

  test('a menu opens on the next use after its code failed to load once', async ({ page }) => {
    let requests = 0
    let failed = () => {}
    const firstFailed = new Promise<void>((resolve) => (failed = resolve))
    await page.route('**/assets/loaded-desktop-nav-*.js', async (route) => {
      requests += 1
      if (requests > 1) return route.continue()
      await route.abort()
      failed()
    })
    await hydrated(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const services = nav.getByRole('button', { name: 'Services' })
    // The fetch ahead, at idle, fails; the links still work.
    await firstFailed
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('href', '/about')
    await services.click()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'All services' })).toBeVisible()
    expect(requests).toBe(2)
  })

  test('the skip link is the first stop and moves focus to the content', async ({ page }) => {
    await hydrated(page, '/about')
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
    await hydrated(page, '/')
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
    await hydrated(page, '/')
    const button = page.getByRole('button', { name: 'Back to top' })
    await button.hover()
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await expect(page.getByRole('tooltip')).toHaveText('Back to top', { timeout: 3000 })
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('Back to top keeps keyboard focus while its tooltip loads, then shows it', async ({ page }) => {
    await hydrated(page, '/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap', exact: true }).focus()
    await page.keyboard.press('Tab')
    const button = page.getByRole('button', { name: 'Back to top' })
    await expect(page.getByRole('tooltip')).toHaveText('Back to top', { timeout: 3000 })
    await expect(button).toBeFocused()
  })

  test("Back to top works, with no error, when its tooltip's code cannot load", async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.route('**/assets/loaded-tooltip-*.js', (route) => route.abort())
    await hydrated(page, '/')
    const button = page.getByRole('button', { name: 'Back to top' })
    const warned = page.waitForEvent('console', (message) => message.text().includes('The tooltip could not load'))
    await button.hover()
    await button.focus()
    await warned
    await expect(button).toBeFocused()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toContainText('© 2025 Northpeak')
    expect(errors).toEqual([])
  })
})

test.describe('mobile menu at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menu' })
  const menu = (page: Page) => page.locator('#mobile-menu')

  test('opens with Home, the main links and only the Industries sub-links', async ({ page }) => {
    await hydrated(page, '/about')
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
      ['Contact', '/contact'],
      ['Book Strategy Call', '/contact'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    await expect(nav.getByRole('link', { name: 'Paid Ads' })).toHaveCount(0)
    // Focus moves into the menu.
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused()
  })

  test('closes on a link click and goes to the page', async ({ page }) => {
    await hydrated(page, '/')
    await toggle(page).click()
    await menu(page).getByRole('link', { name: 'Case Studies' }).click()
    await expect(page).toHaveURL(/\/case-studies$/)
    await expect(menu(page)).toBeHidden()
    await expect.poll(() => expandedState(page, 'Menu')).toBe(false)
  })

  test('closes on a click outside it', async ({ page }) => {
    await hydrated(page, '/')
    await toggle(page).click()
    await expect(menu(page)).toBeVisible()
    await page.mouse.click(200, 820)
    await expect(menu(page)).toBeHidden()
    await expect(page).toHaveURL(/\/$/)
  })

  test('closes on Escape and returns focus to the button', async ({ page }) => {
    await hydrated(page, '/')
    await toggle(page).click()
    await expect(menu(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await expect(toggle(page)).toBeFocused()
  })

  test('toggles closed with its own button', async ({ page }) => {
    await hydrated(page, '/')
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
    await hydrated(page, '/')
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

  test('a slow page shows the loading bar until it arrives', async ({ page }) => {
    await hydrated(page, '/')
    await page.route('**/*.data', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200))
      await route.continue()
    })
    // Paid Ads is not among the pages fetched ahead, so its data really is slow.
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Services' }).click()
    await nav.getByRole('link', { name: 'Paid Ads', exact: true }).click()
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible()
    await expect(page).toHaveURL(/\/services\/paid-ads$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/services/paid-ads'))
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0)
  })

  test('fetches /contact, /services, /pricing and /case-studies ahead, then more when idle', async ({ page }) => {
    await hydrated(page, '/about')
    for (const path of ['/contact', '/services', '/pricing', '/case-studies']) {
      await expect(page.locator(`link[rel="prefetch"][href="${path}.data"]`)).toHaveCount(1)
    }
    await expect(page.locator('link[rel="prefetch"][href="/blog.data"]')).toHaveCount(1)
    await expect(page.locator('link[rel="prefetch"][href="/services/website-design.data"]')).toHaveCount(1)
  })

  test('the new page title is announced after a client-side navigation', async ({ page }) => {
    await hydrated(page, '/')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Team', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/team'))
    const title = await page.title()
    expect(title).toContain('Northpeak')
    await expect(page.locator('[aria-live="assertive"]')).toHaveText(title)
  })
})
