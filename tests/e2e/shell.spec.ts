import { expect, test, type Page } from '@playwright/test'
import { headingOf } from './expected.ts'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
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

  test("the header's icons are drawn with its text, before the icon sprite arrives", async ({ page }) => {
    // The sprite held back: what the header draws at its first paint needs nothing but the page.
    await page.route('**/icons.*.svg', () => {})
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const banner = page.getByRole('banner')
    const drawings = await banner.locator('svg').evaluateAll((icons) =>
      icons
        .filter((icon) => icon.getBoundingClientRect().width > 0)
        .map((icon) => {
          const box = (icon as SVGSVGElement).getBBox()
          return `${icon.closest('button, a')?.textContent?.trim() ?? ''}: ${Math.round(box.width)}x${Math.round(box.height)}`
        }),
    )
    // The logo, the four menus' chevrons and the theme toggle's moon, each with a drawing of its own size.
    expect(drawings).toHaveLength(6)
    for (const drawing of drawings) expect(drawing).not.toMatch(/: 0x|x0$/)
  })

  test('the Main navigation links where the product says, its secondary links in the About and Resources menus', async ({
    page,
  }) => {
    await loaded(page, '/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [name, href] of [
      ['Case Studies', '/case-studies'],
      ['Pricing', '/pricing'],
      ['Contact', '/contact'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    }
    for (const [menu, links] of [
      [
        'About',
        [
          ['About Northpeak', '/about'],
          ['How We Work', '/how-we-work'],
          ['Approach', '/approach'],
          ['Locations', '/locations'],
        ],
      ],
      [
        'Resources',
        [
          ['All resources', '/resources'],
          ['Blog', '/blog'],
        ],
      ],
    ] as const) {
      await nav.getByRole('button', { name: menu }).click()
      for (const [name, href] of links) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
      }
      await page.keyboard.press('Escape')
    }
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Northpeak, home' })).toHaveAttribute('href', '/')
    await expect(banner.getByRole('link', { name: 'Book your free strategy call' })).toHaveAttribute('href', '/book')
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

/**
 * Every link the header offers, docs/product.md#header (Home, About, Services and each service
 * page but omnichannel, Case Studies, How We Work, the Industries menu,
 * Locations, Approach, Resources, Blog, Contact), with Pricing
 * (docs/product.md#header) and the strategy call's button.
 */
const specHeaderLinks = [
  ['/', 'Northpeak, home'],
  ['/about', 'About'],
  ['/services', 'Services'],
  ...headerServices.map(([name, href]) => [href, name] as const),
  ['/case-studies', 'Case Studies'],
  ['/how-we-work', 'How We Work'],
  ['/industries/saas', 'SaaS'],
  ['/industries/ecommerce', 'Ecommerce'],
  ['/locations', 'Locations'],
  ['/approach', 'Approach'],
  ['/resources', 'Resources'],
  ['/blog', 'Blog'],
  ['/pricing', 'Pricing'],
  ['/contact', 'Contact'],
  ['/book', 'Book your free strategy call'],
] as const

/** What a header entry's text takes: its box, the lines its words run over, and whether it reaches past its box. */
interface EntryBox {
  name: string
  x: number
  y: number
  width: number
  height: number
  lines: number
  overflows: boolean
}

/** Every link and button the header shows (not those in a closed menu), with the lines its words take. */
function headerEntries(page: Page): Promise<EntryBox[]> {
  return page.getByRole('banner').evaluate((header) =>
    [...header.querySelectorAll<HTMLElement>('a, button')]
      .filter((entry) => entry.checkVisibility() && !entry.closest('[popover]'))
      .map((entry) => {
        const box = entry.getBoundingClientRect()
        const tops = new Set<number>()
        const walker = document.createTreeWalker(entry, NodeFilter.SHOW_TEXT)
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (!text.textContent?.trim() || !(text.parentElement?.checkVisibility() ?? false)) continue
          const range = document.createRange()
          range.selectNodeContents(text)
          for (const line of range.getClientRects()) if (line.width > 1) tops.add(Math.round(line.top))
        }
        return {
          name: entry.textContent?.trim() || entry.getAttribute('aria-label') || '',
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
          lines: tops.size,
          overflows: entry.scrollWidth > entry.clientWidth + 1,
        }
      }),
  )
}

test.describe('header from 1024 to 2560 px', () => {
  for (const width of [1024, 1280, 1536, 1920, 2560]) {
    test(`at ${width} px every entry is on one line inside the header, and every link the spec names is reachable`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await loaded(page, '/about')
      const banner = page.getByRole('banner')
      const header = (await banner.boundingBox())!
      const entries = await headerEntries(page)
      // The Main navigation itself shows, not a menu button.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      expect(entries.map((entry) => entry.name)).toContain('Book your free strategy call')
      for (const entry of entries) {
        expect(entry.lines, `"${entry.name}" on one line`).toBeLessThanOrEqual(1)
        expect(entry.overflows, `"${entry.name}" inside its box`).toBe(false)
        expect(entry.y, `"${entry.name}" inside the header`).toBeGreaterThanOrEqual(header.y)
        expect(entry.y + entry.height, `"${entry.name}" inside the header`).toBeLessThanOrEqual(
          header.y + header.height,
        )
        expect(entry.x + entry.width, `"${entry.name}" inside the window`).toBeLessThanOrEqual(width)
      }
      // Side by side, none over another.
      const byX = entries.toSorted((a, b) => a.x - b.x)
      for (const [index, entry] of byX.entries()) {
        const next = byX[index + 1]
        if (next)
          expect(entry.x + entry.width, `"${entry.name}" ends before "${next.name}"`).toBeLessThanOrEqual(next.x + 0.5)
      }

      // Each link shows in the header, or in a menu of it that opens from the keyboard.
      for (const [href, name] of specHeaderLinks) {
        const shown = banner.locator(`a[href="${href}"]:visible`)
        if ((await shown.count()) > 0) continue
        const menu = await banner.evaluate(
          (element, target) =>
            [...element.querySelectorAll<HTMLElement>('[popover]')]
              .filter((panel) => panel.querySelector(`a[href="${target}"]`))
              .map((panel) => panel.id)
              .find((id) => element.querySelector<HTMLElement>(`button[popovertarget="${id}"]`)?.checkVisibility()),
          href,
        )
        expect(menu, `${name} (${href}) is shown, or in a menu the header shows`).toBeDefined()
        await banner.locator(`button[popovertarget="${menu}"]`).focus()
        await page.keyboard.press('Enter')
        await expect(shown.first(), `${name} (${href})`).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(shown).toHaveCount(0)
      }
    })
  }
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
    // The instant audit, a free tool, sits with the others under Resources.
    await expect(footer.getByRole('link', { name: auditRequest.pageName, exact: true })).toHaveAttribute(
      'href',
      auditRequest.href,
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

  test('while it is open, the page behind it does not scroll; closed, it scrolls again', async ({ page }) => {
    // The header scrolls away with the page on a phone: the menu is opened from the top.
    await loaded(page, '/about')
    await toggle(page).click()
    await expect(menu(page)).toBeVisible()
    // A wheel over the dimmed page below the menu, and one over the menu itself.
    const box = (await menu(page).boundingBox())!
    expect(box.y + box.height + 40).toBeLessThan(844)
    await page.mouse.move(195, box.y + box.height + 40)
    await page.mouse.wheel(0, 600)
    await page.mouse.move(195, box.y + box.height / 2)
    await page.mouse.wheel(0, 600)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.evaluate(() => scrollY)).toBe(0)
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await page.mouse.wheel(0, 300)
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0)
  })

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
