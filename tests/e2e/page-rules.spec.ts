import { readdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { pages } from '#app/lib/registry.ts'
import { hydrated } from './support.ts'

// Each page inlines only the rules its HTML uses, and the whole stylesheet
// follows as a file, fetched and applied once React has hydrated
// (docs/decisions/024-page-rules-inline-whole-stylesheet-after.md). What a
// visitor sees must not wait for that file: every element of the page, as
// pre-rendered, looks the same with the page's own rules as with the whole.

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
  'margin-top',
  'margin-bottom',
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

/** The styles of every element of the page (or of `root`), in document order. */
async function styles(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate(
    ([names, rootSelector]) =>
      [...document.querySelector(rootSelector)!.querySelectorAll('*')].map((element) => {
        const style = getComputedStyle(element)
        const label = `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`
        // Where the box sits in its parent stands for its side margins:
        // Chromium now and then reports a centred block's auto margins as 0.
        const parent = element.parentElement?.getBoundingClientRect()
        const left = parent ? Math.round(element.getBoundingClientRect().left - parent.left) : 0
        return `${label} { ${names.map((name) => `${name}: ${style.getPropertyValue(name)}`).join('; ')}; left in parent: ${left} }`
      }),
    [[...properties], root] as const,
  )
}

const wholeStylesheet = /\/assets\/app-[\w-]+\.css$/
/** The whole stylesheet's address: no page names it before it has hydrated, the build does. */
function wholeStylesheetHref(): string {
  const file = readdirSync('build/client/assets').find((name) => /^app-[\w-]+\.css$/.test(name))
  expect(file, 'the build holds the whole stylesheet').toBeDefined()
  return `/assets/${file}`
}

// The home page and one page of each route module: every kind of page the site has.
const checked = [...new Set(['/', ...new Map(pages.map((entry) => [entry.route, entry.path])).values()])]

test.describe('the pre-rendered pages', () => {
  test.use({ javaScriptEnabled: false })

  // The dark theme too: its rules match data-theme, which the head script
  // sets (here written into the HTML, as scripts are off), never the
  // pre-rendered page (scripts/critical-css.ts).
  for (const [viewport, theme] of [
    [{ width: 1366, height: 900 }, 'light'],
    [{ width: 390, height: 844 }, 'light'],
    [{ width: 1366, height: 900 }, 'dark'],
    [{ width: 390, height: 844 }, 'dark'],
  ] as const) {
    // Each page opens at its size.
    test.describe(`${viewport.width} px, ${theme}`, () => {
      test.use({ viewport })
      for (const path of checked) {
        const name = theme === 'dark' ? ' in the dark theme' : ''
        test(`${path} at ${viewport.width} px${name}: the page needs only its own rules`, async ({ page }) => {
          let wholeAfter = ''
          await page.route(
            (url) => url.pathname === path,
            async (route) => {
              const response = await route.fetch()
              let html = await response.text()
              if (theme === 'dark') html = html.replace('<html lang="en"', '<html lang="en" data-theme="dark"')
              html = html.replace('</head>', `${wholeAfter}</head>`)
              await route.fulfill({ response, body: html })
            },
          )
          await page.goto(path)
          if (theme === 'dark') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
          // Fetched once the page has hydrated, never before: it would take the scripts' bandwidth.
          const href = wholeStylesheetHref()
          await expect(page.locator(`link[href="${href}"]`)).toHaveCount(0)
          const inline = await page.locator('head style').first().textContent()
          const whole = await (await page.request.get(href)).text()
          expect(inline!.length, 'the inline rules are a part of the whole').toBeLessThan(whole.length * 0.8)
          const ownRules = await styles(page)
          // The same page with the whole stylesheet after its own rules, where hydration puts it.
          wholeAfter = `<link rel="stylesheet" href="${href}"/>`
          await page.goto(path)
          expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1)
          expect(await styles(page)).toEqual(ownRules)
        })
      }
    })
  }
})

test('once hydrated, a page applies the whole stylesheet, and pages reached by a link find their rules', async ({
  page,
}) => {
  await hydrated(page, '/')
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveAttribute('href', wholeStylesheet)
  expect(
    await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/app-'))),
  ).toBe(true)
  // The dashboard uses rules the home page does not inline (its charts and tiles): reached by a
  // link, it looks as it does when loaded on its own.
  const dashboardHeading = (await (await page.request.get('/dashboard')).text()).match(/<h1[^>]*>([^<]+)/)![1]!
  await page.getByRole('contentinfo').locator('a[href="/dashboard"]').click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dashboardHeading)
  const reached = await styles(page, 'main')
  await hydrated(page, '/dashboard')
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1)
  await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/app-')))
  expect(reached).toEqual(await styles(page, 'main'))
})
