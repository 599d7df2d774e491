import { expect, test, type Page } from '@playwright/test'
import { CTA_BAR_SCROLL_PX } from '#app/components/lead-widget-rules.ts'
import { barAllowedOn } from '#app/lib/leads/lead-widget-pages.ts'
import { articles, categories, page as registryPage } from '#app/lib/site/registry.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { expectControlsInViewport, narrowViewports } from './controls-in-viewport.ts'
import { loaded } from './support.ts'
import { onePerTemplate } from './expected.ts'

// Every visible control of one page of each family lies inside the viewport
// at 320, 390 and 768 px, the mobile call-to-action bar's among them
// (docs/product.md#mobile-call-to-action-bar): a control pushed off the screen
// fails with its name. One load per page and width, one look at the page.

const families = [
  ...new Set([
    ...onePerTemplate,
    registryPage('/').path,
    registryPage('/industries/saas').path,
    registryPage('/about').path,
    registryPage('/pricing').path,
    registryPage('/resources/audit-checklist').path,
  ]),
  // The not-found page, served at any unknown address.
  '/no-such-page',
]

const bar = (page: Page) => page.getByRole('region', { name: 'Book a strategy call' })
/** Below 48rem the shell wakes the bar once the page is scrolled past its mark (app/layouts/site-layout.astro). */
const barWidth = 768

test('the families cover every shell and the pages named in the layout check', () => {
  expect(families).toEqual(
    expect.arrayContaining([
      '/',
      '/services/website-design',
      '/case-studies/saas-startup',
      '/locations/miami',
      '/industries/saas',
      // The first article, the newest (app/lib/site/article-files.ts).
      articles[0]!.path,
      '/blog',
      '/about',
      '/pricing',
      '/contact',
      '/roi-calculator',
      '/dashboard',
      '/resources/audit-checklist',
      '/no-such-page',
    ]),
  )
  expect(families).toContain(categories[0]!.path)
})

for (const path of families) {
  test(`every control of ${path} lies inside the viewport at 320, 390 and 768 px`, async ({ page }) => {
    for (const viewport of narrowViewports) {
      await page.setViewportSize(viewport)
      await loaded(page, path)
      const where = `${path} at ${viewport.width} px`
      const withBar = barAllowedOn(path) && viewport.width < barWidth
      if (withBar) {
        // Far enough for the bar, not to the end, where the footer is.
        await page.evaluate((px) => window.scrollTo(0, px + 100), CTA_BAR_SCROLL_PX)
        await expect(bar(page), `${where}: the bar shows once scrolled`).toBeVisible()
      }
      const report = await expectControlsInViewport(page, where)
      if (withBar) {
        expect(report.checked, `${where}: the bar's controls were checked`).toEqual(
          expect.arrayContaining([
            `a "${strategyCall.label}" in region "Book a strategy call"`,
            'button "Hide this bar" in region "Book a strategy call"',
          ]),
        )
      }
    }
  })
}
