import type { BrowserContext, Locator, Page } from '@playwright/test'
import { analyticsHosts } from '../support.ts'

/** The address gtag.js is loaded from, with the test build's measurement id. */
export const tagUrl = 'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST000'

/**
 * Routes every analytics host: gtag.js is answered with a stand-in that only
 * counts its loads, anything else is aborted. Returns the requests, in order.
 */
export async function interceptAnalytics(context: BrowserContext): Promise<string[]> {
  const requests: string[] = []
  await context.route(analyticsHosts, (route) => {
    const url = route.request().url()
    requests.push(url)
    if (url.startsWith('https://www.googletagmanager.com/gtag/js')) {
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.__tagLoads = (window.__tagLoads || 0) + 1',
      })
    }
    return route.abort()
  })
  return requests
}

/** The page's dataLayer, each command as an array (gtag pushes `arguments` objects). */
export function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((command) => Array.from(command)),
  )
}

/** The parameters of each `event` command of that name, in order. */
export async function eventsNamed(page: Page, name: string): Promise<Record<string, unknown>[]> {
  return (await dataLayer(page))
    .filter((command) => command[0] === 'event' && command[1] === name)
    .map((command) => command[2] as Record<string, unknown>)
}

export const banner = (page: Page): Locator => page.getByRole('region', { name: 'Cookie consent' })
