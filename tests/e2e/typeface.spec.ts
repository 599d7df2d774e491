import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import arialBold from '@capsizecss/metrics/arial/700'
import funnelDisplayBold from '@capsizecss/metrics/funnelDisplay/700'
import robotoBold from '@capsizecss/metrics/roboto/700'
import { fromBuffer } from '@capsizecss/unpack'
import { expect, test, type Page } from '@playwright/test'
import { BENCH_PAGES } from '../../scripts/bench-budget.ts'
import { holdBack, loaded } from './support.ts'

// The brand's display face (docs/decisions/034-brand-typeface.md): headings
// are set in Funnel Display, one woff2 file preloaded from the body, so that it
// is fetched with the document's first bytes without holding the first paint;
// a page draws its headings in it when it is at hand at the first layout
// (`font-display: optional`), and otherwise in a local fallback scaled to its
// metrics until the file arrives, when it switches to the brand face if that
// changes no heading's lines in view (app/scripts/brand-face.ts), so that a
// first visit sees the brand face and nothing ever moves; and the sections'
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

/**
 * Waits until a first page has decided whether to switch to the brand face: the shell adds the face it
 * switches to (`lateBrandFamily` in app/scripts/brand-face.ts) once the file has arrived, and decides in
 * the same task.
 */
async function switchDecided(page: Page) {
  await page.waitForFunction(() =>
    [...document.fonts].some(
      (face) => face.family.replace(/"/g, '') === 'Funnel Display Late' && face.status === 'loaded',
    ),
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
      test(`${path} sets its headings in the brand face from a first visit on, its one file preloaded from the body`, async ({
        page,
      }) => {
        // A first visit: the file is fetched once, the one the body preloads.
        const fonts = await loadCountingFonts(page, path)
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        const h1 = page.getByRole('heading', { level: 1 })
        const family = await h1.evaluate((element) => getComputedStyle(element).fontFamily)
        expect(family).toContain(`"${brand}", "${brand} Fallback"`)
        expect(fonts).toHaveLength(1)
        // Not in the head: Chromium holds the first paint for a font preloaded there
        // (docs/decisions/034-brand-typeface.md).
        await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveCount(0)
        const preload = page.locator('body > link[rel="preload"][as="font"]')
        await expect(preload).toHaveCount(1)
        await expect(preload).toHaveAttribute('type', 'font/woff2')
        await expect(preload).toHaveAttribute('crossorigin', 'anonymous')
        expect(new URL((await preload.getAttribute('href'))!, page.url()).pathname).toBe(fonts[0])
        // Chromium names the variable font by its default instance ("Funnel Display Light"). On this fast
        // line the file is at hand at the first layout, or the page switches to it once it arrives.
        await expect.poll(async () => (await titleDrawnIn(page))[0]).toMatch(new RegExp(`^${brand}`))

        // The next page: the file is in the cache, and every heading is drawn in the brand face.
        await loaded(page, path)
        await brandFaceLoaded(page)
        const drawn = await titleDrawnIn(page)
        expect(drawn).toHaveLength(1)
        expect(drawn[0]!.startsWith(brand)).toBe(true)
        expect(await page.evaluate((name) => document.fonts.check(`700 48px "${name}"`), brand)).toBe(true)
      })
    }
  })
}

// A first visit on a phone's slow line: Lighthouse's mobile network, as its applied throttling sets it
// (562.5 ms a request, 1,474.56 Kbps down, 675 Kbps up).
const slowPhoneLine = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
}

test('five first visits to / on a slow phone line each draw the title in the brand face once the file is in, and nothing moves', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  for (let visit = 1; visit <= 5; visit += 1) {
    // A context of its own for each: nothing cached.
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      reducedMotion: 'reduce',
    })
    try {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', slowPhoneLine)
      await page.addInitScript(() => {
        const shifts: number[] = []
        Object.assign(window, { layoutShifts: shifts })
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value)
          }
        }).observe({ type: 'layout-shift', buffered: true })
      })
      const at = `visit ${visit}`
      // The first paint waits for no font: it comes while the file is held back. (A fixed delay would
      // not tell a paint held by the font from a paint late on a loaded machine.)
      const release = await holdBack(page, '**/*.woff2')
      await page.goto('/', { waitUntil: 'commit' })
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length === 1)
      release()
      // By the load the file has arrived (a preload holds the load event), and the page switches to it as
      // it does.
      await page.waitForLoadState('load')
      await expect
        .poll(async () => (await titleDrawnIn(page)).join(', '), { message: at, timeout: 2_000 })
        .toMatch(new RegExp(`^${brand}`))
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        fontArrived: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2'))!
          .responseEnd,
      }))
      // The first paint waited for no font: the title was drawn in the fallback first, then switched.
      expect(timing.firstPaint, at).toBeLessThan(timing.fontArrived)
      // Two frames for any re-layout the switch would cause.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts), at).toEqual([])
    } finally {
      await context.close()
    }
  }
})

/**
 * The top and height of every heading, h1 to h3, above the bottom of the screen: what a visitor who has
 * not scrolled sees move if one takes other lines. Below it, a heading may take other lines as the page
 * switches faces, out of sight.
 */
async function headingBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main :is(h1, h2, h3)')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.height > 0 && box.top < innerHeight)
      .map(
        ({ element, box }) =>
          `${element.textContent?.trim().slice(0, 40)}: top ${Math.round(box.top + scrollY)}, height ${Math.round(box.height)}`,
      ),
  )
}

// A file that arrives after the first paint moves nothing: the page switches to it where no heading in
// view takes another number of lines in it, and keeps the fallback elsewhere
// (docs/decisions/034-brand-typeface.md). Every page the benchmark measures at the width of Lighthouse's
// phone, the home page at a phone's widths, an article at a phone's and a laptop's.
for (const [width, path] of [
  ...BENCH_PAGES.map((path) => [412, path] as const),
  [320, '/'],
  [360, '/'],
  [390, '/'],
  [430, '/'],
  [390, pages[1]],
  [1280, pages[1]],
] as const) {
  test(`at ${width} px the brand face arriving late moves nothing on ${path}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    // The file arrives well after the first paint, as on a slow line: held back until the page has been
    // measured in the fallback, and for 1.5 s at least (past the 100 ms in which `font-display: optional`
    // still draws a face).
    const release = await holdBack(page, '**/*.woff2')
    const atLeast = new Promise((resolve) => setTimeout(resolve, 1500))
    await page.addInitScript(() => {
      const shifts: { time: number; what: string }[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
          const nodes = entry.sources.map((source) => source.node?.nodeName).join(', ')
          shifts.push({ time: entry.startTime, what: `${entry.value.toFixed(4)}: ${nodes}` })
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // The booking page with its zone named, so that it is drawn at once rather than asked for again
    // in the browser's (app/components/visitor-zone.astro).
    await page.goto(path === '/book' ? '/book?tz=Asia/Tokyo' : path, { waitUntil: 'domcontentloaded' })
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(fallbackFaces).toContain((await titleDrawnIn(page))[0])
    const before = await headingBoxes(page)
    expect(await page.evaluate(() => document.fonts.check('700 48px "Funnel Display"'))).toBe(false)
    await atLeast
    release()
    await switchDecided(page)
    // Two frames for any re-layout the arrival would cause.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const drawn = (await titleDrawnIn(page))[0]!
    // The home page at 390 px, where every heading in view keeps its lines, switches.
    if (width === 390 && path === '/') expect(drawn.startsWith(brand)).toBe(true)
    else expect(drawn.startsWith(brand) || fallbackFaces.includes(drawn), drawn).toBe(true)
    expect(await headingBoxes(page)).toEqual(before)
    // No layout shift from the moment the file arrived.
    const shiftsSinceArrival = await page.evaluate(() => {
      const arrived = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.endsWith('.woff2'))!.responseEnd
      return (window as unknown as { layoutShifts: { time: number; what: string }[] }).layoutShifts
        .filter((shift) => shift.time >= arrived)
        .map((shift) => shift.what)
    })
    expect(shiftsSinceArrival).toEqual([])
  })
}

test('a first page keeps the fallback when the brand face would change the lines of a heading in view', async ({
  browser,
  baseURL,
  page,
}) => {
  // How wide a line of text is in each face, where the file is at hand.
  const text = 'Mmm mmm mmm mmm'
  const measuring = await browser.newContext({ baseURL })
  const widths = await (async () => {
    try {
      const other = await measuring.newPage()
      await loaded(other, '/')
      // Measured in the face the shell decides with (`lateBrandFamily`): the stylesheet's face could be
      // measured at another weight while the file was still arriving (390 px instead of 445 in 4 runs of 8).
      await switchDecided(other)
      return await other.evaluate((line) => {
        const widthIn = (family: string) => {
          const span = document.createElement('span')
          span.textContent = line
          Object.assign(span.style, { font: `700 36px ${family}`, whiteSpace: 'nowrap', position: 'absolute' })
          document.body.append(span)
          const width = span.getBoundingClientRect().width
          span.remove()
          return width
        }
        return { brand: widthIn("'Funnel Display Late'"), fallback: widthIn("'Funnel Display Fallback'") }
      }, text)
    } finally {
      await measuring.close()
    }
  })()
  expect(Math.abs(widths.brand - widths.fallback)).toBeGreaterThan(4)

  await page.setViewportSize({ width: 390, height: 844 })
  // The file is held back until the heading below is in the page: the face arrives after it, however
  // slow the machine (a fixed delay let the face win the race on a loaded one).
  // And for 1.5 s at least: past the 100 ms in which `font-display: optional` still draws a face.
  const release = await holdBack(page, '**/*.woff2')
  const atLeast = new Promise((resolve) => setTimeout(resolve, 1500))
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.getByRole('heading', { level: 1 }).waitFor()
  // A heading at the top of the page as wide as the mean of the two: one line in one face, two in the other.
  await page.locator('main').evaluate(
    (main, { line, width }) => {
      const heading = document.createElement('h2')
      heading.textContent = line
      Object.assign(heading.style, { fontSize: '36px', lineHeight: '44px', fontWeight: '700', width: `${width}px` })
      main.prepend(heading)
    },
    { line: text, width: (widths.brand + widths.fallback) / 2 },
  )
  const before = await headingBoxes(page)
  // And until the page has painted in the fallback: a file that arrives before the first paint is
  // drawn at once (`font-display: optional`), and a slow machine can put that paint late.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  await atLeast
  release()
  await switchDecided(page)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(fallbackFaces).toContain((await titleDrawnIn(page))[0])
  expect(await headingBoxes(page)).toEqual(before)
})

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
