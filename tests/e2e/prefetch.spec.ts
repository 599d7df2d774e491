import { expect, test, type Page } from '@playwright/test'
import { pages } from '#app/lib/site/registry.ts'

// Which pages a page fetches ahead of a click (docs/product.md#prefetching,
// docs/decisions/044-prefetch-on-intent.md): the spec's four once the page has
// loaded and the browser is idle, any other only on a visitor's intent,
// nothing under Save-Data.

/** The four pages fetched once the page is idle (docs/product.md#prefetching). */
const specFour = ['/case-studies', '/contact', '/pricing', '/services']

/** How long after its load a page is watched, the visitor doing nothing. */
const WATCH_MS = 5000

const pagePaths = new Set(pages.map((entry) => entry.path))

/**
 * Records the site's pages the page requests other than by navigating to
 * them, from now on: `before` those asked for before the page's load event,
 * `after` those after it.
 */
function recordPageFetches(page: Page) {
  const fetched = { before: [] as string[], after: [] as string[], loaded: false }
  page.on('load', () => (fetched.loaded = true))
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.isNavigationRequest() || !pagePaths.has(url.pathname)) return
    fetched[fetched.loaded ? 'after' : 'before'].push(url.pathname)
  })
  return fetched
}

/** Opens `path` and watches it for `WATCH_MS` after its load, the visitor doing nothing. */
async function watchAfterLoad(page: Page, path: string) {
  const fetched = recordPageFetches(page)
  await page.goto(path, { waitUntil: 'load' })
  await page.waitForTimeout(WATCH_MS)
  return fetched
}

for (const path of ['/', '/blog/local-seo-guide', '/pricing']) {
  test(`${path} fetches only the spec's four pages, after its load, in the 5 s a visitor does nothing`, async ({
    page,
  }) => {
    const fetched = await watchAfterLoad(page, path)
    expect(fetched.before).toEqual([])
    // Nothing but the four in those 5 s.
    expect(fetched.after.filter((other) => !specFour.includes(other))).toEqual([])
    // Each of them once, never the page itself, as soon as the browser is idle: on a machine busy
    // with other work (three test workers on two cores) that may come after the 5 s.
    await expect
      .poll(() => fetched.after.toSorted(), { timeout: 20_000 })
      .toEqual(specFour.filter((other) => other !== path))
  })
}

test("a link's page is fetched, once, when the pointer or the keyboard focus rests on the link", async ({ page }) => {
  const fetched = recordPageFetches(page)
  await page.goto('/', { waitUntil: 'load' })
  const footer = page.getByRole('contentinfo')
  const team = page.waitForRequest((request) => new URL(request.url()).pathname === '/team')
  await footer.getByRole('link', { name: 'Team', exact: true }).hover()
  await team
  const integrations = page.waitForRequest((request) => new URL(request.url()).pathname === '/integrations')
  await footer.getByRole('link', { name: 'Integrations', exact: true }).focus()
  await integrations
  await page.waitForTimeout(1000)
  expect(fetched.after.filter((path) => !specFour.includes(path)).sort()).toEqual(['/integrations', '/team'])
})

test('where the browser has no Speculation Rules, a link the pointer rests on is fetched too', async ({ page }) => {
  await page.addInitScript(() => {
    HTMLScriptElement.supports = () => false
  })
  const fetched = recordPageFetches(page)
  await page.goto('/', { waitUntil: 'load' })
  const team = page.waitForRequest((request) => new URL(request.url()).pathname === '/team')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Team', exact: true }).hover()
  await team
  await page.waitForTimeout(1000)
  expect(fetched.after.filter((path) => !specFour.includes(path))).toEqual(['/team'])
})

test('under Save-Data nothing is fetched ahead, not even on hover or focus', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', {
      configurable: true,
      get: () => ({ saveData: true, effectiveType: '4g' }),
    })
  })
  const fetched = await watchAfterLoad(page, '/')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Team', exact: true }).hover()
  await footer.getByRole('link', { name: 'Integrations', exact: true }).focus()
  await page.waitForTimeout(1000)
  expect(fetched).toMatchObject({ before: [], after: [] })
})
