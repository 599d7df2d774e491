// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test, vi } from 'vitest'
import { site } from '#app/lib/site/site.ts'
import { ANNOUNCE_DELAY_MS, RoiCalculator } from './roi-calculator.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
  vi.useRealTimers()
})

/** The calculator on a page opened at `path`, once it has hydrated. */
function renderAt(path = '/roi-calculator') {
  window.history.replaceState(null, '', path)
  render(<RoiCalculator />)
}

/** The page's address: what a reload or a shared link shows. */
const address = () => new URLSearchParams(window.location.search)

const input = (label: RegExp) => screen.getByRole('textbox', { name: label })
const table = () => screen.getByRole('table')
const cells = (label: string) =>
  within(within(table()).getByRole('rowheader', { name: label }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
const liveRegion = () => document.querySelector('[aria-live="polite"]')!

test('opens with the defaults and their results, today and with a typical uplift', () => {
  renderAt()
  expect(input(/Monthly visitors/).getAttribute('value')).toBe('20000')
  expect(input(/Expected conversion uplift/).getAttribute('value')).toBe(
    site.claims.publishedUplifts.middle.replace('%', ''),
  )
  expect(cells('Revenue per month')).toEqual(['$80,000', '$116,800'])
  expect(cells('ROI')).toEqual(['167%', '289%'])
  expect(
    within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Per month', 'Today', `With ${site.claims.publishedUplifts.middle} uplift`])
})

test('typing updates the results and the address, keeping its other parameters and adding no history', () => {
  renderAt('/roi-calculator?utm_source=newsletter')
  const entries = window.history.length
  fireEvent.change(input(/Monthly visitors/), { target: { value: '4000' } })
  fireEvent.change(input(/Monthly visitors/), { target: { value: '40000' } })
  expect(window.history.length).toBe(entries)
  expect(cells('Leads per month')).toEqual(['1,000', '1,460'])
  expect(address().get('visitors')).toBe('40000')
  expect(address().get('spend')).toBe('18000')
  expect(address().get('utm_source')).toBe('newsletter')
  expect(window.location.pathname).toBe('/roi-calculator')
})

test('the address sets the inputs', () => {
  renderAt('/roi-calculator?visitors=60000&conversion=2&close=100&deal=85&margin=45&spend=30000&uplift=25')
  expect(cells('Gross profit per month')).toEqual(['$45,900', '$57,375'])
  expect(cells('ROI')).toEqual(['53%', '91%'])
})

test('the pre-rendered page shows the defaults; a shared link’s figures once it has hydrated', async () => {
  const calculator = <RoiCalculator />
  const container = document.createElement('div')
  container.innerHTML = renderToString(calculator)
  document.body.append(container)
  expect(input(/Monthly visitors/).getAttribute('value')).toBe('20000')
  expect(cells('ROI')).toEqual(['167%', '289%'])

  window.history.replaceState(
    null,
    '',
    '/roi-calculator?visitors=60000&conversion=2&close=100&deal=85&margin=45&spend=30000&uplift=25',
  )
  const mismatches: unknown[] = []
  const root = await act(async () =>
    hydrateRoot(container, calculator, { onRecoverableError: (error) => mismatches.push(error) }),
  )
  expect(mismatches).toEqual([])
  expect(input(/Monthly visitors/).getAttribute('value')).toBe('60000')
  expect(cells('ROI')).toEqual(['53%', '91%'])
  act(() => root.unmount())
})

test('a wrong input gets its message beside it and no figure is shown', () => {
  renderAt()
  const visitors = input(/Monthly visitors/)
  fireEvent.change(visitors, { target: { value: '-5' } })
  expect(visitors.getAttribute('aria-invalid')).toBe('true')
  const described = visitors
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => document.getElementById(id)!.textContent)
  expect(described).toContain('Enter 0 or more: this figure cannot be negative.')
  expect(screen.getByText(/^Correct the marked/).textContent).toBe('Correct the marked field to see the results.')
  expect(cells('Revenue per month')).toEqual(['–', '–'])
  expect(table().textContent).not.toMatch(/\$|NaN|Infinity/)
  fireEvent.change(visitors, { target: { value: '20000' } })
  expect(visitors.getAttribute('aria-invalid')).toBeNull()
  expect(visitors.getAttribute('aria-describedby')!.split(' ')).toHaveLength(1)
})

test('results are announced once typing pauses, in one live region', () => {
  vi.useFakeTimers()
  renderAt()
  expect(document.querySelectorAll('[aria-live]')).toHaveLength(1)
  expect(liveRegion().textContent).toBe('')
  const spend = input(/Monthly marketing spend/)
  for (const value of ['2', '24', '240', '2400', '24000']) {
    fireEvent.change(spend, { target: { value } })
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2))
    expect(liveRegion().textContent).toBe('')
  }
  act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS))
  expect(liveRegion().textContent).toBe(
    'Today: 500 leads, 20 customers, $48,000 gross profit a month, ROI 100%, payback 0.50 months (about 15 days). ' +
      `With ${site.claims.publishedUplifts.middle} uplift: 730 leads, 29 customers, $70,080 gross profit, ROI 192%, payback 0.34 months (about 10 days).`,
  )
})

test('Reset restores the defaults and takes the figures out of the address', () => {
  renderAt('/roi-calculator?visitors=1000&margin=30&ref=partner')
  expect(cells('Leads per month')).toEqual(['25', '37'])
  fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
  expect(input(/Monthly visitors/).getAttribute('value')).toBe('20000')
  expect(input(/Gross margin/).getAttribute('value')).toBe('60')
  expect(cells('Leads per month')).toEqual(['500', '730'])
  expect(window.location.search).toBe('?ref=partner')
})

test('Download CSV with a wrong input says what to do instead of saving an empty file', () => {
  renderAt('/roi-calculator?margin=120')
  fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
  expect(screen.getByRole('status').textContent).toBe(
    'Correct the marked fields first: the file would have no results.',
  )
})

test('Copy link copies the address with every input and says so beside the button', async () => {
  const writeText = vi.fn(() => Promise.resolve())
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
  renderAt()
  fireEvent.change(input(/Gross margin/), { target: { value: '50' } })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })))
  const copied = new URL((writeText.mock.calls[0] as unknown as [string])[0])
  expect(copied.searchParams.get('margin')).toBe('50')
  expect(copied.searchParams.get('visitors')).toBe('20000')
  expect(screen.getByRole('status').textContent).toBe('Link copied')
})

test('the uplift’s default is labeled as a typical case from the published case studies, not a promise', () => {
  renderAt()
  const uplift = input(/Expected conversion uplift/)
  const described = uplift
    .getAttribute('aria-describedby')!
    .split(' ')
    .map((id) => document.getElementById(id)!.textContent)
    .join(' ')
  const { low, middle, high } = site.claims.publishedUplifts
  expect(described).toContain(
    `It starts at ${middle}, the middle of the rises in our published case studies (${low} to ${high}).`,
  )
  expect(described).toContain('not a promise')
})

test('counts of people are whole; a note says the money uses the unrounded average', () => {
  renderAt('/roi-calculator?visitors=50000')
  expect(cells('Leads per month')).toEqual(['1,250', '1,825'])
  expect(cells('Customers per month')).toEqual(['50', '73'])
  expect(cells('Revenue per month')).toEqual(['$200,000', '$292,000'])
  expect(screen.getByText(/shown as whole numbers/).textContent).toBe(
    'Leads and customers are shown as whole numbers; revenue, profit and the rest use the unrounded monthly averages.',
  )
})

test('offers the same model as a spreadsheet to download', () => {
  renderAt()
  expect(screen.getByRole('link', { name: /ROI calculator spreadsheet/ }).getAttribute('href')).toBe(
    '/downloads/roi-calculator.xlsx',
  )
})

test('the call to action books a strategy call, with the label and destination of every page', () => {
  renderAt()
  expect(screen.getByRole('link', { name: 'Book your free strategy call' }).getAttribute('href')).toBe('/book')
})
