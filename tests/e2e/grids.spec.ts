import { expect, test, type Locator } from '@playwright/test'
import { loaded } from './support.ts'

// No card alone in a grid (docs/product.md#layout): at 1280 px the last row
// of a grid of cards is either full or centered under the rows above it, and
// no row of a grid of two columns or more holds a single card that does not
// fill it. Read from the boxes the browser lays out, as a visitor sees them.

const wide = { width: 1280, height: 800 }

interface Box {
  x: number
  y: number
  width: number
}

/** The grid's cards grouped into rows by their top edge, each row left to right, and the grid's content box. */
async function rowsOf(grid: Locator) {
  return grid.evaluate((element) => {
    const style = getComputedStyle(element)
    const box = element.getBoundingClientRect()
    const left = box.left + parseFloat(style.paddingLeft)
    const right = box.right - parseFloat(style.paddingRight)
    const rows = new Map<number, { x: number; y: number; width: number }[]>()
    for (const child of element.children) {
      const { x, y, width } = child.getBoundingClientRect()
      const top = Math.round(y)
      rows.set(top, [...(rows.get(top) ?? []), { x, y, width }])
    }
    return {
      left,
      right,
      rows: [...rows.entries()].sort(([a], [b]) => a - b).map(([, cards]) => cards.sort((a, b) => a.x - b.x)),
    }
  })
}

/** What is wrong with the grid's rows: empty when the last row is full or centered and no card is alone. */
function problems({ left, right, rows }: { left: number; right: number; rows: Box[][] }): string[] {
  const found: string[] = []
  const columns = rows[0]!.length
  const last = rows.at(-1)!
  const start = last[0]!.x - left
  const end = right - (last.at(-1)!.x + last.at(-1)!.width)
  const full = last.length === columns || (start < 2 && end < 2)
  if (!full && Math.abs(start - end) > 2)
    found.push(
      `last row of ${last.length} in ${columns} columns is neither full nor centered (${Math.round(start)} px left, ${Math.round(end)} px right)`,
    )
  for (const [index, row] of rows.entries()) {
    const alone = row.length === 1 && columns >= 2 && row[0]!.width < right - left - 2
    if (alone) found.push(`row ${index + 1} holds one card alone in a grid of ${columns} columns`)
  }
  return found
}

test.describe('no card alone in a grid at 1280 px', () => {
  test.use({ viewport: wide })

  test('the dashboard page: how we build your dashboard', async ({ page }) => {
    await loaded(page, '/dashboard')
    const steps = page.getByRole('region', { name: 'How we build your dashboard' }).getByRole('list').first()
    const layout = await rowsOf(steps)
    expect(layout.rows.flat()).toHaveLength(5)
    expect(layout.rows[0]!.length, 'cards side by side at 1280 px').toBeGreaterThan(1)
    expect(problems(layout)).toEqual([])
  })

  test('the ROI calculator: your figures', async ({ page }) => {
    await loaded(page, '/roi-calculator')
    const inputs = page.getByRole('group', { name: 'Your figures' }).locator(':scope > div').last()
    const layout = await rowsOf(inputs)
    expect(layout.rows.flat()).toHaveLength(7)
    // The seven fields use the width: more than one a row, so the column is not seven fields tall.
    expect(layout.rows.length, 'rows of fields at 1280 px').toBeLessThan(7)
    expect(problems(layout)).toEqual([])
  })

  test('the home page: its steps and its reasons to choose us', async ({ page }) => {
    await loaded(page, '/')
    for (const name of ['From a first conversation to a running program', 'Why teams choose us']) {
      const grid = page.getByRole('region', { name }).getByRole('list').first()
      const layout = await rowsOf(grid)
      expect(problems(layout), name).toEqual([])
    }
  })
})
