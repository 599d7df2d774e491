import { createHash } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'
import { loaded } from './support.ts'

// The dark theme and its toggle (docs/product.md#header,
// docs/decisions/026-type-and-theme.md): it follows the system until the
// visitor chooses, the choice is remembered and wins over the system, and the
// first paint already has the right theme.

const light = { background: 'rgb(255, 255, 255)', bar: '#4338ca' }
const dark = { background: 'rgb(11, 17, 32)', bar: '#1e1b4b' }

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  const colors = theme === 'dark' ? dark : light
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  await expect(page.locator('body')).toHaveCSS('background-color', colors.background)
  // The browser takes the first.
  await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', colors.bar)
}

function headerToggle(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Dark theme' })
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('without a choice the theme follows the system, also when it changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await loaded(page, '/')
    await expectTheme(page, 'dark')
    await expect(headerToggle(page)).toHaveAttribute('aria-pressed', 'true')
    await page.emulateMedia({ colorScheme: 'light' })
    await expectTheme(page, 'light')
    await expect(headerToggle(page)).toHaveAttribute('aria-pressed', 'false')
  })

  test('the toggle switches the theme, and the choice is remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await loaded(page, '/services')
    await expectTheme(page, 'light')
    const toggle = headerToggle(page)
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expectTheme(page, 'dark')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(226, 232, 240)')

    await page.reload({ waitUntil: 'load' })
    await expectTheme(page, 'dark')
    await expect(headerToggle(page)).toHaveAttribute('aria-pressed', 'true')
    // A choice wins over the system's preference, which no longer moves it.
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.emulateMedia({ colorScheme: 'light' })
    await expectTheme(page, 'dark')

    await headerToggle(page).click()
    await expectTheme(page, 'light')
    await page.goto('/contact')
    await expectTheme(page, 'light')
  })

  test('a stored choice wins over the system preference', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'))
    await page.emulateMedia({ colorScheme: 'dark' })
    await loaded(page, '/')
    await expectTheme(page, 'light')
    await expect(headerToggle(page)).toHaveAttribute('aria-pressed', 'false')
  })

  test('the first paint has the theme: data-theme is set before <body> is parsed', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark')
      const seen: Record<string, string | undefined> = {}
      ;(window as unknown as { themeSeen: typeof seen }).themeSeen = seen
      new MutationObserver((_, observer) => {
        if (!document.body) return
        seen.body = document.documentElement.dataset.theme
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
      document.addEventListener('DOMContentLoaded', () => {
        seen.domContentLoaded = document.documentElement.dataset.theme
        seen.background = getComputedStyle(document.body).backgroundColor
      })
    })
    await page.goto('/')
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { themeSeen: Record<string, string> }).themeSeen))
      .toEqual({ body: 'dark', domContentLoaded: 'dark', background: dark.background })
  })

  test('the head script is allowed by hash in the page’s Content-Security-Policy', async ({ request }) => {
    for (const path of ['/', '/contact', '/services/paid-ads']) {
      const response = await request.get(path)
      const html = await response.text()
      const script = /<script>(try\{[\s\S]*?)<\/script>/.exec(html)?.[1]
      expect(script, `${path} has the theme's head script`).toBeDefined()
      expect(script!.length, 'the head script is tiny').toBeLessThan(400)
      const hash = createHash('sha256').update(script!).digest('base64')
      expect(response.headers()['content-security-policy']).toContain(`'sha256-${hash}'`)
    }
  })
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('the toggle is in the mobile menu, and the header shows none', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await loaded(page, '/')
    // Hidden elements are not in the accessibility tree: none shows until the menu opens.
    await expect(headerToggle(page)).toHaveCount(0)
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click()
    const toggle = page.locator('#mobile-menu').getByRole('button', { name: 'Dark theme' })
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await toggle.click()
    await expectTheme(page, 'dark')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await page.reload()
    await expectTheme(page, 'dark')
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } })

  test('the page is light and shows no toggle, which could not work', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/')
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./)
    await expect(page.locator('body')).toHaveCSS('background-color', light.background)
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveCount(0)
  })
})
