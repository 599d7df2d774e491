import { expect, test, type Page } from '@playwright/test'
import { headingOf } from '../expected.ts'
import { testMeasurementId } from '../measured-build.ts'
import { axeOn, loaded } from '../support.ts'
import { banner, dataLayer, eventsNamed, interceptAnalytics, tagUrl } from './support.ts'

// A build with a measurement id (playwright.config.ts, project "measured"):
// consent first, then Google's tag (docs/product.md#analytics-and-consent).
// Analytics hosts are routed: gtag.js is a stand-in, nothing leaves the machine.

const allDenied = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
}

async function accept(page: Page) {
  await banner(page).getByRole('button', { name: 'Accept' }).click()
  await expect(banner(page)).toHaveCount(0)
  await page.waitForFunction(() => (window as unknown as { __tagLoads?: number }).__tagLoads === 1)
}

test('the page allows the tag host and Google Analytics in its CSP, nothing else beyond itself', async ({
  request,
}) => {
  const csp = (await request.get('/')).headers()['content-security-policy']!
  expect(csp).toContain("script-src 'self' https://www.googletagmanager.com ")
  expect(csp).toContain(
    "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com",
  )
  expect(csp).not.toContain('unsafe-eval')
})

test('before a choice: the banner shows after load, takes no focus, and nothing is measured', async ({
  page,
  context,
}) => {
  const requests = await interceptAnalytics(context)
  await loaded(page, '/')
  await expect(banner(page)).toBeVisible()
  await expect(banner(page)).toContainText('Google Analytics')
  await expect(banner(page).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy')
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  expect(await page.evaluate(() => document.documentElement.dataset.consentBanner)).toBe('')
  // The footer offers the choice again.
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible()
  // Reading and moving on does not count as a choice.
  await page.mouse.wheel(0, 3000)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/pricing'))
  await expect(banner(page)).toBeVisible()
  expect(requests).toEqual([])
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
})

test('a page that is never idle still asks: the wait for an idle period is bounded', async ({ page, context }) => {
  await interceptAnalytics(context)
  // Work that never ends, in small tasks: the page stays usable, but the
  // browser never has an idle period, which a second idle callback records.
  await page.addInitScript(() => {
    const spin = new MessageChannel()
    spin.port1.onmessage = () => {
      const end = performance.now() + 8
      while (performance.now() < end);
      spin.port2.postMessage(null)
    }
    spin.port2.postMessage(null)
    requestIdleCallback(() => ((window as unknown as { idleCame: boolean }).idleCame = true))
  })
  await loaded(page, '/')
  await expect(banner(page)).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { idleCame?: boolean }).idleCame)).toBeUndefined()
})

test('after Reject: the banner goes, the choice is kept, and nothing is measured on any page', async ({
  page,
  context,
}) => {
  const requests = await interceptAnalytics(context)
  await loaded(page, '/')
  await banner(page).getByRole('button', { name: 'Reject' }).click()
  await expect(banner(page)).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.dataset.consentBanner)).toBeUndefined()
  expect(await page.evaluate(() => localStorage.getItem('northpeak-consent'))).toBe('denied')
  await page.mouse.wheel(0, 3000)
  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/about'))
  await loaded(page, '/services')
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).waitFor()
  await expect(banner(page)).toHaveCount(0)
  expect(requests).toEqual([])
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
})

test('after Accept: consent defaults first, the tag, and a page view for every route change', async ({
  page,
  context,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const requests = await interceptAnalytics(context)
  await loaded(page, '/')
  await accept(page)
  expect(requests).toEqual([tagUrl])
  expect(await page.evaluate(() => localStorage.getItem('northpeak-consent'))).toBe('granted')

  const layer = await dataLayer(page)
  // Google Consent Mode v2: everything denied before any other command, then analytics only.
  expect(layer[0]).toEqual(['consent', 'default', allDenied])
  expect(layer[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }])
  const config = layer.find((command) => command[0] === 'config')
  expect(config?.[1]).toBe(testMeasurementId)
  expect(config?.[2]).toMatchObject({ send_page_view: false, anonymize_ip: true })

  const pageViews = () => eventsNamed(page, 'page_view')
  await expect.poll(pageViews).toHaveLength(1)
  const homeTitle = await page.title()
  expect((await pageViews())[0]).toMatchObject({ page_path: '/', page_title: homeTitle, event_category: 'engagement' })

  // Every page shown sends its own page view, with its path and title; the
  // stored choice starts measurement on each page by itself.
  const tagLoaded = () => page.waitForFunction(() => (window as unknown as { __tagLoads?: number }).__tagLoads === 1)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/pricing'))
  await tagLoaded()
  await expect.poll(pageViews).toHaveLength(1)
  const [pricing] = await pageViews()
  expect(pricing).toMatchObject({ page_path: '/pricing', page_location: expect.stringMatching(/\/pricing$/) })
  expect(pricing!.page_title).toMatch(/^Pricing/)
  await page.evaluate(() => Object.assign(window, { shownBefore: true }))
  await page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/about'))
  await tagLoaded()
  await expect
    .poll(pageViews)
    .toEqual([expect.objectContaining({ page_path: '/about', page_title: await page.title() })])
  // Back: a page the browser kept (back/forward cache) is shown again, and counts again.
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/pricing'))
  const restored = await page.evaluate(() => 'shownBefore' in window)
  await expect
    .poll(async () => (await pageViews()).map((view) => view.page_path))
    .toEqual(restored ? ['/pricing', '/pricing'] : ['/pricing'])

  // The next visit remembers the choice: no banner, the tag loads on its own.
  await loaded(page, '/blog')
  await tagLoaded()
  await expect.poll(pageViews).toEqual([expect.objectContaining({ page_path: '/blog' })])
  await expect(banner(page)).toHaveCount(0)
  // The tag, once for each page loaded: nothing else leaves for an analytics host.
  expect(new Set(requests)).toEqual(new Set([tagUrl]))
  expect(errors).toEqual([])
})

test('after Accept: scroll depth once per mark and page view, and performance 1 s after load', async ({
  page,
  context,
}) => {
  await interceptAnalytics(context)
  // One file slower than 2000 ms.
  await page.route(/\/assets\/icons[.-][\w-]+\.svg$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2300))
    await route.continue()
  })
  await loaded(page, '/services')
  await accept(page)

  const depths = async () => (await eventsNamed(page, 'scroll_depth')).map((event) => event.percent_scrolled)
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)
  for (const share of [0.3, 0.6, 0.9, 1, 0.2, 1]) {
    await page.evaluate((top) => window.scrollTo(0, top), Math.ceil(height * share))
    await page.waitForTimeout(100)
  }
  await expect.poll(depths).toEqual([25, 50, 75, 100])
  expect((await eventsNamed(page, 'scroll_depth'))[0]).toMatchObject({
    page_path: '/services',
    event_category: 'engagement',
  })

  const performance = async () =>
    (await dataLayer(page))
      .filter(
        (command) =>
          command[0] === 'event' && (command[2] as { event_category?: string }).event_category === 'performance',
      )
      .map((command): Record<string, unknown> => ({ name: command[1], ...(command[2] as Record<string, unknown>) }))
  await expect
    .poll(async () => (await performance()).map((event) => event.name))
    .toEqual(expect.arrayContaining(['page_load_time', 'resource_summary', 'slow_resource', 'web_vitals']))
  const events = await performance()
  expect(events.find((event) => event.name === 'page_load_time')?.load_time_ms).toBeGreaterThan(0)
  expect(events.find((event) => event.name === 'resource_summary')).toMatchObject({
    resource_count: expect.any(Number),
    total_kb: expect.any(Number),
  })
  expect(events.find((event) => event.name === 'slow_resource')).toMatchObject({
    resource_url: expect.stringMatching(/\/assets\/icons[.-][\w-]+\.svg$/),
    duration_ms: expect.any(Number),
  })

  // A slow tap, then the page hidden: LCP, CLS and INP are final and reported.
  await page.evaluate(() =>
    document.body.addEventListener('click', () => {
      const end = Date.now() + 150
      while (Date.now() < end) {
        // a long task, so the tap counts for INP
      }
    }),
  )
  await page.locator('main h1').click()
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const vitals = async () =>
    (await performance()).filter((event) => event.name === 'web_vitals').map((event) => event.metric_name)
  await expect.poll(vitals).toEqual(expect.arrayContaining(['FCP', 'LCP', 'CLS', 'INP']))

  // The next page counts its own marks.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  })
  await page.getByRole('contentinfo').getByRole('link', { name: 'Team', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/team'))
  await page.waitForFunction(() => (window as unknown as { __tagLoads?: number }).__tagLoads === 1)
  await expect.poll(() => eventsNamed(page, 'page_view')).toHaveLength(1)
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(depths).toEqual([25, 50, 75, 100])
  expect((await eventsNamed(page, 'scroll_depth'))[0]).toMatchObject({ page_path: '/team' })
})

test('Cookie settings, then Reject: consent is denied, the tag stops, and no event follows, not even a share', async ({
  page,
  context,
}) => {
  const requests = await interceptAnalytics(context)
  await context.route(/^https:\/\/(twitter\.com|www\.linkedin\.com|www\.facebook\.com)\//, (route) => route.abort())
  await loaded(page, '/blog/seo-strategy-2025')
  await accept(page)
  await expect.poll(() => eventsNamed(page, 'page_view')).toHaveLength(1)
  // What Google's tag would have stored.
  await page.evaluate(() => {
    document.cookie = '_ga=GA1.1.123.456; Path=/'
    document.cookie = '_ga_E2ETEST000=GS1.1.789; Path=/'
  })

  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })
  await settings.click()
  await expect(banner(page)).toBeVisible()
  await expect(banner(page)).toContainText('Your current choice: accepted.')
  // Opened on request, the banner takes focus.
  await expect(banner(page)).toBeFocused()
  await banner(page).getByRole('button', { name: 'Reject' }).click()
  await expect(banner(page)).toHaveCount(0)
  await expect(settings).toBeFocused()

  const layer = await dataLayer(page)
  expect(layer.at(-1)).toEqual(['consent', 'update', allDenied])
  expect(await page.evaluate((id) => Reflect.get(window, `ga-disable-${id}`), testMeasurementId)).toBe(true)
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/_ga/)
  expect(await page.evaluate(() => localStorage.getItem('northpeak-consent'))).toBe('denied')

  // Sharing, reading on and scrolling send nothing more; nor does the next page.
  const share = page.getByRole('group', { name: 'Share this page' })
  await share.scrollIntoViewIfNeeded()
  await expect(share.getByRole('button', { name: 'Copy link' })).toBeVisible()
  const popupOpened = page.waitForEvent('popup')
  await share.getByRole('link', { name: 'Share on LinkedIn' }).click()
  await (await popupOpened).close()
  await page.mouse.wheel(0, 5000)
  await page.waitForTimeout(500)
  expect(await dataLayer(page)).toEqual(layer)
  await page.getByRole('contentinfo').getByRole('link', { name: 'Team', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf('/team'))
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await settings.waitFor()
  await page.waitForTimeout(500)
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false)
  expect(requests).toEqual([tagUrl])

  // And Accept again starts it again, with a page view for where the visitor is.
  await settings.click()
  await expect(banner(page)).toContainText('Your current choice: rejected.')
  await banner(page).getByRole('button', { name: 'Accept' }).click()
  await expect.poll(async () => (await eventsNamed(page, 'page_view')).at(-1)).toMatchObject({ page_path: '/team' })
  expect(await page.evaluate((id) => Reflect.get(window, `ga-disable-${id}`), testMeasurementId)).toBe(false)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the banner passes axe-core, works from the keyboard and leaves the main call to action free', async ({
    page,
    context,
  }) => {
    const requests = await interceptAnalytics(context)
    await loaded(page, '/')
    await expect(banner(page)).toBeVisible()

    const results = await axeOn(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze()
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`),
    ).toEqual([])

    // Compact, at the bottom, clear of the page's main call to action.
    const box = (await banner(page).boundingBox())!
    expect(box.y + box.height).toBeCloseTo(844, 0)
    expect(box.height).toBeLessThan(844 / 4)
    const cta = (await page
      .locator('main')
      .getByRole('link', { name: 'Book your free strategy call' })
      .first()
      .boundingBox())!
    expect(cta.y + cta.height).toBeLessThanOrEqual(box.y)

    // Accept and Reject: the same size and look.
    const reject = banner(page).getByRole('button', { name: 'Reject' })
    const acceptButton = banner(page).getByRole('button', { name: 'Accept' })
    const [rejectBox, acceptBox] = [(await reject.boundingBox())!, (await acceptButton.boundingBox())!]
    expect([rejectBox.width, rejectBox.height]).toEqual([acceptBox.width, acceptBox.height])
    expect(await reject.getAttribute('class')).toBe(await acceptButton.getAttribute('class'))

    // Right after the skip link in tab order; Enter chooses.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(banner(page).getByRole('link', { name: 'Privacy policy' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(reject).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(acceptButton).toBeFocused()
    expect(requests).toEqual([])
    await page.keyboard.press('Enter')
    await expect(banner(page)).toHaveCount(0)
    await expect.poll(() => requests).toEqual([tagUrl])
    expect(await page.evaluate(() => document.documentElement.dataset.consentBanner)).toBeUndefined()
  })
})

test('the privacy policy says what is measured, by whom, and how to change the choice', async ({ page }) => {
  await page.goto('/privacy')
  const main = page.locator('main')
  await expect(main).toContainText('It measures visits with Google Analytics only if you accept')
  await expect(main.getByRole('heading', { name: 'Analytics and cookies', exact: true })).toBeVisible()
  for (const text of [
    'Google Analytics 4',
    'Until you choose Accept, nothing is measured',
    '25, 50, 75 and 100 percent',
    'northpeak-consent',
    'Cookie settings',
    'never what you typed into it',
  ]) {
    await expect(main).toContainText(text)
  }
  await expect(main).not.toContainText('This site does not run Google Analytics')
})
