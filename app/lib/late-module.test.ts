// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { fakeIdleCallbacks } from './fake-idle-callbacks.ts'
import { createLateModule } from './late-module.ts'

const module = { default: 'the widget' }

/** A loader whose fetches the test settles one by one, as the network would. */
function controlledLoader() {
  const fetches: { resolve: (value: typeof module) => void; reject: (error: Error) => void }[] = []
  const loader = vi.fn(
    () =>
      new Promise<typeof module>((resolve, reject) => {
        fetches.push({ resolve, reject })
      }),
  )
  return { loader, fetches }
}

let warn: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  Reflect.deleteProperty(document, 'readyState')
})

test('nothing is fetched until asked', () => {
  const { loader } = controlledLoader()
  createLateModule(loader, 'The widget')
  expect(loader).not.toHaveBeenCalled()
})

test('many callers share one fetch', async () => {
  const { loader, fetches } = controlledLoader()
  const late = createLateModule(loader, 'The widget')
  const first = late.load()
  const second = late.load()
  const preloaded = late.preload()
  expect(loader).toHaveBeenCalledTimes(1)
  fetches[0]!.resolve(module)
  await expect(first).resolves.toBe(module)
  await expect(second).resolves.toBe(module)
  await expect(preloaded).resolves.toBe(module)
  await expect(late.load()).resolves.toBe(module)
  expect(loader).toHaveBeenCalledTimes(1)
})

test('a failed fetch is forgotten: the next load tries again', async () => {
  const { loader, fetches } = controlledLoader()
  const late = createLateModule(loader, 'The widget')
  const failing = late.load()
  fetches[0]!.reject(new Error('offline'))
  await expect(failing).rejects.toThrow('offline')
  expect(late.loaded()).toBeUndefined()

  const retry = late.load()
  expect(loader).toHaveBeenCalledTimes(2)
  fetches[1]!.resolve(module)
  await expect(retry).resolves.toBe(module)
  expect(late.loaded()).toBe(module)
})

test('preload swallows a failure, with one warning naming what failed', async () => {
  const { loader, fetches } = controlledLoader()
  const late = createLateModule(loader, 'The menus')
  const preloaded = late.preload()
  const again = late.preload()
  const error = new Error('offline')
  fetches[0]!.reject(error)
  await expect(preloaded).resolves.toBeUndefined()
  await expect(again).resolves.toBeUndefined()
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn).toHaveBeenCalledWith('The menus could not load', error)

  const retried = late.preload()
  expect(loader).toHaveBeenCalledTimes(2)
  fetches[1]!.resolve(module)
  await expect(retried).resolves.toBe(module)
})

test('the sync getter has the module only once it has arrived', async () => {
  const { loader, fetches } = controlledLoader()
  const late = createLateModule(loader, 'The widget')
  expect(late.loaded()).toBeUndefined()
  const loading = late.load()
  expect(late.loaded()).toBeUndefined()
  fetches[0]!.resolve(module)
  await loading
  expect(late.loaded()).toBe(module)
})

test('preloadWhenIdle waits for the load event, then for an idle period', async () => {
  vi.useFakeTimers()
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
  const idle = fakeIdleCallbacks()
  try {
    const { loader } = controlledLoader()
    createLateModule(loader, 'The widget').preloadWhenIdle()
    idle.runIdle()
    await vi.advanceTimersByTimeAsync(5000)
    expect(loader).not.toHaveBeenCalled()

    window.dispatchEvent(new Event('load'))
    expect(loader).not.toHaveBeenCalled()
    idle.runIdle()
    expect(loader).toHaveBeenCalledTimes(1)
  } finally {
    idle.restore()
  }
})

test('preloadWhenIdle fetches nothing when its condition says no, or once cancelled', async () => {
  vi.useFakeTimers()
  const idle = fakeIdleCallbacks()
  try {
    const refused = controlledLoader()
    createLateModule(refused.loader, 'The widget').preloadWhenIdle(() => false)
    const cancelled = controlledLoader()
    const cancel = createLateModule(cancelled.loader, 'The widget').preloadWhenIdle()
    const allowed = controlledLoader()
    createLateModule(allowed.loader, 'The widget').preloadWhenIdle(() => true)
    await vi.advanceTimersByTimeAsync(0)
    cancel()
    idle.runIdle()
    expect(refused.loader).not.toHaveBeenCalled()
    expect(cancelled.loader).not.toHaveBeenCalled()
    expect(allowed.loader).toHaveBeenCalledTimes(1)
  } finally {
    idle.restore()
  }
})
