import { expect, test } from '@playwright/test'
import { expectedPages, origin } from './expected.ts'
import { analyticsHosts, loaded } from './support.ts'

// The usual build has no measurement id (docs/product.md#analytics-and-consent):
// nothing to consent to, so no banner, no Cookie settings and no analytics code.
// What a build with one does is in measured/.

test('no page of a build without a measurement id loads analytics code or allows an analytics host', async ({
  request,
}) => {
  for (const { page: entry } of expectedPages) {
    const response = await request.get(entry.path)
    const html = await response.text()
    // The scripts a page can load: its module scripts and its islands' code.
    // The forms report to app/lib/analytics/analytics.ts, which drops every call while
    // no sink is set: the sink (measurement), the banner and Google's tag
    // must not be among them.
    const scripts = [...html.matchAll(/<script[^>]* src="([^"]+)"|(?:component|renderer)-url="([^"]+)"/g)].map(
      ([, src, island]) => src ?? island,
    )
    expect(scripts.length, entry.path).toBeGreaterThan(0)
    expect(scripts.join('\n'), entry.path).not.toMatch(/consent|measurement|web-vitals|gtag/i)
    expect(html, entry.path).not.toContain('Cookie settings')
    expect(html, entry.path).not.toContain('https://www.googletagmanager.com/gtag/js')
    expect(response.headers()['content-security-policy'], entry.path).not.toMatch(/google/)
  }
})

test('no banner, no Cookie settings and no request to an analytics host, while reading, sharing and moving on', async ({
  page,
  context,
}) => {
  const analyticsRequests: string[] = []
  await context.route(analyticsHosts, (route) => {
    analyticsRequests.push(route.request().url())
    return route.abort()
  })
  await context.route(/^https:\/\/(twitter\.com|www\.linkedin\.com|www\.facebook\.com)\//, (route) => route.abort())
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })

  await loaded(page, '/blog/seo-strategy-2025')
  // The share widget wakes when it comes into view.
  const share = page.getByRole('group', { name: 'Share this page' })
  await share.scrollIntoViewIfNeeded()
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.dataset.consentBanner)).toBeUndefined()

  const popup = page.waitForEvent('popup')
  await share.getByRole('link', { name: 'Share on LinkedIn' }).click()
  await (await popup).close()
  await page.mouse.wheel(0, 4000)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy')

  expect(analyticsRequests).toEqual([])
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
  expect(scripts.filter((url) => /consent|measurement|web-vitals|gtag/.test(url))).toEqual([])
})

test('the privacy policy says that this build runs no analytics', async ({ page }) => {
  await page.goto('/privacy')
  const main = page.locator('main')
  await expect(main).toContainText('It runs no analytics and sets no tracking cookies.')
  await expect(main.getByRole('heading', { name: 'Analytics and cookies', exact: true })).toBeVisible()
  await expect(main).toContainText('This site does not run Google Analytics or any other analytics or advertising tool')
  await expect(main.getByRole('heading', { name: 'Share buttons', exact: true })).toBeVisible()
  await expect(main).not.toContainText('Google Analytics 4')
  await expect(main).not.toContainText('Cookie settings')
})

test.describe('share links without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, title } of [
    {
      path: '/blog/seo-strategy-2025',
      // The article's headline, not its shorter search title.
      title: expectedPages.find(({ page }) => page.path === '/blog/seo-strategy-2025')!.heading,
    },
    {
      path: '/case-studies/saas-startup',
      title: expectedPages.find(({ page }) => page.path === '/case-studies/saas-startup')!.title,
    },
  ]) {
    test(`${path} holds plain share links to a new tab with its address`, async ({ page }) => {
      await page.goto(path)
      const share = page.getByRole('group', { name: 'Share this page' })
      const address = `${origin}${path}`
      const hrefs: Record<string, string> = {}
      for (const name of ['X', 'LinkedIn', 'Facebook']) {
        const link = share.getByRole('link', { name: `Share on ${name}` })
        await expect(link).toHaveAttribute('target', '_blank')
        await expect(link).toHaveAttribute('rel', 'noopener')
        hrefs[name] = (await link.getAttribute('href'))!
      }
      const x = new URL(hrefs.X!)
      expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet')
      expect(x.searchParams.get('text')).toBe(title)
      expect(x.searchParams.get('url')).toBe(address)
      expect(new URL(hrefs.LinkedIn!).searchParams.get('url')).toBe(address)
      expect(new URL(hrefs.Facebook!).searchParams.get('u')).toBe(address)
      // Copy link and Share need the script: they are not in the page without it.
      await expect(share.getByRole('button')).toHaveCount(0)
    })
  }
})
