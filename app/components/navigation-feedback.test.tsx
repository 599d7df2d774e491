// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react'
import type * as ReactRouter from 'react-router'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { pages } from '#app/lib/registry.ts'
import { Prefetch } from './navigation-feedback.tsx'

// React Router's links need the framework's build manifest; the schedule is
// what is under test here, so each prefetched page is a marker element.
vi.mock('react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactRouter>()),
  PrefetchPageLinks: ({ page }: { page: string }) => <link rel="prefetch" data-page={page} />,
}))

const startPaths = ['/pricing', '/contact', '/services', '/case-studies']
const idlePaths = pages.filter((page) => page.prefetch === 'idle').map((page) => page.path)

function prefetched(): string[] {
  return [...document.querySelectorAll('link[data-page]')].map((link) => link.getAttribute('data-page')!)
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

/** Runs the tasks due now, one at a time: each page schedules the next when it has rendered. */
async function runTasks(count: number) {
  for (let i = 0; i < count; i += 1) await advance(0)
}

function load() {
  act(() => {
    window.dispatchEvent(new Event('load'))
  })
}

beforeEach(() => {
  vi.useFakeTimers()
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  Reflect.deleteProperty(document, 'readyState')
  Reflect.deleteProperty(window, 'requestIdleCallback')
  Reflect.deleteProperty(window, 'cancelIdleCallback')
})

function withoutIdleCallbacks() {
  Reflect.deleteProperty(window, 'requestIdleCallback')
  Reflect.deleteProperty(window, 'cancelIdleCallback')
  expect('requestIdleCallback' in window).toBe(false)
}

test('the registry names the four start pages of the product and a set of idle pages', () => {
  expect(pages.filter((page) => page.prefetch === 'start').map((page) => page.path)).toEqual(startPaths)
  expect(idlePaths.length).toBeGreaterThan(0)
})

test('nothing is fetched before the load event, then the start pages one per task', async () => {
  withoutIdleCallbacks()
  render(<Prefetch />)
  await advance(5000)
  expect(prefetched()).toEqual([])

  load()
  expect(prefetched()).toEqual(startPaths.slice(0, 1))
  await runTasks(1)
  expect(prefetched()).toEqual(startPaths.slice(0, 2))
  await runTasks(2)
  expect(prefetched()).toEqual(startPaths)
})

test('without idle callbacks, the other pages follow 2 s after the start pages', async () => {
  withoutIdleCallbacks()
  render(<Prefetch />)
  load()
  await runTasks(3)
  expect(prefetched()).toEqual(startPaths)
  await advance(1999)
  expect(prefetched()).toEqual(startPaths)
  await advance(1)
  expect(prefetched()).toEqual([...startPaths, idlePaths[0]])
  await runTasks(idlePaths.length - 1)
  expect(prefetched()).toEqual([...startPaths, ...idlePaths])
})

test('with idle callbacks, each other page waits for its own idle period', async () => {
  const queue: (() => void)[] = []
  Object.defineProperty(window, 'requestIdleCallback', {
    value: (task: () => void) => queue.push(task),
    configurable: true,
  })
  Object.defineProperty(window, 'cancelIdleCallback', { value: () => undefined, configurable: true })
  Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true })

  render(<Prefetch />)
  await runTasks(4)
  expect(prefetched()).toEqual(startPaths)
  await advance(10_000)
  expect(prefetched()).toEqual(startPaths)

  for (const [index, path] of idlePaths.entries()) {
    expect(queue).toHaveLength(index + 1)
    act(() => queue[index]!())
    expect(prefetched().at(-1)).toBe(path)
  }
  expect(prefetched()).toEqual([...startPaths, ...idlePaths])
})
