import { expect, test } from '@playwright/test'
import { expectControlsInViewport, narrowViewports } from '../controls-in-viewport.ts'
import { loaded } from '../support.ts'
import { banner, interceptAnalytics } from './support.ts'

// The consent banner shows only in a build with a measurement id: its
// controls, and every other control of the page under it, lie inside the
// viewport at 320, 390 and 768 px (tests/e2e/controls-in-viewport.spec.ts
// holds every page family of the build without one).

for (const path of ['/', '/blog/seo-strategy-2025', '/contact']) {
  test(`with the consent banner, every control of ${path} lies inside the viewport at 320, 390 and 768 px`, async ({
    page,
    context,
  }) => {
    await interceptAnalytics(context)
    for (const viewport of narrowViewports) {
      await page.setViewportSize(viewport)
      await loaded(page, path)
      const where = `${path} at ${viewport.width} px`
      await expect(banner(page), `${where}: the banner shows`).toBeVisible()
      const report = await expectControlsInViewport(page, where)
      expect(report.checked, `${where}: the banner's controls were checked`).toEqual(
        expect.arrayContaining([
          'a "Privacy policy" in region "Cookie consent"',
          'button "Reject" in region "Cookie consent"',
          'button "Accept" in region "Cookie consent"',
        ]),
      )
    }
  })
}
