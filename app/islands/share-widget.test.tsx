// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { setAnalyticsSink, sharePayload, type AnalyticsEvent } from '#app/lib/analytics/analytics.ts'
import { ShareWidget } from './share-widget.tsx'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('#app/components/ui/toast.ts', () => ({ toast: toastMock }))

const props = {
  title: 'SEO Strategy for 2025',
  url: 'https://northpeak.example/blog/seo-strategy-2025',
  description: 'Plan SEO for 2025.',
}

let sent: AnalyticsEvent[]
let root: Root | undefined
/** What React could not hydrate as the HTML had it. */
let mismatches: unknown[]

/**
 * The widget as a page gets it: its HTML from the build, then hydrated in a
 * browser that may have more than the build had (`inBrowser`).
 */
async function hydrate(widget: ReactElement, inBrowser = () => {}) {
  const container = document.createElement('div')
  container.innerHTML = renderToString(widget)
  document.body.append(container)
  inBrowser()
  await act(async () => {
    root = hydrateRoot(container, widget, { onRecoverableError: (error) => mismatches.push(error) })
  })
}

/** The widget with a clipboard that takes what it is given, after its first Copy link. */
async function copyOnce(writeText = vi.fn(() => Promise.resolve())) {
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard)
  await hydrate(<ShareWidget {...props} />)
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
  })
  return writeText
}

/** The button reads "Copied!" for 2 s from now (fake timers), then its label again. */
function expectCopiedForTwoSeconds() {
  act(() => {
    vi.advanceTimersByTime(1999)
  })
  expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
  act(() => {
    vi.advanceTimersByTime(1)
  })
  expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
}

beforeEach(() => {
  sent = []
  mismatches = []
  setAnalyticsSink((event) => sent.push(event))
  Object.assign(window, { screenX: 0, screenY: 0, outerWidth: 1400, outerHeight: 1000 })
})

afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  setAnalyticsSink(null)
  vi.restoreAllMocks()
  vi.useRealTimers()
  toastMock.success.mockReset()
  toastMock.error.mockReset()
  Reflect.deleteProperty(navigator, 'share')
})

const linkNames = () => screen.getAllByRole('link').map((link) => link.textContent)
const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent)

describe('the pre-rendered widget', () => {
  test('holds the three share links as plain links to a new tab, and no button', () => {
    document.body.innerHTML = renderToString(<ShareWidget {...props} variant="floating" />)
    expect(screen.getByRole('group', { name: 'Share this page' })).toBeTruthy()
    expect(linkNames()).toEqual(['Share on X', 'Share on LinkedIn', 'Share on Facebook'])
    for (const link of screen.getAllByRole('link')) {
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener')
      expect(link.getAttribute('href')).toContain(encodeURIComponent(props.url))
    }
    expect(buttonNames()).toEqual([])
  })

  test('hydrates as it is, then adds Copy link, and Share where the browser has the Web Share API', async () => {
    await hydrate(<ShareWidget {...props} />)
    expect(mismatches).toEqual([])
    expect(linkNames()).toEqual(['Share on X', 'Share on LinkedIn', 'Share on Facebook'])
    expect(buttonNames()).toEqual(['Copy link'])
    act(() => root?.unmount())
    document.body.innerHTML = ''

    await hydrate(<ShareWidget {...props} />, () =>
      Object.defineProperty(navigator, 'share', { value: vi.fn(), configurable: true }),
    )
    expect(mismatches).toEqual([])
    expect(buttonNames()).toEqual(['Copy link', 'Share'])
  })
})

describe('once hydrated', () => {
  test('opens each network in a 600x400 window centred on this one, and sends the share event', async () => {
    const popup = { opener: window as unknown }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window)
    await hydrate(<ShareWidget {...props} />)
    const link = screen.getByRole('link', { name: 'Share on LinkedIn' })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    act(() => {
      link.dispatchEvent(click)
    })
    expect(open).toHaveBeenCalledWith(link.getAttribute('href'), '_blank', 'width=600,height=400,left=400,top=300')
    expect(click.defaultPrevented).toBe(true)
    expect(popup.opener).toBeNull()
    // The event's fields are pinned in app/lib/analytics/analytics.test.ts.
    expect(sent).toEqual([sharePayload({ method: 'linkedin', itemId: '/blog/seo-strategy-2025' })])
  })

  test('lets the link open as a plain link when the window is blocked', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    await hydrate(<ShareWidget {...props} />)
    // What the widget decided, read after it; then the test stops the link itself (no network here).
    let preventedByWidget: boolean | undefined
    const stopLink = (event: Event) => {
      preventedByWidget = event.defaultPrevented
      event.preventDefault()
    }
    window.addEventListener('click', stopLink)
    act(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Share on X' }))
    })
    window.removeEventListener('click', stopLink)
    expect(preventedByWidget).toBe(false)
    expect(sent.map((event) => event.params.method)).toEqual(['x'])
  })

  test('Copy link copies the address, shows the toast and says "Copied!" for 2 s, then the label again', async () => {
    vi.useFakeTimers()
    const writeText = await copyOnce()
    expect(writeText).toHaveBeenCalledWith(props.url)
    expect(toastMock.success).toHaveBeenCalledWith({ title: 'Link Copied!' })
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
    expect(sent.map((event) => event.params.method)).toEqual(['copy_link'])
    expectCopiedForTwoSeconds()
  })

  test('a second copy keeps "Copied!" for 2 s from that copy', async () => {
    vi.useFakeTimers()
    await copyOnce()
    act(() => {
      vi.advanceTimersByTime(1500)
    })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copied!' }))
    })
    expectCopiedForTwoSeconds()
    expect(toastMock.success).toHaveBeenCalledTimes(2)
  })

  test('says so when the clipboard refuses', async () => {
    await copyOnce(vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError'))))
    expect(toastMock.error).toHaveBeenCalledWith({
      title: 'Copy Failed',
      description: 'Unable to copy link. Please try again.',
    })
    expect(toastMock.success).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    expect(sent).toEqual([])
  })

  test('Share opens the device’s share sheet with the title, description and address', async () => {
    const share = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    await hydrate(<ShareWidget {...props} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    })
    expect(share).toHaveBeenCalledWith({ title: props.title, text: props.description, url: props.url })
    expect(sent.map((event) => event.params.method)).toEqual(['native'])
  })
})
