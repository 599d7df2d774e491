import { expect, test } from '@playwright/test'
import { contentFileOf, parseFrontmatter } from '#app/lib/content/files.ts'
import { locations, type PageEntry } from '#app/lib/site/registry.ts'
import { readFileSync } from 'node:fs'
import { loaded } from './support.ts'

// City pages (docs/product.md#locations) at 1280x800: the first screen shows
// a map of the metro with the places the page's copy names, and no grid of
// the page leaves one card alone in its last row under a fuller row.

interface Area {
  name: string
}

function areasOf(entry: PageEntry): Area[] {
  const { data } = parseFrontmatter(readFileSync(contentFileOf(entry), 'utf8'))
  return (data as { areas: Area[] }).areas
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  for (const entry of locations) {
    test(`${entry.path}: no grid ends with a lone card under a fuller row`, async ({ page }) => {
      await loaded(page, entry.path)
      const rows = await page.locator('main').evaluate((main) => {
        const grids = [...main.querySelectorAll('*')].filter(
          (element) => getComputedStyle(element).display === 'grid' && element.children.length > 1,
        )
        return grids.map((grid) => {
          const tops = [...grid.children]
            .filter((child) => (child as HTMLElement).offsetParent !== null)
            .map((child) => Math.round(child.getBoundingClientRect().top))
          const counts = new Map<number, number>()
          for (const top of tops) counts.set(top, (counts.get(top) ?? 0) + 1)
          const label = grid.closest('section')?.querySelector('h2')?.textContent ?? grid.className
          return { label, counts: [...counts.entries()].sort(([a], [b]) => a - b).map(([, count]) => count) }
        })
      })
      expect(rows.length, 'the page has grids').toBeGreaterThan(0)
      for (const { label, counts } of rows) {
        if (counts.length < 2) continue
        const [above, last] = counts.slice(-2) as [number, number]
        expect(last === 1 && above > 1, `"${label}": rows of ${counts.join(', ')}`).toBe(false)
      }
    })

    test(`${entry.path}: the first screen shows a map of the places the page names`, async ({ page }) => {
      await loaded(page, entry.path)
      const map = page.getByRole('img', { name: /^Map of / })
      await expect(map).toBeVisible()
      const box = (await map.boundingBox())!
      expect(box.width).toBeGreaterThanOrEqual(240)
      expect(box.height).toBeGreaterThanOrEqual(160)
      expect(box.y + box.height, 'all of it on the first screen').toBeLessThanOrEqual(800)
      const areas = areasOf(entry)
      expect(areas.length).toBeGreaterThanOrEqual(2)
      for (const area of areas) await expect(map.locator('text', { hasText: area.name })).toHaveCount(1)
      // Every place drawn is one the page's copy names.
      const copy = await page.locator('main').evaluate((main) => {
        const clone = main.cloneNode(true) as HTMLElement
        clone.querySelectorAll('svg').forEach((svg) => svg.remove())
        return clone.textContent ?? ''
      })
      for (const area of areas) expect(copy, `the page names ${area.name}`).toContain(area.name)
      // Each place's name, as drawn, stands beside its own dot: its near edge within 10 px of the dot's
      // edge and its middle within 14 px of the dot's, and no name covers another name or a dot.
      const drawn = await map.evaluate((svg) => {
        // A place is a group of its dot and its name.
        const places = [...svg.querySelectorAll('g')].filter((group) => group.querySelector(':scope > circle'))
        const dots = places.map((place) => place.querySelector('circle')!.getBoundingClientRect().toJSON() as DOMRect)
        return places.map((place, index) => ({
          name: place.textContent ?? '',
          label: place.querySelector('text')!.getBoundingClientRect().toJSON() as DOMRect,
          dot: dots[index]!,
          dots,
        }))
      })
      const scale = box.width / 400
      expect(drawn).toHaveLength(areas.length)
      for (const { name, label, dot } of drawn) {
        const gap = Math.max(label.left - dot.right, dot.left - label.right) / scale
        expect(gap, `${name}: beside its dot`).toBeLessThanOrEqual(10)
        expect(gap, `${name}: not over its dot`).toBeGreaterThanOrEqual(0)
        const offset = Math.abs(label.top + label.height / 2 - (dot.top + dot.height / 2)) / scale
        expect(offset, `${name}: level with its dot`).toBeLessThanOrEqual(14)
      }
      const apart = (a: DOMRect, b: DOMRect) =>
        a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
      for (const [index, { name, label, dots }] of drawn.entries()) {
        for (const [other, { name: otherName, label: otherLabel }] of drawn.entries()) {
          if (other !== index) expect(apart(label, otherLabel), `${name} and ${otherName}`).toBe(true)
        }
        for (const [other, dot] of dots.entries()) {
          if (other !== index) expect(apart(label, dot), `${name} over the dot of ${drawn[other]!.name}`).toBe(true)
        }
      }
    })
  }
})
