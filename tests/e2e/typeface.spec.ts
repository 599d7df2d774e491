import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import arialBold from '@capsizecss/metrics/arial/700'
import funnelDisplayBold from '@capsizecss/metrics/funnelDisplay/700'
import robotoBold from '@capsizecss/metrics/roboto/700'
import { fromBuffer } from '@capsizecss/unpack'
import { expect, test, type Page } from '@playwright/test'
import { loaded } from './support.ts'

// The brand's display face (docs/decisions/034-brand-typeface.md): headings
// are set in Funnel Display, one woff2 file fetched once (not preloaded) and
// used by a page only when it is at hand as the page is first laid out
// (`font-display: optional`), so that no heading changes face, or place, once
// shown; until then a local fallback scaled to its metrics; and the sections'
// motion, none under reduced motion, hides nothing.

const brand = 'Funnel Display'
const pages = ['/', '/blog/seo-strategy-2025'] as const
const fontFile = createRequire(import.meta.url).resolve(
  '@fontsource-variable/funnel-display/files/funnel-display-latin-wght-normal.woff2',
)
/** The local faces the fallback rules name (app/app.css), as Chromium names the fonts it draws with. */
const fallbackFaces = ['Arial', 'Liberation Sans', 'Arimo', 'Roboto']

/** Loads `path`, counting the font files the page asks for. */
async function loadCountingFonts(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname)
  })
  await loaded(page, path)
  await brandFaceLoaded(page)
  return fonts
}

/** Waits until the brand face's file has arrived (whether or not the page uses it). */
async function brandFaceLoaded(page: Page) {
  await page.waitForFunction(
    (name) => [...document.fonts].some((face) => face.family.replace(/"/g, '') === name && face.status === 'loaded'),
    brand,
  )
}

/** The faces Chromium draws the page's title with: what the visitor sees, whatever the style asks for. */
async function titleDrawnIn(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'main h1' })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    return fonts.map((font) => font.familyName)
  } finally {
    await cdp.detach()
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme })

    for (const path of pages) {
      test(`${path} sets its headings in the brand face once it is cached, fetched once and not ahead of first paint`, async ({
        page,
      }) => {
        // A first visit: the file is fetched, once. Whether this page draws its headings in it depends on
        // whether it arrived before the first layout; the test below holds the case where it did not.
        const fonts = await loadCountingFonts(page, path)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        const h1 = page.getByRole('heading', { level: 1 })
        const family = await h1.evaluate((element) => getComputedStyle(element).fontFamily)
        expect(family.startsWith(`"${brand}"`)).toBe(true)
        // One file for every weight; not preloaded, so that it never competes with the first paint on a
        // slow line (docs/decisions/034-brand-typeface.md).
        expect(fonts).toHaveLength(1)
        await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveCount(0)

        // The next page: the file is in the cache, and every heading is drawn in the brand face.
        await loaded(page, path)
        await brandFaceLoaded(page)
        // Chromium names the variable font by its default instance ("Funnel Display Light").
        const drawn = await titleDrawnIn(page)
        expect(drawn).toHaveLength(1)
        expect(drawn[0]!.startsWith(brand)).toBe(true)
        expect(await page.evaluate((name) => document.fonts.check(`700 48px "${name}"`), brand)).toBe(true)
      })
    }
  })
}

/** The top and height of every heading, h1 to h3, and the page's height. */
async function headingBoxes(page: Page) {
  return page.evaluate(() => ({
    headings: [...document.querySelectorAll('main :is(h1, h2, h3)')].map((element) => {
      const box = element.getBoundingClientRect()
      return `${element.textContent?.trim().slice(0, 40)}: top ${Math.round(box.top + scrollY)}, height ${Math.round(box.height)}`
    }),
    pageHeight: document.documentElement.scrollHeight,
  }))
}

// Widths where a heading takes another number of lines in the brand face than in the fallback
// (docs/decisions/034-brand-typeface.md): with `swap` the title below moved as the file arrived.
for (const [width, path] of [
  [412, '/book'],
  [360, '/'],
  [390, pages[1]],
  [1280, pages[1]],
] as const) {
  test(`at ${width} px the brand face arriving late moves nothing on ${path}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    // The file arrives well after the first paint, as on a slow line.
    await page.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    // The booking page with its zone named, so that it is drawn at once rather than asked for again
    // in the browser's (app/components/visitor-zone.astro).
    await page.goto(path === '/book' ? '/book?tz=Asia/Tokyo' : path, { waitUntil: 'domcontentloaded' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    const before = await headingBoxes(page)
    expect(await page.evaluate(() => document.fonts.check('700 48px "Funnel Display"'))).toBe(false)
    await brandFaceLoaded(page)
    // Two frames for any re-layout the arrival would cause.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await headingBoxes(page)).toEqual(before)
    expect(fallbackFaces).toContain((await titleDrawnIn(page))[0])
  })
}

test('the fallback faces are scaled by the metrics of the font the site serves', async ({ page }) => {
  await loaded(page, '/')
  const served = await fromBuffer(readFileSync(fontFile))
  const rules = await page.evaluate(() =>
    [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
      .map((rule) => ({
        family: rule.style.getPropertyValue('font-family').replace(/"/g, ''),
        sizeAdjust: rule.style.getPropertyValue('size-adjust'),
        ascent: rule.style.getPropertyValue('ascent-override'),
        descent: rule.style.getPropertyValue('descent-override'),
        lineGap: rule.style.getPropertyValue('line-gap-override'),
      })),
  )
  // Headings are bold: the bold's average width over the bold of the local face;
  // the ascent, descent and gap are the served file's own.
  const percent = (value: number) => `${Number((value * 100).toFixed(2))}%`
  const expected = (local: { xWidthAvg: number; unitsPerEm: number }) => {
    const sizeAdjust = funnelDisplayBold.xWidthAvg / funnelDisplayBold.unitsPerEm / (local.xWidthAvg / local.unitsPerEm)
    return {
      sizeAdjust: percent(sizeAdjust),
      ascent: percent(served.ascent / served.unitsPerEm / sizeAdjust),
      descent: percent(-served.descent / served.unitsPerEm / sizeAdjust),
      lineGap: percent(served.lineGap / served.unitsPerEm / sizeAdjust),
    }
  }
  expect(served.familyName.startsWith(brand)).toBe(true)
  expect(rules.filter((rule) => rule.family.startsWith(brand))).toEqual([
    { family: brand, sizeAdjust: '', ascent: '', descent: '', lineGap: '' },
    { family: `${brand} Fallback`, ...expected(arialBold) },
    { family: `${brand} Fallback Roboto`, ...expected(robotoBold) },
  ])
})

test.describe('motion', () => {
  const sectionContent = 'main section > div > *'

  test('under reduced motion nothing moves, and every section shows whole', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await loaded(page, '/')
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0)
    const moved = await page
      .locator(sectionContent)
      .evaluateAll(
        (elements) =>
          elements.filter(
            (element) => getComputedStyle(element).opacity !== '1' || getComputedStyle(element).translate !== 'none',
          ).length,
      )
    expect(moved).toBe(0)
    await expect(page.locator(sectionContent).first()).toBeVisible()
  })

  test('otherwise sections rise into view as they are scrolled to, never faded, and end in place', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await loaded(page, '/')
    expect(await page.evaluate(() => document.getAnimations().length)).toBeGreaterThan(0)
    // Nothing is ever transparent: text at the fold keeps its contrast.
    const opacities = await page
      .locator(sectionContent)
      .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).opacity))
    expect(new Set(opacities)).toEqual(new Set(['1']))
    // Below the fold: waiting 2 rem lower down.
    const below = page.locator('#questions-we-hear-on-first-calls > div > *').first()
    expect(await below.evaluate((element) => getComputedStyle(element).translate)).toBe('0px 32px')
    // Scrolled to the middle of the screen: in place.
    await below.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    await expect.poll(() => below.evaluate((element) => getComputedStyle(element).translate)).toBe('0px')
    // What a tall screen shows whole when the page opens has finished its rise already.
    await page.setViewportSize({ width: 1280, height: 1600 })
    await page.evaluate(() => window.scrollTo(0, 0))
    const inView = await page
      .locator(sectionContent)
      .evaluateAll((elements) =>
        elements
          .filter((element) => element.getBoundingClientRect().bottom <= innerHeight)
          .map((element) => getComputedStyle(element).translate),
      )
    expect(inView.length).toBeGreaterThan(0)
    expect(new Set(inView)).toEqual(new Set(['0px']))
  })
})
