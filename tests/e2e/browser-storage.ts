import { expect, type Page } from '@playwright/test'
import { browserStorageOf } from '#app/lib/browser/browser-storage.ts'
import { uniqueEmail } from './leads.ts'
import { loaded } from './support.ts'

// What a build keeps in the browser against app/lib/browser/browser-storage.ts, for
// browser-storage.spec.ts (the build without analytics) and
// measured/browser-storage.spec.ts (the build with it).

/** The constant's entries for a build, as `storage:key`, sorted. */
export function expectedKeys(analytics: boolean): string[] {
  return browserStorageOf({ analytics })
    .map((entry) => `${entry.storage}:${entry.key}`)
    .toSorted()
}

/**
 * Records every key the page's scripts write to localStorage or
 * sessionStorage, by the browser's own account (the DevTools protocol's
 * DOMStorage events): a write by `setItem` or by property, even if the key is
 * removed later. Resolves to a function that returns them, as `storage:key`,
 * sorted, with whatever the storages hold at that moment added.
 */
export async function recordStorageWrites(page: Page): Promise<() => Promise<string[]>> {
  const cdp = await page.context().newCDPSession(page)
  const written = new Set<string>()
  const record = ({ storageId, key }: { storageId: { isLocalStorage: boolean }; key: string }) =>
    written.add(`${storageId.isLocalStorage ? 'localStorage' : 'sessionStorage'}:${key}`)
  cdp.on('DOMStorage.domStorageItemAdded', record)
  cdp.on('DOMStorage.domStorageItemUpdated', record)
  await cdp.send('DOMStorage.enable')
  return async () => {
    const held = await page.evaluate(() => [
      ...Object.keys(localStorage).map((key) => `localStorage:${key}`),
      ...Object.keys(sessionStorage).map((key) => `sessionStorage:${key}`),
    ])
    return [...new Set([...written, ...held])].toSorted()
  }
}

/**
 * Uses, in one browser, everything of the site that keeps something in it:
 * arriving from another site by a campaign link, the theme toggle, the exit
 * popup (shown by its timer, then a sign-up), the contact form, an answer on
 * the audit checklist, and the mobile call-to-action bar closed on a phone. `before` runs on the first page (the
 * consent banner's choice, in a build with analytics).
 */
export async function useEverythingThatStores(page: Page, before: () => Promise<void> = async () => {}) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.clock.install()
  await page.goto('/services?utm_source=newsletter&utm_medium=email&utm_campaign=storage-probe', {
    referer: 'https://www.example.org/',
    waitUntil: 'load',
  })
  await before()

  await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  // The exit popup opens by itself after 30 seconds, once its island watches for its moment.
  await page.clock.runFor(5000)
  await page.locator('astro-island[component-export="ExitPopup"][data-armed]').waitFor({ state: 'attached' })
  await page.clock.runFor(26_000)
  const popup = page.getByRole('dialog', { name: /marketing audit kit/ })
  // Its code loads only now, and the address check's on sending: on a busy machine, a few seconds each.
  await expect(popup).toBeVisible({ timeout: 10_000 })
  await popup.getByLabel('Email address').fill(uniqueEmail('storage'))
  await page.clock.runFor(1000)
  await popup.getByRole('button', { name: 'Send me the free kit' }).click()
  await expect(popup.getByRole('link', { name: 'Open the checklist now' })).toBeVisible({ timeout: 10_000 })
  await page.clock.runFor(3500)
  await expect(popup).toBeHidden()

  // The contact form wakes when the visitor starts to use it.
  await loaded(page, '/contact')
  await page.getByLabel('Your name').fill('Storage Probe')
  await page.getByLabel('Your message').fill('Only trying the form.')

  await loaded(page, '/resources/audit-checklist')
  const point = page.getByRole('group', { name: 'Your score for point 1', exact: true })
  await point.getByText('Partial', { exact: true }).click()
  await expect(point.getByRole('radio', { name: 'Partial' })).toBeChecked()

  await page.setViewportSize({ width: 390, height: 844 })
  await loaded(page, '/about')
  await page.evaluate(() => window.scrollTo(0, 400))
  const bar = page.getByRole('region', { name: 'Book a strategy call' })
  await bar.getByRole('button', { name: 'Hide this bar' }).click()
  await expect(bar).toHaveCount(0)
}

/** The keys the privacy policy lists under "What this site keeps in your browser", sorted. */
export async function keysInPolicy(page: Page): Promise<string[]> {
  await loaded(page, '/privacy')
  const list = page.locator('#what-this-site-keeps-in-your-browser ~ ul').first()
  const items = await list.locator('li').evaluateAll((lis) =>
    lis.map((li) => ({
      key: li.querySelector('code')?.textContent ?? '',
      storage: /session storage/.test(li.textContent ?? '') ? 'sessionStorage' : 'localStorage',
    })),
  )
  return items.map(({ key, storage }) => `${storage}:${key}`).toSorted()
}
