import type { Page } from '@playwright/test'

/** Opens a page and waits until React has hydrated it (app/root.tsx marks `<html data-hydrated>`). */
export async function hydrated(page: Page, path: string) {
  await page.goto(path)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** The measurement id of the second build the end-to-end tests run against (playwright.config.ts, tests/e2e/measured/). */
export const testMeasurementId = 'G-E2ETEST000'

/** Every host Google's tag loads from or sends to: tests route them, so nothing leaves the machine. */
export const analyticsHosts =
  /^https:\/\/([\w-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|doubleclick\.net)\//
