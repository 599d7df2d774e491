import { expect, test, type Page } from '@playwright/test'
import { pages } from '#app/lib/site/registry.ts'
import { loaded } from './support.ts'

// No page scrolls sideways on a phone (docs/product.md#quality-bars): at 320, 390
// and 430 px the document is exactly as wide as the viewport, on every page of
// the registry and the not-found page. What is wider than the screen, a table
// of an article, scrolls inside its own box (`.table-scroll`, app/app.css),
// and what is hidden for assistive technology is clipped to its 1 px box. One
// browser page per width, loaded with each path in turn; after the load the
// page is scrolled to its end, so that what wakes in view (the share widget,
// the mobile call-to-action bar) is measured too.
// In the same visit: no element that shows nothing (no width or no height, as
// an empty status line before its message) stands in a row or column of a grid
// or flex box with a gap, where it would add that gap as blank space beside or
// under what is shown (docs/product.md#quality-bars).

const widths = [320, 390, 430] as const
const paths = [...pages.map((entry) => entry.path), '/no-such-page']

/**
 * How far the document reaches past the viewport, with the elements that reach
 * furthest, and the elements that show nothing but take a gap of the grid or
 * flex box they stand in: named for the failure messages.
 */
async function layoutOf(page: Page) {
  return page.evaluate(() => {
    const name = (element: Element) => {
      const classes = element.getAttribute('class')?.split(/\s+/).slice(0, 3).join('.')
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`
    }
    const root = document.documentElement
    const width = root.clientWidth
    const elements = [...document.body.querySelectorAll('*')]
    /** An element whose box a clipping or scrolling ancestor cuts off, so it cannot widen the page. */
    const contained = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true
      }
      return false
    }
    const widest = elements
      .map((element) => ({ element, right: element.getBoundingClientRect().right + scrollX }))
      .filter(({ element, right }) => right > width + 0.5 && !contained(element))
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ element, right }) => `${name(element)} to ${Math.round(right)} px`)

    const emptySlots: string[] = []
    for (const box of elements) {
      const style = getComputedStyle(box)
      if (!/^(inline-)?(grid|flex)$/.test(style.display) || !box.checkVisibility()) continue
      const gap = Math.max(parseFloat(style.rowGap) || 0, parseFloat(style.columnGap) || 0)
      // Children laid out in the box: not hidden, not taken out of its flow, not a box of their children's only.
      const items = [...box.children].filter((child) => {
        const own = getComputedStyle(child)
        return !['none', 'contents'].includes(own.display) && !['absolute', 'fixed'].includes(own.position)
      })
      if (gap === 0 || items.length < 2) continue
      for (const item of items) {
        const { width, height } = item.getBoundingClientRect()
        if (width === 0 || height === 0) emptySlots.push(`${name(item)} in ${name(box)} (gap ${gap} px)`)
      }
    }
    return { viewport: innerWidth, clientWidth: width, scrollWidth: root.scrollWidth, widest, emptySlots }
  })
}

for (const width of widths) {
  test(`at ${width} px no page of the registry scrolls sideways or leaves a gap for an empty element`, async ({
    page,
  }) => {
    test.setTimeout(paths.length * 3_000)
    await page.setViewportSize({ width, height: 800 })
    const wider: string[] = []
    const emptySlots: string[] = []
    for (const path of paths) {
      await loaded(page, path)
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      // A frame for what the scroll wakes to lay itself out.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      const { viewport, clientWidth, scrollWidth, widest, emptySlots: empty } = await layoutOf(page)
      expect(clientWidth, `${path}: the headless shell's scrollbars take no width`).toBe(viewport)
      if (scrollWidth !== viewport)
        wider.push(`${path}: ${scrollWidth} px (${widest.join(', ') || 'no element found'})`)
      for (const slot of empty) emptySlots.push(`${path}: ${slot}`)
    }
    expect(wider, `pages wider than ${width} px`).toEqual([])
    expect(emptySlots, `elements that show nothing and take a gap at ${width} px`).toEqual([])
  })
}
