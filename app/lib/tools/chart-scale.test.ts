import { expect, test } from 'vitest'
import { labelIndexes, linePath, niceTicks } from './chart-scale.ts'

test('niceTicks: round steps from 0 up to at least the largest value', () => {
  expect(niceTicks(31_200)).toEqual([0, 10_000, 20_000, 30_000, 40_000])
  expect(niceTicks(4_300)).toEqual([0, 2_000, 4_000, 6_000])
  expect(niceTicks(100)).toEqual([0, 25, 50, 75, 100])
  expect(niceTicks(0.9)).toEqual([0, 0.25, 0.5, 0.75, 1])
  expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8])
})

test('niceTicks: an empty or broken range still gives an axis', () => {
  expect(niceTicks(0)).toEqual([0, 1])
  expect(niceTicks(Number.NaN)).toEqual([0, 1])
  expect(niceTicks(Number.POSITIVE_INFINITY)).toEqual([0, 1])
})

test('labelIndexes: every point when few, else evenly spaced with the last one labeled', () => {
  expect(labelIndexes(7, 7)).toEqual([0, 1, 2, 3, 4, 5, 6])
  expect(labelIndexes(7)).toEqual([0, 2, 4, 6])
  expect(labelIndexes(30)).toEqual([0, 6, 12, 18, 24, 29])
  expect(labelIndexes(90)).toEqual([0, 18, 36, 54, 72, 89])
  expect(labelIndexes(31, 6)).toEqual([0, 6, 12, 18, 24, 30])
  expect(labelIndexes(12, 6)).toEqual([0, 3, 6, 9, 11])
  expect(labelIndexes(11, 6)).toEqual([0, 2, 4, 6, 8, 10])
  expect(labelIndexes(8, 4)).toEqual([0, 3, 7])
  expect(labelIndexes(0)).toEqual([])
})

test('linePath: relative steps across the plot, top value at the upper edge', () => {
  expect(linePath([0, 50, 100], 100)).toBe('M0 100l50 -50 50 -50')
  expect(linePath([10, 10, 10, 10], 20)).toBe('M0 50l33.333 0 33.333 0 33.333 0')
  expect(linePath([30], 60)).toBe('M50 50')
  expect(linePath([], 60)).toBe('')
})

test('linePath: rounding never drifts, the last point is where its value puts it', () => {
  const values = Array.from({ length: 90 }, (_, index) => 1_000 + ((index * 7_919) % 3_217))
  const path = linePath(values, 5_000)
  const [start, rest] = path.slice(1).split('l') as [string, string]
  const numbers = rest.split(' ').map(Number)
  let x = 0
  let y = Number(start.split(' ')[1])
  for (let index = 0; index < numbers.length; index += 2) {
    x += numbers[index]!
    y += numbers[index + 1]!
  }
  expect(x).toBeCloseTo(100, 1)
  expect(y).toBeCloseTo(Math.round((100 - (values.at(-1)! / 5_000) * 100) * 10) / 10, 6)
})
