// @vitest-environment happy-dom
import { act, render, screen, within } from '@testing-library/react'
import { toast as sonner, Toaster } from 'sonner'
import { expect, test, vi } from 'vitest'
import { markToasterReady, TOAST_EVENT, toast } from './toast.ts'

// toast.ts keeps one toaster for the page: these steps share it, in order.
test('a toast wakes the toaster and shows once the toaster is ready; later ones join it', async () => {
  const wakes = vi.fn()
  window.addEventListener(TOAST_EVENT, wakes)
  const handedToSonner = vi.spyOn(sonner, 'error')

  toast.error({ title: 'Invalid Email', description: 'Please enter a valid email address.' })
  expect(wakes).toHaveBeenCalledTimes(1)
  // Sonner's code is in by now; the toaster is not there yet, so the toast waits for it.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  expect(handedToSonner).not.toHaveBeenCalled()

  // What the toaster island does once it has woken (app/islands/toaster.tsx).
  render(<Toaster />)
  markToasterReady()
  const region = await screen.findByRole('region', { name: /Notifications alt\+T/ })
  expect(await within(region).findByText('Invalid Email')).toBeTruthy()
  expect(within(region).getByText('Please enter a valid email address.')).toBeTruthy()
  expect(region.querySelector('[data-type="error"]')).not.toBeNull()

  toast.success({ title: 'Link Copied!' })
  expect(wakes).toHaveBeenCalledTimes(2)
  expect(await within(region).findByText('Link Copied!')).toBeTruthy()
  expect(region.querySelector('[data-type="success"]')).not.toBeNull()
  expect(screen.getAllByRole('region', { name: /Notifications alt\+T/ })).toHaveLength(1)
  window.removeEventListener(TOAST_EVENT, wakes)
})
