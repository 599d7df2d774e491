import { expect, test } from 'vitest'
import { labelIndexes, niceTicks } from './chart-scale.ts'

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

test('labelIndexes: every point when few, else evenly spaced with the last one labelled', () => {
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
