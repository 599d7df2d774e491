// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { setAnalyticsSink, type AnalyticsEvent } from '#app/lib/analytics.ts'
import LoadedShareWidget from './loaded-share-widget.tsx'
import { ShareWidget } from './share-widget.tsx'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('#app/components/ui/toast.ts', () => ({ toast: toastMock }))

const props = {
  title: 'SEO Strategy for 2025',
  url: 'https://northpeak.example/blog/seo-strategy-2025',
  description: 'Plan SEO for 2025.',
}

let sent: AnalyticsEvent[]

beforeEach(() => {
  sent = []
  setAnalyticsSink((event) => sent.push(event))
  Object.assign(window, { screenX: 0, screenY: 0, outerWidth: 1400, outerHeight: 1000 })
})

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
  setAnalyticsSink(null)
  vi.restoreAllMocks()
  vi.useRealTimers()
  toastMock.success.mockReset()
  toastMock.error.mockReset()
  Reflect.deleteProperty(navigator, 'share')
})

describe('the pre-rendered widget', () => {
  test('holds the three share links as plain links to a new tab, and no button', () => {
    const html = renderToString(<ShareWidget {...props} variant="floating" />)
    document.body.innerHTML = html
    const links = screen.getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Share on X', 'Share on LinkedIn', 'Share on Facebook'])
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener')
      expect(link.getAttribute('href')).toContain(encodeURIComponent(props.url))
    }
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.getByRole('group', { name: 'Share this page' })).toBeTruthy()
  })
})

describe('the loaded widget', () => {
  test('opens each network in a 600x400 window centred on this one, and sends the share event', () => {
    const popup = { opener: window as unknown }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window)
    render(<LoadedShareWidget {...props} focused={null} />)
    const link = screen.getByRole('link', { name: 'Share on LinkedIn' })
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })
    act(() => {
      link.dispatchEvent(click)
    })
    expect(open).toHaveBeenCalledWith(link.getAttribute('href'), '_blank', 'width=600,height=400,left=400,top=300')
    expect(click.defaultPrevented).toBe(true)
    expect(popup.opener).toBeNull()
    expect(sent).toEqual([
      {
        name: 'share',
        params: {
          method: 'linkedin',
          content_type: 'article',
          item_id: '/blog/seo-strategy-2025',
          event_category: 'user_interaction',
        },
      },
    ])
  })

  test('lets the link open as a plain link when the window is blocked', () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    render(<LoadedShareWidget {...props} focused={null} />)
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

  test('copies the link, says "Copied!" for 2 s, then the label again', async () => {
    vi.useFakeTimers()
    const writeText = vi.fn(() => Promise.resolve())
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard)
    render(<LoadedShareWidget {...props} focused={null} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    })
    expect(writeText).toHaveBeenCalledWith(props.url)
    expect(toastMock.success).toHaveBeenCalledWith({ title: 'Link Copied!' })
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
    expect(sent.map((event) => event.params.method)).toEqual(['copy_link'])
    act(() => {
      vi.advanceTimersByTime(1999)
    })
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
  })

  test('says so when the clipboard refuses', async () => {
    const writeText = vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')))
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard)
    render(<LoadedShareWidget {...props} focused={null} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy link' }))
    })
    expect(toastMock.error).toHaveBeenCalledWith({
      title: 'Copy Failed',
      description: 'Unable to copy link. Please try again.',
    })
    expect(toastMock.success).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    expect(sent).toEqual([])
  })

  test('shows Share only where the browser has the Web Share API, and opens it', async () => {
    render(<LoadedShareWidget {...props} focused={null} />)
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull()
    cleanup()
    const share = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    render(<LoadedShareWidget {...props} focused={null} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }))
    })
    expect(share).toHaveBeenCalledWith({ title: props.title, text: props.description, url: props.url })
    expect(sent.map((event) => event.params.method)).toEqual(['native'])
  })

  test('puts focus back on the link that had it before the code arrived', () => {
    render(<LoadedShareWidget {...props} focused={2} />)
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Share on Facebook' }))
  })
})
