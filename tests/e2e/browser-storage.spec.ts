import { expect, test } from '@playwright/test'
import { expectedKeys, keysInPolicy, recordStorageWrites, useEverythingThatStores } from './browser-storage.ts'

// What the site keeps in the browser (app/lib/browser/browser-storage.ts), in the
// build without analytics: every key a visit writes is in the constant, and
// the privacy policy lists exactly the constant's keys for this build.
// measured/browser-storage.spec.ts does the same with analytics.

test('every key a visit writes to the browser is in the constant, and no other', async ({ page }) => {
  const written = await recordStorageWrites(page)
  await useEverythingThatStores(page)
  expect(await written()).toEqual(expectedKeys(false))
})

test('the privacy policy lists the keys of the constant, each in its storage', async ({ page }) => {
  expect(await keysInPolicy(page)).toEqual(expectedKeys(false))
})
