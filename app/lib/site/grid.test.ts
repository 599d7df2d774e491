import { describe, expect, test } from 'vitest'
import { gridClass, gridColumns } from './grid.ts'

describe('gridColumns', () => {
  test('puts up to four cards in one row and never leaves one alone in the last row', () => {
    const picked = Array.from({ length: 12 }, (_, index) => gridColumns(index + 1, 4))
    expect(picked).toEqual([1, 2, 3, 4, 3, 3, 4, 4, 3, 4, 4, 4])
  })

  test('with at most three columns, four cards are two pairs and five are three and two', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((count) => gridColumns(count, 3))).toEqual([1, 2, 3, 2, 3, 3, 3])
  })

  test('falls back to one column only when no width avoids a lone card', () => {
    expect(gridColumns(7, 3)).toBe(1)
    expect(gridColumns(3, 2)).toBe(1)
    expect(gridColumns(13, 4)).toBe(1)
  })

  test.each([2, 3, 4] as const)('no count up to 50 leaves one card alone in a last row (at most %i columns)', (max) => {
    for (let count = 1; count <= 50; count++) {
      const columns = gridColumns(count, max)
      expect(columns).toBeGreaterThanOrEqual(1)
      expect(columns).toBeLessThanOrEqual(max)
      if (count > columns) expect(count % columns, `${count} cards in ${columns} columns`).not.toBe(1)
    }
  })
})

describe('gridClass', () => {
  test('maps the columns to literal Tailwind classes, two columns from sm only for even counts', () => {
    expect(gridClass(1, 3)).toBe('')
    expect(gridClass(2, 3)).toBe('sm:grid-cols-2')
    expect(gridClass(3, 3)).toBe('lg:grid-cols-3')
    expect(gridClass(4, 3)).toBe('sm:grid-cols-2')
    expect(gridClass(4, 4)).toBe('sm:grid-cols-2 lg:grid-cols-4')
    expect(gridClass(5, 4)).toBe('lg:grid-cols-6 lg:*:col-span-2 lg:[&>:nth-last-child(2):nth-child(3n+1)]:col-start-2')
    expect(gridClass(6, 3)).toBe('sm:grid-cols-2 lg:grid-cols-3')
    expect(gridClass(7, 4)).toBe(
      'lg:grid-cols-8 lg:*:col-span-2 lg:[&>:nth-last-child(2):nth-child(4n+1)]:col-start-3 lg:[&>:nth-last-child(3):nth-child(4n+1)]:col-start-2',
    )
    expect(gridClass(9, 3)).toBe('lg:grid-cols-3')
  })

  test('from lg, a last row that is not full is centered: twice the columns, each card spanning two', () => {
    // 5 cards in 3 columns: the 4th starts at the 2nd of 6 tracks, so 3 + 2 with the 2 in the middle.
    expect(gridClass(5, 3)).toContain('lg:[&>:nth-last-child(2):nth-child(3n+1)]:col-start-2')
    // 10 cards in 4 columns, paired on tablets: 4 + 4 + 2, the 2 in the middle from lg.
    expect(gridClass(10, 4)).toBe(
      'sm:grid-cols-2 lg:grid-cols-8 lg:*:col-span-2 lg:[&>:nth-last-child(2):nth-child(4n+1)]:col-start-3 lg:[&>:nth-last-child(3):nth-child(4n+1)]:col-start-2',
    )
    // Full rows keep plain columns.
    expect(gridClass(6, 3)).toBe('sm:grid-cols-2 lg:grid-cols-3')
    expect(gridClass(8, 4)).toBe('sm:grid-cols-2 lg:grid-cols-4')
  })

  test('small items can pair up on phones already', () => {
    expect(gridClass(2, 4, 'phones')).toBe('grid-cols-2')
    expect(gridClass(3, 4, 'phones')).toBe('lg:grid-cols-3')
    expect(gridClass(4, 4, 'phones')).toBe('grid-cols-2 lg:grid-cols-4')
    expect(gridClass(6, 4, 'phones')).toBe('grid-cols-2 lg:grid-cols-3')
  })
})
