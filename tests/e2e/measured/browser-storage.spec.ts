import { expect, test } from '@playwright/test'
import { expectedKeys, keysInPolicy, recordStorageWrites, useEverythingThatStores } from '../browser-storage.ts'
import { banner, interceptAnalytics } from './support.ts'

// What the site keeps in the browser (app/lib/browser/browser-storage.ts), in the
// build with analytics: the consent banner's choice besides the rest
// (browser-storage.spec.ts). Google's tag is a stand-in (support.ts); the
// cookies it would set are the policy's "Analytics and cookies", not storage.

test('every key a visit writes to the browser is in the constant, and no other', async ({ page, context }) => {
  await interceptAnalytics(context)
  const written = await recordStorageWrites(page)
  await useEverythingThatStores(page, async () => {
    await banner(page).getByRole('button', { name: 'Accept' }).click()
    await expect(banner(page)).toHaveCount(0)
  })
  expect(await written()).toEqual(expectedKeys(true))
})

test('the privacy policy lists the keys of the constant, each in its storage', async ({ page }) => {
  expect(await keysInPolicy(page)).toEqual(expectedKeys(true))
})
