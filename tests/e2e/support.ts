import type { Page } from '@playwright/test'

/** Opens a page and waits until React has hydrated it (app/root.tsx marks `<html data-hydrated>`). */
export async function hydrated(page: Page, path: string) {
  await page.goto(path)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}
