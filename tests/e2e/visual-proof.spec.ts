import { expect, test, type Page } from '@playwright/test'
import { loaded } from './support.ts'

// What a prospect sees first (docs/product.md#visual-proof): the first screen
// of one page of each family, at 1280x800, shows a picture of the work (an
// image, an SVG illustration or a chart) at least 240x160 px inside the
// viewport, not only a headline and buttons. Icons and the logo are far
// smaller and never count.

const firstScreen = { width: 1280, height: 800 }
const least = { width: 240, height: 160 }

/** One page of each family a prospect judges the agency by. */
const families = [
  { family: 'home', path: '/' },
  { family: 'service', path: '/services/paid-ads' },
  { family: 'case study', path: '/case-studies/saas-startup' },
  { family: 'city', path: '/locations/austin' },
  { family: 'industry', path: '/industries/saas' },
  { family: 'article', path: '/blog/seo-strategy-2025' },
  { family: 'blog', path: '/blog' },
  { family: 'about', path: '/about' },
  { family: 'team', path: '/team' },
  { family: 'pricing', path: '/pricing' },
] as const

/**
 * The largest picture on the first screen: every rendered `img`, `svg` not
 * inside another `svg`, and `canvas`, measured by the part of it inside the
 * viewport (a picture cut by the fold counts by what shows).
 */
async function largestVisual(page: Page) {
  return page.evaluate(({ width, height }) => {
    let best = { width: 0, height: 0, what: 'nothing' }
    for (const element of document.querySelectorAll('img, svg, canvas')) {
      if (element.parentElement?.closest('svg')) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue
      const box = element.getBoundingClientRect()
      const visible = {
        width: Math.max(0, Math.min(box.right, width) - Math.max(box.left, 0)),
        height: Math.max(0, Math.min(box.bottom, height) - Math.max(box.top, 0)),
      }
      if (visible.width * visible.height > best.width * best.height) {
        const label = element.getAttribute('aria-label') ?? element.getAttribute('alt') ?? ''
        best = { ...visible, what: `<${element.localName}> ${label}`.trim() }
      }
    }
    return best
  }, firstScreen)
}

test.describe('the first screen shows the work', () => {
  test.use({ viewport: firstScreen })
  for (const { family, path } of families) {
    test(`${family}: ${path}`, async ({ page }) => {
      await loaded(page, path)
      const visual = await largestVisual(page)
      expect(visual.width, `widest visual on the first screen: ${visual.what}`).toBeGreaterThanOrEqual(least.width)
      expect(visual.height, `tallest visual on the first screen: ${visual.what}`).toBeGreaterThanOrEqual(least.height)
    })
  }
})

// The pages with a form or a tool under their header (issue: "empty right halves") fill the right of
// their first screen with what the page gives the visitor: the case studies' first results, a card
// of points (docs/product.md#visual-proof), or on /book the host beside the times. At 1280x800, text
// (not a blank box) stands right of the middle in the upper 70 % of the screen, under the site's
// header: three lines at least.
const withFormOrTool = [
  '/book',
  '/contact',
  '/case-studies',
  '/resources',
  '/roi-calculator',
  '/dashboard',
  '/resources/audit-checklist',
]

test.describe('the first screen has no empty right half', () => {
  test.use({ viewport: firstScreen })
  for (const path of withFormOrTool) {
    test(path, async ({ page }) => {
      await loaded(page, path)
      const right = await page.evaluate(({ width, height }) => {
        const main = document.querySelector('main')!
        const top = main.getBoundingClientRect().top
        const bottom = height * 0.7
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
        const lines = new Set<number>()
        const range = document.createRange()
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim()) continue
          range.selectNodeContents(node)
          for (const rect of range.getClientRects()) {
            if (rect.left >= width / 2 && rect.top >= top && rect.bottom <= bottom && rect.width > 0) {
              lines.add(Math.round(rect.top))
            }
          }
        }
        return lines.size
      }, firstScreen)
      expect(right, 'lines of text right of the middle, in the upper 70 % of the first screen').toBeGreaterThanOrEqual(
        3,
      )
    })
  }
})
