// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { IslandBoundary } from './error-fallback.tsx'

// A render error is provoked here, in a test page, so no broken island ever
// ships to visitors.
function Broken(): never {
  throw new Error('Render failed')
}

const beacon = vi.fn((_url: string, _body: Blob) => true)
const reload = vi.fn()
const assign = vi.fn()
const realLocation = window.location

beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
  // The address the island failed on; reload and assign would leave the test page.
  Object.defineProperty(window, 'location', {
    value: { pathname: '/roi-calculator', reload, assign },
    configurable: true,
  })
  // React logs the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  beacon.mockClear()
  reload.mockClear()
  assign.mockClear()
  Object.defineProperty(window, 'location', { value: realLocation, configurable: true })
  Reflect.deleteProperty(navigator, 'sendBeacon')
})

/** A page with its own heading and text, and one island that fails to render. */
function renderPage() {
  render(
    <main>
      <h1>ROI calculator</h1>
      <IslandBoundary>
        <Broken />
      </IslandBoundary>
      <p>How the calculator works</p>
    </main>,
  )
}

test('an island that fails shows the fallback in its place, with its texts and the support address', () => {
  renderPage()
  const fallback = screen.getByRole('alert')
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Oops! Something went wrong')
  expect(fallback.textContent).toContain("We encountered an unexpected error. Don't worry, our team has been notified.")
  expect(fallback.textContent).toContain(
    'If it keeps happening, email us at hello@northpeak.example and we will help you find what you were looking for.',
  )
  expect(screen.getByRole('link', { name: 'hello@northpeak.example' }).getAttribute('href')).toBe(
    'mailto:hello@northpeak.example',
  )
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Reload Page', 'Go Home'])
})

test('the rest of the page stays as it was', () => {
  renderPage()
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ROI calculator')
  expect(screen.getByText('How the calculator works')).toBeTruthy()
  expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
    'ROI calculator',
    'Oops! Something went wrong',
  ])
})

test('the error is reported to the server, with the page it happened on', async () => {
  renderPage()
  expect(beacon).toHaveBeenCalledTimes(1)
  const [url, blob] = beacon.mock.calls[0]!
  expect(url).toBe('/api/client-errors')
  expect(JSON.parse(await blob.text())).toEqual({ message: 'Render failed', path: '/roi-calculator' })
})

test('without a beacon the report is posted', () => {
  Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true })
  const post = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 204 })))
  vi.stubGlobal('fetch', post)
  renderPage()
  expect(post).toHaveBeenCalledTimes(1)
  const [url, init] = post.mock.calls[0]!
  expect(url).toBe('/api/client-errors')
  expect(init?.method).toBe('POST')
  expect(JSON.parse(init?.body as string)).toEqual({ message: 'Render failed', path: '/roi-calculator' })
})

test('Reload Page reloads the page', () => {
  renderPage()
  fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }))
  expect(reload).toHaveBeenCalledTimes(1)
  expect(assign).not.toHaveBeenCalled()
})

test('Go Home goes to the home page', () => {
  renderPage()
  fireEvent.click(screen.getByRole('button', { name: 'Go Home' }))
  expect(assign).toHaveBeenCalledWith('/')
  expect(reload).not.toHaveBeenCalled()
})
