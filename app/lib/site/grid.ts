/**
 * How many columns a grid of `count` cards gets on wide screens, at most `max`.
 *
 * All cards in one row when they fit; otherwise never a last row that holds a
 * single card (`count % columns !== 1`). Of `max` and `max - 1` columns, the
 * one that leaves fewer empty places in the last row wins (the wider on a
 * tie): 6 cards in at most 4 columns are two rows of 3, 7 are 4 + 3. Fewer
 * columns only when neither avoids a lone card; one column when nothing does.
 */
export function gridColumns(count: number, max: number): number {
  if (count <= max) return Math.max(count, 1)
  const lonely = (columns: number) => count % columns === 1
  const empty = (columns: number) => (columns - (count % columns)) % columns
  const [best] = [max, max - 1]
    .filter((columns) => columns >= 2 && !lonely(columns))
    .sort((a, b) => empty(a) - empty(b) || b - a)
  if (best) return best
  for (let columns = max - 2; columns >= 2; columns--) if (!lonely(columns)) return columns
  return 1
}

/**
 * A grid's column classes, written out so Tailwind finds them. One column on
 * phones, then two where an even count leaves no card alone (from `sm`, or
 * on phones already for small items such as figures), then from `lg` the
 * columns of `gridColumns`, a short last row centered.
 */
const layouts = {
  sm: {
    1: '',
    2: 'sm:grid-cols-2',
    3: 'lg:grid-cols-3',
    '3 in pairs': 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'lg:grid-cols-4',
    '4 in pairs': 'sm:grid-cols-2 lg:grid-cols-4',
  },
  phones: {
    1: '',
    2: 'grid-cols-2',
    3: 'lg:grid-cols-3',
    '3 in pairs': 'grid-cols-2 lg:grid-cols-3',
    4: 'lg:grid-cols-4',
    '4 in pairs': 'grid-cols-2 lg:grid-cols-4',
  },
} as const

/**
 * From `lg`, a last row that is not full sits in the middle (docs/product.md#layout):
 * the grid gets twice the columns, each card spans two, and the first card of
 * a short last row starts where the row is centered. By the number of columns,
 * then of cards in the last row.
 */
const centered = {
  3: 'lg:grid-cols-6 lg:*:col-span-2 lg:[&>:nth-last-child(2):nth-child(3n+1)]:col-start-2',
  4: 'lg:grid-cols-8 lg:*:col-span-2 lg:[&>:nth-last-child(2):nth-child(4n+1)]:col-start-3 lg:[&>:nth-last-child(3):nth-child(4n+1)]:col-start-2',
} as const

export function gridClass(count: number, max: 2 | 3 | 4, pairsFrom: 'sm' | 'phones' = 'sm'): string {
  const layout = layouts[pairsFrom]
  const columns = gridColumns(count, max) as 1 | 2 | 3 | 4
  if (columns <= 2) return layout[columns]
  const classes: string = count % 2 !== 0 ? layout[columns] : layout[columns === 3 ? '3 in pairs' : '4 in pairs']
  if (count % columns === 0) return classes
  return classes.replace(`lg:grid-cols-${columns}`, centered[columns as 3 | 4])
}
