/**
 * Scales for the dashboard's charts (app/components/charts.tsx): round axis
 * ticks and which labels of a long axis to show. Pure arithmetic, no
 * drawing (docs/decisions/019-own-svg-charts.md).
 */

/**
 * Ticks from 0 to at least `max`, at a round step (1, 2, 2.5 or 5 times a
 * power of ten), about `count` of them after 0. A chart whose values are
 * all 0 still gets an axis up to 1.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1]
  const rough = max / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!
  const ticks = [0]
  while (ticks.at(-1)! < max) ticks.push(Number((ticks.length * step).toPrecision(12)))
  return ticks
}

/**
 * The indexes of `length` points that get an axis label: at most `most`,
 * evenly spaced from the first, and never one so close to the last that
 * their labels would touch.
 */
export function labelIndexes(length: number, most = 6): number[] {
  if (length <= 0) return []
  if (length <= most) return Array.from({ length }, (_, index) => index)
  const step = Math.ceil((length - 1) / (most - 1))
  const indexes: number[] = []
  for (let index = 0; index < length - 1; index += step) indexes.push(index)
  if (length - 1 - indexes.at(-1)! < step / 2) indexes.pop()
  indexes.push(length - 1)
  return indexes
}

/** Tenths of a unit: a tenth of the 100-unit plot is under a pixel on any screen it is drawn on. */
const tenths = (value: number) => Math.round(value * 10)
const fromTenths = (value: number) => String(value / 10)

/**
 * The SVG path of a line over `values`, evenly spaced across a 100-unit wide
 * plot and scaled so `top` is its upper edge. Written in relative steps: the
 * same horizontal step over and over, and each vertical step in tenths taken
 * from the rounded heights, so no rounding error adds up along the line. One
 * value sits in the middle.
 */
export function linePath(values: readonly number[], top: number): string {
  if (values.length === 0) return ''
  const heights = values.map((value) => tenths(100 - (value / top) * 100))
  if (values.length === 1) return `M50 ${fromTenths(heights[0]!)}`
  const step = String(Math.round((100 / (values.length - 1)) * 1000) / 1000)
  const steps = heights.slice(1).map((height, index) => `${step} ${fromTenths(height - heights[index]!)}`)
  return `M0 ${fromTenths(heights[0]!)}l${steps.join(' ')}`
}
