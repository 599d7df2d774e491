import { useEffect, useEffectEvent, useState } from 'react'
import { Link, useLocation } from 'react-router'
import {
  barAllowedOn,
  CTA_BAR_DISMISSED_KEY,
  CTA_BAR_SCROLL_PX,
  EXIT_POPUP_DELAY_MS,
  EXIT_POPUP_SEEN_KEY,
  popupAllowedOn,
  readFlag,
  setFlag,
  visitorIsBusy,
} from '#app/components/lead-widget-rules.ts'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { recordLanding } from '#app/lib/attribution.ts'
import { createLateModule } from '#app/lib/late-module.ts'
import { bookCallPath } from '#app/lib/navigation.ts'
import { useLateWidget } from '#app/lib/use-late-widget.ts'

// Loaded when the browser is idle after load (./lead-widgets.tsx).

const popupCode = createLateModule(() => import('./loaded-exit-popup.tsx'), 'The exit popup')

/** How often a popup held back by a busy visitor looks again. */
const RETRY_WHEN_BUSY_MS = 2000

export default function LoadedLeadWidgets() {
  useEffect(() => {
    // The address the visit landed on, before any client-side navigation:
    // where its utm_* parameters are.
    const [landing] = performance.getEntriesByType('navigation')
    try {
      recordLanding({
        url: landing?.name ?? window.location.href,
        referrer: document.referrer,
        storage: sessionStorage,
      })
    } catch {
      // sessionStorage itself can throw when storage is off.
    }
  }, [])
  return (
    <>
      <ExitPopup />
      <MobileCtaBar />
    </>
  )
}

/**
 * Opens the popup when the pointer leaves through the top of the window, or
 * 30 s after the page loaded; once per browser, never on the pages
 * `popupAllowedOn` excludes, and never over a dialog or a field being typed in.
 */
function ExitPopup() {
  const { pathname } = useLocation()
  const allowed = popupAllowedOn(pathname)
  const [seen] = useState(() => readFlag(EXIT_POPUP_SEEN_KEY))
  const [open, setOpen] = useState(false)
  const [Loaded, wake] = useLateWidget(popupCode, { preloadWhenIdle: () => !readFlag(EXIT_POPUP_SEEN_KEY) })
  const armed = allowed && !seen && !open
  const openPopup = useEffectEvent(() => {
    setFlag(EXIT_POPUP_SEEN_KEY)
    wake()
    setOpen(true)
  })

  useEffect(() => {
    if (!armed) return
    let retry: ReturnType<typeof setTimeout> | undefined
    function show() {
      if (readFlag(EXIT_POPUP_SEEN_KEY)) return
      if (visitorIsBusy()) {
        retry = setTimeout(show, RETRY_WHEN_BUSY_MS)
        return
      }
      openPopup()
    }
    function onMouseOut(event: MouseEvent) {
      if (event.relatedTarget === null && event.clientY <= 0) show()
    }
    // The 30 s count from the page load, not from when this code arrived.
    const timer = setTimeout(show, Math.max(0, EXIT_POPUP_DELAY_MS - performance.now()))
    document.addEventListener('mouseout', onMouseOut)
    document.documentElement.dataset.exitPopup = 'armed'
    return () => {
      clearTimeout(timer)
      clearTimeout(retry)
      document.removeEventListener('mouseout', onMouseOut)
      delete document.documentElement.dataset.exitPopup
    }
  }, [armed])

  if (!open || !Loaded) return null
  return <Loaded onClose={() => setOpen(false)} />
}

/**
 * On narrow screens, a bar with the strategy-call button once the page is
 * scrolled past 300 px. Its close button hides it for good. While it shows,
 * the page gets room at the bottom, so it never covers the footer's last links.
 */
function MobileCtaBar() {
  const { pathname } = useLocation()
  const [dismissed, setDismissed] = useState(() => readFlag(CTA_BAR_DISMISSED_KEY))
  const [scrolled, setScrolled] = useState(false)
  const shown = !dismissed && scrolled && barAllowedOn(pathname)

  useEffect(() => {
    if (dismissed) return
    const update = () => setScrolled(window.scrollY > CTA_BAR_SCROLL_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [dismissed])

  useEffect(() => {
    if (!shown) return
    const root = document.documentElement
    root.dataset.ctaBar = ''
    return () => {
      delete root.dataset.ctaBar
    }
  }, [shown])

  if (!shown) return null
  return (
    <div
      data-shell=""
      role="region"
      aria-label="Book a strategy call"
      className="cta-bar fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 border-t border-slate-200 bg-surface/95 px-4 py-3 shadow-lg backdrop-blur md:hidden"
    >
      <Link discover="none" to={bookCallPath} className={buttonVariants({ variant: 'cta', className: 'w-full' })}>
        <Icon name="calendar" />
        Book Strategy Call
      </Link>
      <button
        type="button"
        aria-label="Hide this bar"
        className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        onClick={() => {
          setFlag(CTA_BAR_DISMISSED_KEY)
          setDismissed(true)
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  )
}
