// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'

afterEach(cleanup)
// Each test starts on a fresh page: the menus' code not fetched yet.
beforeEach(() => vi.resetModules())

async function renderNav() {
  const { DesktopNav } = await import('./desktop-nav.tsx')
  const Stub = createRoutesStub([
    { path: '/', Component: DesktopNav },
    { path: '/contact', Component: () => <h1>Contact page</h1> },
  ])
  render(<Stub initialEntries={['/']} />)
}

/** Lets the menus' code arrive and React swap it in, if it may. */
async function settle() {
  await act(async () => {
    await import('./loaded-desktop-nav.tsx')
    await new Promise((resolve) => setTimeout(resolve, 20))
  })
}

const menusLoaded = () => document.querySelector('[data-slot="navigation-menu-link"]') !== null

test('a press on a link that wakes the menus ends on that link: the swap waits for the click', async () => {
  await renderNav()
  const link = screen.getByRole('link', { name: 'Contact' })
  fireEvent.pointerDown(link)
  fireEvent.focusIn(link)
  await settle()
  // The code has arrived, but the link the press began on is still the one on the page.
  expect(link.isConnected).toBe(true)
  expect(menusLoaded()).toBe(false)
  fireEvent.pointerUp(link)
  fireEvent.click(link)
  expect(await screen.findByRole('heading', { name: 'Contact page' })).toBeTruthy()
})

test('the menus take over once the press is released', async () => {
  await renderNav()
  const button = screen.getByRole('button', { name: 'Services' })
  fireEvent.pointerDown(button)
  fireEvent.focusIn(button)
  await settle()
  expect(menusLoaded()).toBe(false)
  fireEvent.pointerUp(window)
  await settle()
  expect(menusLoaded()).toBe(true)
})
