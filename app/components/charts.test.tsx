// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { BarList, ColumnChart, FunnelChart, LineChart, type Column, type FunnelStage } from './charts.tsx'

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

describe('the column chart, drawn at build', () => {
  const columns: Column[] = [
    { short: 'M-2', before: true, parts: [10, 10] },
    { short: 'M-1', before: true, parts: [20, 0] },
    { short: 'M1', before: false, parts: [30, 10] },
    { short: 'M2', before: false, parts: [35, 45] },
  ]
  const drawn = () => {
    document.body.innerHTML = renderToString(<ColumnChart columns={columns} formatAxis={(value) => `${value}`} />)
    return document.querySelector('svg')!
  }
  const height = (element: Element) => Number(element.getAttribute('height'))

  test('one bar per period, its parts stacked, as tall as its total on a round scale', () => {
    const svg = drawn()
    const periods = [...svg.querySelectorAll('[data-period]')]
    expect(periods.map((period) => period.getAttribute('data-period'))).toEqual(['M-2', 'M-1', 'M1', 'M2'])
    const totals = periods.map((period) =>
      [...period.querySelectorAll('rect')].reduce((sum, rect) => sum + height(rect), 0),
    )
    // Totals 20, 20, 40 and 80 on an axis to 80: the bars keep those proportions.
    expect(totals.map((total) => Math.round((total / totals[3]!) * 100))).toEqual([25, 25, 50, 100])
    const [bottom, top] = [...periods[3]!.querySelectorAll('rect')]
    expect(height(top!) / height(bottom!)).toBeCloseTo(45 / 35, 2)
    expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toEqual(
      expect.arrayContaining(['0', '20', '40', '60', '80', 'Before kickoff', 'Engagement', 'M-2', 'M2']),
    )
  })

  test('the periods before kickoff are paler; the drawing is hidden from assistive technology and keeps its size', () => {
    const svg = drawn()
    const opacities = [...svg.querySelectorAll('[data-period]')].map((period) => (period as SVGElement).style.opacity)
    expect(opacities).toEqual(['0.5', '0.5', '1', '1'])
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    expect([svg.getAttribute('width'), svg.getAttribute('height'), svg.getAttribute('viewBox')]).toEqual([
      '340',
      '220',
      '0 0 340 220',
    ])
  })
})

test('the funnel chart: per stage its name, then the cohorts before and after on one scale, each with count and share', () => {
  const stages: FunnelStage[] = [
    {
      stage: 'Trials',
      before: { count: 200, text: '200', share: '100%' },
      after: { count: 400, text: '400', share: '100%' },
    },
    { stage: 'Paid', before: { count: 20, text: '20', share: '10%' }, after: { count: 60, text: '60', share: '15%' } },
  ]
  document.body.innerHTML = renderToString(<FunnelChart stages={stages} />)
  const chart = document.body.firstElementChild!
  expect(chart.getAttribute('aria-hidden')).toBe('true')
  expect([...chart.querySelectorAll('[data-stage]')].map((stage) => stage.textContent)).toEqual([
    'Trials200 (100%)400 (100%)',
    'Paid20 (10%)60 (15%)',
  ])
  const widths = [...chart.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('width')))
  expect(widths).toEqual([50, 100, 5, 15])
})
