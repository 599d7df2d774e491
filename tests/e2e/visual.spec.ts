import { expect, test } from '@playwright/test'
import { lookPages, lookSchemes, lookViewports } from './look.ts'
import { loadedAsReturning } from './support.ts'

// The look of the pages a prospect judges the agency by, held by screenshots
// (docs/brand.md): the first 2,000 px of each, at a phone's width and a
// laptop's, in both themes. A change that moves, recolours or breaks what they
// show fails here; one that means to change the look updates the baselines
// with `npx playwright test tests/e2e/visual.spec.ts --update-snapshots` and
// commits them beside the change. Taken with reduced motion: the page at rest,
// not halfway through its scroll-driven entrance (docs/brand.md#motion); and
// as a returning visitor sees it, with the headings in the brand face.
const height = 2000

for (const scheme of lookSchemes) {
  for (const viewport of lookViewports) {
    test.describe(`${scheme} theme, ${viewport.width} px`, () => {
      test.use({ viewport, colorScheme: scheme, reducedMotion: 'reduce' })

      for (const { name, path } of lookPages) {
        test(`${path} looks as it did`, async ({ page }) => {
          // As a returning visitor sees it, the brand face at hand from the first paint.
          await loadedAsReturning(page, path)
          // Late widgets and the whole stylesheet are in place.
          await page.waitForLoadState('networkidle')
          await expect(page).toHaveScreenshot(`${name}-${viewport.name}-${scheme}.png`, {
            fullPage: true,
            clip: { x: 0, y: 0, width: viewport.width, height },
            // Room for anti-aliasing to differ between machines, none for a
            // block that moves or changes colour: a pale card on a white page
            // differs by less than the default per-pixel threshold (0.2), so a
            // moved one passed with it.
            threshold: 0.05,
            maxDiffPixelRatio: 0.002,
          })
        })
      }
    })
  }
}
