// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { toast, TOAST_EVENT } from '#app/components/ui/toast.ts'
import wakeOnEvent from '#app/directives/event.ts'
import { Toaster } from './toaster.tsx'

afterEach(() => {
  cleanup()
  delete document.documentElement.dataset.theme
})

// The toaster island as app/layouts/site-layout.astro places it,
// `client:event={TOAST_EVENT}`: nothing in the page until the first toast
// wakes it. Its code arrives when the test says so.
function toasterIsland() {
  const element = document.createElement('astro-island')
  document.body.append(element)
  let codeArrives = () => {}
  const arrived = new Promise<void>((resolve) => (codeArrives = resolve))
  const load = vi.fn(async () => {
    await arrived
    return async () => {
      render(<Toaster />, { container: element })
    }
  })
  wakeOnEvent(load, { name: 'Toaster', value: TOAST_EVENT }, element)
  return { load, codeArrives }
}

// toast.ts keeps one toaster for the page: this test wakes it, the next finds it there.
test('the first toast wakes the toaster island once, and shows when the island is there', async () => {
  const island = toasterIsland()
  expect(island.load).not.toHaveBeenCalled()

  toast.error({ title: 'Invalid Email', description: 'Please enter a valid email address.' })
  expect(island.load).toHaveBeenCalledTimes(1)
  // The island's code takes its time: the toast is still shown once it has come.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  await act(async () => island.codeArrives())
  const region = await screen.findByRole('region', { name: /Notifications alt\+T/ })
  expect(await within(region).findByText('Invalid Email')).toBeTruthy()
  expect(within(region).getByText('Please enter a valid email address.')).toBeTruthy()

  toast.success({ title: 'Link Copied!' })
  expect(await within(region).findByText('Link Copied!')).toBeTruthy()
  expect(island.load).toHaveBeenCalledTimes(1)
})

test('the toasts follow the site’s theme, not only the system’s', async () => {
  document.documentElement.dataset.theme = 'dark'
  render(<Toaster />)
  toast.success({ title: 'Link Copied!' })
  const region = await screen.findByRole('region', { name: /Notifications alt\+T/ })
  expect(region.querySelector('[data-sonner-theme]')?.getAttribute('data-sonner-theme')).toBe('dark')
  act(() => {
    document.documentElement.dataset.theme = 'light'
  })
  await vi.waitFor(() =>
    expect(region.querySelector('[data-sonner-theme]')?.getAttribute('data-sonner-theme')).toBe('light'),
  )
})
