import { expect, test, type Locator, type Page } from '@playwright/test'
import { contentFileOf } from '#app/lib/content/files.ts'
import { pages, page as registryPage } from '#app/lib/site/registry.ts'
import { loaded } from './support.ts'
import { readFields } from '#app/lib/content/editor/saved.ts'

const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 900 }

async function left(locator: Locator): Promise<number> {
  const box = await locator.boundingBox()
  expect(box, 'the element has a box').not.toBeNull()
  return box!.x
}

/** Each grid in the main content, as the rows its children sit in (by their top) and how they fill it. */
async function gridsOf(page: Page) {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('*')]
      .filter((element) => getComputedStyle(element).display === 'grid' && element.children.length > 1)
      .map((grid) => {
        const boxes = [...grid.children].map((child) => child.getBoundingClientRect())
        const tops = boxes.map((box) => Math.round(box.top))
        const lefts = boxes.map((box) => Math.round(box.left))
        const lastTop = Math.max(...tops)
        const style = getComputedStyle(grid)
        const gridBox = grid.getBoundingClientRect()
        return {
          label: `${grid.tagName.toLowerCase()} in "${grid.closest('section')?.querySelector('h2')?.textContent ?? '?'}"`,
          items: boxes.length,
          rows: new Set(tops).size,
          columns: new Set(lefts).size,
          inLastRow: tops.filter((top) => top === lastTop).length,
          // How much of the grid's width the row leaves empty after its last card.
          emptyAtEnd:
            gridBox.right - Number.parseFloat(style.paddingRight) - Math.max(...boxes.map((box) => box.right)),
        }
      }),
  )
}

test.describe('the logo and the content start at the same x', () => {
  const paths = [
    '/',
    '/services',
    '/services/paid-ads',
    '/pricing',
    '/about',
    '/blog/seo-strategy-2025',
    '/locations/san-francisco',
  ]
  for (const viewport of [phone, desktop]) {
    test(`at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport)
      for (const path of paths) {
        await loaded(page, path)
        const logo = await left(page.getByRole('banner').getByRole('link', { name: 'Northpeak, home' }))
        const heading = await left(page.getByRole('heading', { level: 1 }))
        // What follows the page's header: the first column of an article's reading layout (its
        // contents on wide screens, its body on narrow ones), an article's body, or the first thing
        // in the first section (a heading, figures, cards).
        const firstSection = await page
          .locator('main :is(section, div.reading, div.prose)')
          .first()
          .evaluate((block) => {
            const first = block.matches('section')
              ? block.querySelector(':scope > div > *')!
              : block.matches('.reading')
                ? [...block.children].find((child) => child.getClientRects().length > 0)!
                : block
            return first.getBoundingClientRect().left
          })
        expect(Math.abs(heading - logo), `${path}: h1 at ${heading}, logo at ${logo}`).toBeLessThanOrEqual(4)
        expect(
          Math.abs(firstSection - logo),
          `${path}: content at ${firstSection}, logo at ${logo}`,
        ).toBeLessThanOrEqual(4)
      }
    })
  }
})

// A page's header ends its own bottom padding below the last thing it shows: nothing laid out and
// unseen (a card shown from 1024 px only, its column still a row of the grid) adds a gap under
// the text. Every page whose content file gives the header something beside the text, at the
// widths where it stacks under it (phone, tablet) and where it stands beside it.
test.describe("a page's header leaves no empty space under what it shows", () => {
  const withAside = pages
    .filter((entry) => entry.collection === 'pages')
    .filter((entry) => {
      const { fields } = readFields(contentFileOf(entry)) as { fields: { visual?: unknown; results?: unknown } }
      return Boolean(fields.visual || fields.results)
    })
    .map((entry) => entry.path)
  for (const viewport of [phone, { width: 800, height: 900 }, desktop]) {
    test(`at ${viewport.width} px`, async ({ page }) => {
      expect(withAside, 'the pages with a visual or results beside their header').toContain('/contact')
      await page.setViewportSize(viewport)
      const gaps: string[] = []
      for (const path of withAside) {
        await loaded(page, path)
        const { shownBottom, contentBottom } = await page
          .locator('main header')
          .first()
          .evaluate((header) => {
            const content = header.firstElementChild!
            // What takes room on the screen: an element laid out with no height (an empty column) shows nothing.
            const shown = [...content.querySelectorAll('*')]
              .map((element) => element.getBoundingClientRect())
              .filter((box) => box.width > 0 && box.height > 0)
            return {
              shownBottom: Math.max(...shown.map((box) => box.bottom)),
              contentBottom: content.getBoundingClientRect().bottom,
            }
          })
        if (contentBottom - shownBottom > 1)
          gaps.push(`${path}: ${Math.round(contentBottom - shownBottom)} px under the last thing shown`)
      }
      expect(gaps).toEqual([])
    })
  }
})

test.describe('grids at 1280 px', () => {
  test.use({ viewport: desktop })

  test('no card sits alone in a last row, and a grid of one row fills it', async ({ page }) => {
    let multiRow = 0
    for (const path of [
      '/',
      '/services',
      '/contact',
      '/services/paid-ads',
      '/thank-you',
      '/how-we-work',
      '/locations/san-francisco',
      '/case-studies/saas-startup',
    ]) {
      await loaded(page, path)
      const grids = await gridsOf(page)
      expect(grids.length, path).toBeGreaterThan(0)
      for (const grid of grids) {
        if (grid.columns === 1) continue
        if (grid.rows > 1) {
          multiRow++
          expect(grid.inLastRow, `${path}: ${grid.label}, ${grid.items} items in ${grid.rows} rows`).toBeGreaterThan(1)
        } else {
          expect(grid.emptyAtEnd, `${path}: ${grid.label}, ${grid.items} items leave a gap`).toBeLessThan(2)
        }
      }
    }
    expect(multiRow, 'some grids have more than one row').toBeGreaterThan(0)
  })
})

test('the skip link shows with its padding when Tab reaches it', async ({ page }) => {
  await page.setViewportSize(phone)
  await loaded(page, '/about')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  const { padding, box, text } = await skip.evaluate((link) => {
    const style = getComputedStyle(link)
    const range = document.createRange()
    range.selectNodeContents(link)
    const textBox = range.getBoundingClientRect()
    const linkBox = link.getBoundingClientRect()
    return {
      padding: ['paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft'].map((side) =>
        Number.parseFloat(style[side as 'paddingTop']),
      ),
      box: { width: linkBox.width, height: linkBox.height },
      text: { width: textBox.width, height: textBox.height },
    }
  })
  for (const side of padding) expect(side).toBeGreaterThan(0)
  expect(box.width).toBeGreaterThan(text.width + 8)
  expect(box.height).toBeGreaterThan(text.height + 4)
})

test.describe('pricing at 1280 px', () => {
  test.use({ viewport: desktop })

  test("each plan's amount and period sit on one line", async ({ page }) => {
    const { sections } = readFields(contentFileOf(registryPage('/pricing'))).fields as {
      sections: { type: string; title?: string; plans?: { name: string; price: string; period?: string }[] }[]
    }
    const pricing = sections.filter((section) => section.type === 'pricing')
    expect(pricing.length).toBeGreaterThan(0)
    await loaded(page, '/pricing')
    for (const plan of pricing.flatMap((section) =>
      section.plans!.map((entry) => ({ ...entry, in: section.title! })),
    )) {
      if (!plan.period) continue
      const card = page
        .getByRole('region', { name: plan.in })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: plan.name, exact: true }) })
      const amount = await card.getByText(plan.price, { exact: true }).boundingBox()
      const period = await card.getByText(plan.period, { exact: true }).boundingBox()
      expect(amount && period, plan.name).toBeTruthy()
      // Side by side: the period starts after the amount, within the amount's line.
      expect(period!.x, plan.name).toBeGreaterThan(amount!.x + amount!.width)
      expect(period!.y, plan.name).toBeGreaterThanOrEqual(amount!.y - 2)
      expect(period!.y + period!.height, plan.name).toBeLessThanOrEqual(amount!.y + amount!.height + 2)
    }
  })
})

test.describe('a wide table on a phone', () => {
  test.use({ viewport: phone })

  test('scrolls sideways, says so with a shadow, and takes keyboard focus', async ({ page }) => {
    await loaded(page, '/blog/seo-strategy-2025')
    // Its four-column table of query types, wider than a phone.
    const region = page.getByRole('region', { name: /^Table: Query type/ })
    const { scrollWidth, clientWidth, backgroundImage } = await region.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      backgroundImage: getComputedStyle(element).backgroundImage,
    }))
    expect(scrollWidth).toBeGreaterThan(clientWidth)
    expect(backgroundImage).toContain('gradient')
    // Tab from the start of the page reaches it.
    let presses = 0
    while (!(await region.evaluate((element) => element === document.activeElement)) && presses < 80) {
      await page.keyboard.press('Tab')
      presses++
    }
    await expect(region).toBeFocused()
    const outline = await region.evaluate((element) => {
      const style = getComputedStyle(element)
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
  })

  test('of four columns or more keeps each column 8rem wide and scrolls, the page does not', async ({ page }) => {
    await loaded(page, '/blog/marketing-attribution-guide')
    const region = page.getByRole('region', { name: /^Table: Model, How credit splits, LinkedIn/ })
    const { columns, scrollWidth, clientWidth, pageWidth } = await region.evaluate((element) => ({
      columns: [...element.querySelectorAll('thead th')].map((cell) => cell.getBoundingClientRect().width),
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
    }))
    // Squeezed into the text's 358 px, "How credit splits" took three lines and the fifth column stood cut at the edge.
    expect(columns).toHaveLength(6)
    for (const width of columns) expect(width).toBeGreaterThanOrEqual(128)
    expect(scrollWidth).toBeGreaterThan(clientWidth)
    expect(pageWidth).toBe(phone.width)
  })
})

test.describe('prose sections', () => {
  // The layout at rest: with motion, a section below the fold waits 2 rem
  // lower until it is scrolled to (docs/decisions/034-brand-typeface.md).
  test.use({ reducedMotion: 'reduce' })
  for (const viewport of [phone, desktop]) {
    test(`open with their first heading at the section's own padding at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport)
      let checked = 0
      for (const path of ['/services/paid-ads', '/locations/san-francisco', '/case-studies/saas-startup', '/about']) {
        await loaded(page, path)
        const gaps = await page.locator('main section:has(div.prose)').evaluateAll((sections) =>
          sections.map((section) => {
            const heading = section.querySelector('h2, h3')!
            return heading.getBoundingClientRect().top - section.getBoundingClientRect().top
          }),
        )
        expect(gaps.length, path).toBeGreaterThan(0)
        for (const gap of gaps) expect(gap, path).toBeLessThanOrEqual(90)
        checked += gaps.length
      }
      expect(checked).toBeGreaterThan(3)
    })
  }
})
