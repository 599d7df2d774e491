import { expect, test } from '@playwright/test'
import { platformGroups } from '#app/lib/content/platforms.ts'
import { loaded } from './support.ts'

// The home page's platforms strip (docs/product.md#top-level-pages): the tools
// the agency works in, by kind, as words a visitor reads, worded as tools used
// and never as partnerships, and leading to the integrations page.

test('the home page names the platforms we work in, by kind, and links to every tool we use', async ({ page }) => {
  await loaded(page, '/')
  const strip = page.getByRole('region', { name: 'Platforms we work in' })
  await expect(strip.locator('dt')).toHaveText(platformGroups.map((group) => group.label))
  await expect(strip.locator('dd')).toHaveText(
    platformGroups.flatMap((group) => group.platforms.map((item) => item.name)),
  )
  await expect(strip).not.toContainText(/partner/i)
  await expect(strip.locator('img')).toHaveCount(0)
  await expect(strip.getByRole('link', { name: 'Every tool we use' })).toHaveAttribute('href', '/integrations')
  // Right under the hero: the first block after the page's header.
  const hero = await page.getByRole('main').locator('header').first().boundingBox()
  const box = await strip.boundingBox()
  expect(Math.round(box!.y)).toBe(Math.round(hero!.y + hero!.height))
})
