// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { BarList, LineChart } from './charts.tsx'

afterEach(cleanup)

const days = ['Oct 1, 2026', 'Oct 2, 2026', 'Oct 3, 2026']
const dollars = (value: number) => `$${value}`

const lineChart = (
  <LineChart
    label="Revenue and spend per day, sample data"
    days={days}
    axisLabels={['Oct 1', 'Oct 2', 'Oct 3']}
    series={[
      { name: 'Revenue', color: '#4338ca', values: [300, 500, 400] },
      { name: 'Spend', color: '#c2410c', dashed: true, values: [100, 120, 90] },
    ]}
    format={dollars}
    formatAxis={dollars}
  />
)

function renderLine() {
  render(lineChart)
}

const tooltip = () => document.querySelector('[aria-hidden="true"].bg-ink')
const points = () => screen.getAllByRole('img')

test('the line chart is one tab stop, on the latest day, each point named with its figures', () => {
  renderLine()
  expect(points().map((point) => point.getAttribute('aria-label'))).toEqual([
    'Oct 1, 2026: revenue $300, spend $100',
    'Oct 2, 2026: revenue $500, spend $120',
    'Oct 3, 2026: revenue $400, spend $90',
  ])
  expect(points().map((point) => point.tabIndex)).toEqual([-1, -1, 0])
  expect(tooltip()).toBeNull()
})

test('arrow keys, Home and End move between days with the tooltip; Escape hides it', () => {
  renderLine()
  fireEvent.focus(points()[2]!)
  expect(tooltip()!.textContent).toBe('Oct 3, 2026Revenue: $400Spend: $90')
  fireEvent.keyDown(points()[2]!, { key: 'ArrowLeft' })
  expect(document.activeElement).toBe(points()[1])
  expect(points().map((point) => point.tabIndex)).toEqual([-1, 0, -1])
  expect(tooltip()!.textContent).toContain('Revenue: $500')
  fireEvent.keyDown(points()[1]!, { key: 'Home' })
  expect(document.activeElement).toBe(points()[0])
  fireEvent.keyDown(points()[0]!, { key: 'ArrowLeft' })
  expect(document.activeElement).toBe(points()[0])
  fireEvent.keyDown(points()[0]!, { key: 'End' })
  expect(document.activeElement).toBe(points()[2])
  fireEvent.keyDown(points()[2]!, { key: 'Escape' })
  expect(tooltip()).toBeNull()
})

test('the pre-rendered line chart has its axes and lines, and no points to focus', () => {
  const html = renderToString(lineChart)
  expect(html).toContain('aria-label="Revenue and spend per day, sample data"')
  expect(html.match(/<path /g)).toHaveLength(2)
  expect(html).not.toContain('role="img"')
  expect(html).not.toContain('tabindex')
})

test('each bar is a tab stop whose focus shows its tooltip', () => {
  render(
    <BarList
      label="Revenue by channel, sample data"
      color="#4f46e5"
      bars={[
        { name: 'Email', value: 200, valueText: '$200', detail: 'Email: $200 revenue.' },
        { name: 'Social', value: 50, valueText: '$50', detail: 'Social: $50 revenue.' },
      ]}
    />,
  )
  const bars = screen.getAllByRole('img')
  expect(bars.map((bar) => [bar.getAttribute('aria-label'), bar.tabIndex])).toEqual([
    ['Email: $200 revenue.', 0],
    ['Social: $50 revenue.', 0],
  ])
  expect((bars[1]!.firstElementChild as HTMLElement).style.width).toBe('25%')
  fireEvent.focus(bars[1]!)
  expect(tooltip()!.textContent).toBe('Social: $50 revenue.')
  fireEvent.keyDown(bars[1]!, { key: 'Escape' })
  expect(tooltip()).toBeNull()
})
