// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { fakeIdleCallbacks } from './fake-idle-callbacks.ts'
import { createLateModule, type LateModule } from './late-module.ts'
import { useHydrated } from './use-hydrated.ts'
import { useLateWidget, type LateWidgetOptions } from './use-late-widget.ts'

type Module = { default: (props: { greeting: string }) => ReactNode }

const loadedModule: Module = { default: ({ greeting }) => <p>Loaded: {greeting}</p> }

/** A late module whose fetches the test settles one by one. */
function controlledModule() {
  const fetches: { resolve: () => void; reject: () => void }[] = []
  const loader = vi.fn(
    () =>
      new Promise<Module>((resolve, reject) => {
        fetches.push({ resolve: () => resolve(loadedModule), reject: () => reject(new Error('offline')) })
      }),
  )
  return { late: createLateModule(loader, 'The test widget'), loader, fetches }
}

function Widget({ late, options }: { late: LateModule<Module>; options?: LateWidgetOptions }) {
  const [Loaded, wake] = useLateWidget(late, options)
  return Loaded ? (
    <Loaded greeting="hello" />
  ) : (
    <button type="button" onClick={wake}>
      Stand-in
    </button>
  )
}

/** Lets settled fetches reach React, and React commit the transition. */
async function settle() {
  await act(async () => {
    await Promise.resolve()
  })
}

let warn: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
  Reflect.deleteProperty(window, 'requestIdleCallback')
  Reflect.deleteProperty(window, 'cancelIdleCallback')
})

test('renders the stand-in first and fetches nothing until woken', () => {
  const { late, loader } = controlledModule()
  render(<Widget late={late} />)
  expect(document.body.textContent).toBe('Stand-in')
  expect(loader).not.toHaveBeenCalled()
})

test('wake loads the code once and swaps the loaded component in, with its props', async () => {
  const { late, loader, fetches } = controlledModule()
  render(<Widget late={late} />)
  fireEvent.click(screen.getByRole('button', { name: 'Stand-in' }))
  fireEvent.click(screen.getByRole('button', { name: 'Stand-in' }))
  expect(loader).toHaveBeenCalledTimes(1)
  // The stand-in stays until the code is there.
  expect(document.body.textContent).toBe('Stand-in')
  fetches[0]!.resolve()
  await settle()
  expect(document.body.textContent).toBe('Loaded: hello')
  expect(screen.queryByRole('button', { name: 'Stand-in' })).toBeNull()
})

test('a failed load keeps the stand-in, warns, and the next wake tries again', async () => {
  const { late, loader, fetches } = controlledModule()
  render(<Widget late={late} />)
  fireEvent.click(screen.getByRole('button', { name: 'Stand-in' }))
  fetches[0]!.reject()
  await settle()
  expect(document.body.textContent).toBe('Stand-in')
  expect(warn).toHaveBeenCalledWith('The test widget could not load', expect.any(Error))

  fireEvent.click(screen.getByRole('button', { name: 'Stand-in' }))
  expect(loader).toHaveBeenCalledTimes(2)
  fetches[1]!.resolve()
  await settle()
  expect(document.body.textContent).toBe('Loaded: hello')
})

test('a widget mounted after its code has arrived renders it at once', async () => {
  const { late, fetches } = controlledModule()
  const loading = late.load()
  fetches[0]!.resolve()
  await loading
  render(<Widget late={late} />)
  expect(document.body.textContent).toBe('Loaded: hello')
})

test('preloadWhenIdle fetches the code at idle where its condition holds, without swapping it in', async () => {
  vi.useFakeTimers()
  const { runIdle } = fakeIdleCallbacks()
  const shown = controlledModule()
  const notShown = controlledModule()
  const off = controlledModule()
  render(
    <>
      <Widget late={shown.late} options={{ preloadWhenIdle: () => true }} />
      <Widget late={notShown.late} options={{ preloadWhenIdle: () => false }} />
      <Widget late={off.late} />
    </>,
  )
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
  expect(shown.loader).not.toHaveBeenCalled()
  act(runIdle)
  expect(shown.loader).toHaveBeenCalledTimes(1)
  expect(notShown.loader).not.toHaveBeenCalled()
  expect(off.loader).not.toHaveBeenCalled()
  shown.fetches[0]!.resolve()
  await settle()
  // The swap waits for the first use.
  expect(screen.getAllByRole('button', { name: 'Stand-in' })).toHaveLength(3)
  fireEvent.click(screen.getAllByRole('button', { name: 'Stand-in' })[0]!)
  await settle()
  // Only the widget woken swaps; the others keep their stand-ins.
  expect(document.body.textContent).toBe('Loaded: helloStand-inStand-in')
})

test('unmounting cancels a preload that has not started', async () => {
  vi.useFakeTimers()
  const { runIdle } = fakeIdleCallbacks()
  const { late, loader } = controlledModule()
  const { unmount } = render(<Widget late={late} options={{ preloadWhenIdle: () => true }} />)
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0)
  })
  unmount()
  runIdle()
  expect(loader).not.toHaveBeenCalled()
})

function HydrationProbe() {
  return <p>{useHydrated() ? 'after hydration' : 'pre-rendered'}</p>
}

test('useHydrated is false in the pre-rendered HTML and while hydrating, then true', async () => {
  const html = renderToString(<HydrationProbe />)
  expect(html).toContain('pre-rendered')
  const container = document.createElement('div')
  container.innerHTML = html
  document.body.append(container)
  const recoverable = vi.fn()
  let root: ReturnType<typeof hydrateRoot> | undefined
  await act(async () => {
    root = hydrateRoot(container, <HydrationProbe />, { onRecoverableError: recoverable })
  })
  expect(container.textContent).toBe('after hydration')
  expect(recoverable).not.toHaveBeenCalled()
  act(() => root!.unmount())
  container.remove()
})

test('useHydrated is true at once in a widget mounted on the client', () => {
  render(<HydrationProbe />)
  expect(screen.getByText('after hydration')).toBeTruthy()
})
