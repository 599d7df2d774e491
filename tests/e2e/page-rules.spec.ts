import { expect, test, type Page } from '@playwright/test'
import { pages } from '#app/lib/registry.ts'

// Each page inlines only the rules its HTML uses, and the whole stylesheet
// follows as a file (docs/decisions/024-page-rules-inline-whole-stylesheet-after.md).
// What a visitor sees must not wait for that file: every element of the page,
// as pre-rendered, looks the same with the page's own rules alone.

test.use({ javaScriptEnabled: false })

const properties = [
  'display',
  'position',
  'color',
  'background-color',
  'background-image',
  'font-size',
  'font-weight',
  'line-height',
  'padding',
  'margin',
  'border',
  'border-radius',
  'box-shadow',
  'width',
  'height',
  'gap',
  'grid-template-columns',
  'flex-direction',
  'justify-content',
  'align-items',
  'text-align',
  'opacity',
  'visibility',
  'list-style-type',
  'text-decoration-line',
  'white-space',
  'overflow-x',
  'max-width',
] as const

/** The styles of every element of the page, in document order. */
async function styles(page: Page): Promise<string[]> {
  return page.evaluate(
    (names) =>
      [...document.body.querySelectorAll('*')].map((element) => {
        const style = getComputedStyle(element)
        const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.getAttribute('class') ?? ''}`
        return `${label} { ${names.map((name) => `${name}: ${style.getPropertyValue(name)}`).join('; ')} }`
      }),
    [...properties],
  )
}

const wholeStylesheet = /\/assets\/app-[\w-]+\.css$/

// The home page and one page of each route module: every kind of page the site has.
const checked = [...new Set(['/', ...new Map(pages.map((entry) => [entry.route, entry.path])).values()])]

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  for (const path of checked) {
    test(`${path} at ${viewport.width} px: the page needs only its own rules`, async ({ page }) => {
      await page.setViewportSize(viewport)
      let linked = 0
      page.on('requestfinished', (request) => {
        if (wholeStylesheet.test(request.url())) linked += 1
      })
      await page.goto(path)
      expect(linked, 'the whole stylesheet is linked').toBe(1)
      const inline = await page.locator('head style').first().textContent()
      const href = await page.locator('link[rel="stylesheet"]').getAttribute('href')
      const whole = await (await page.request.get(href!)).text()
      expect(inline!.length, 'the inline rules are a part of the whole').toBeLessThan(whole.length * 0.8)
      const withWhole = await styles(page)

      await page.route(wholeStylesheet, (route) => route.abort())
      await page.goto(path)
      expect(await styles(page)).toEqual(withWhole)
    })
  }
}
