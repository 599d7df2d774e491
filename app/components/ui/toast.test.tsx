// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { expect, test } from 'vitest'
import { toast } from './toast.ts'

test('the first toast mounts the toaster once and shows its title and text; later ones join it', async () => {
  expect(document.querySelector('[data-toaster]')).toBeNull()
  toast.error({ title: 'Invalid Email', description: 'Please enter a valid email address.' })
  const region = await screen.findByRole('region', { name: /Notifications alt\+T/ })
  expect(await within(region).findByText('Invalid Email')).toBeTruthy()
  expect(within(region).getByText('Please enter a valid email address.')).toBeTruthy()
  expect(region.querySelector('[data-type="error"]')).not.toBeNull()

  toast.success({ title: 'Link Copied!' })
  expect(await within(region).findByText('Link Copied!')).toBeTruthy()
  expect(region.querySelector('[data-type="success"]')).not.toBeNull()
  expect(document.querySelectorAll('[data-toaster]')).toHaveLength(1)
})
