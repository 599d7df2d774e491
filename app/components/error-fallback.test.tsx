// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { RouteErrorBoundary } from './error-fallback.tsx'

// A render error is provoked here, in a test router, so no broken page ever
// ships to visitors.
function Broken(): never {
  throw new Error('Render failed')
}

const beacon = vi.fn(() => true)

beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true })
  // React logs the caught error; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  beacon.mockClear()
})

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <h1>Home page</h1> },
    { path: '/broken', Component: Broken, ErrorBoundary: RouteErrorBoundary },
  ])
  render(<Stub initialEntries={[path]} />)
}

test('an uncaught render error shows the fallback with its texts and the support address', async () => {
  renderAt('/broken')
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Oops! Something went wrong')
  expect(document.body.textContent).toContain(
    "We encountered an unexpected error. Don't worry, our team has been notified.",
  )
  expect(screen.getByRole('link', { name: 'hello@northpeak.example' }).getAttribute('href')).toBe(
    'mailto:hello@northpeak.example',
  )
  expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Reload Page', 'Go Home'])
})

test('the error is reported to the server', async () => {
  renderAt('/broken')
  await screen.findByRole('heading', { name: 'Oops! Something went wrong' })
  expect(beacon).toHaveBeenCalledTimes(1)
  const [url, blob] = beacon.mock.calls[0] as unknown as [string, Blob]
  expect(url).toBe('/api/client-errors')
  expect(JSON.parse(await blob.text())).toEqual({ message: 'Render failed', path: '/' })
})

test('Go Home clears the error and shows the home page', async () => {
  renderAt('/broken')
  fireEvent.click(await screen.findByRole('button', { name: 'Go Home' }))
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Home page')
  expect(screen.queryByText('Oops! Something went wrong')).toBeNull()
})

test('Reload Page reloads the window', async () => {
  const reload = vi.fn()
  Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true })
  renderAt('/broken')
  fireEvent.click(await screen.findByRole('button', { name: 'Reload Page' }))
  expect(reload).toHaveBeenCalledTimes(1)
})
