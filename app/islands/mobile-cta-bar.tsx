import { useEffect, useState } from 'react'
import { IslandBoundary } from '#app/components/error-fallback.tsx'
import { CTA_BAR_DISMISSED_KEY, CTA_BAR_SCROLL_PX, readFlag, setFlag } from '#app/components/lead-widget-rules.ts'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'

/**
 * On narrow screens, a bar with the strategy-call button once the page is
 * scrolled past 300 px (docs/product.md#mobile-call-to-action-bar): an island
 * woken by `client:scrolled` at that moment, so a visitor who never scrolls
 * that far loads none of it. Its close button hides it for good. While it
 * shows, the page gets room at the bottom, so it never covers the footer's
 * last links.
 */
export function MobileCtaBar() {
  return (
    <IslandBoundary>
      <Bar />
    </IslandBoundary>
  )
}

function Bar() {
  const [dismissed, setDismissed] = useState(() => typeof window !== 'undefined' && readFlag(CTA_BAR_DISMISSED_KEY))
  const [scrolled, setScrolled] = useState(false)
  const shown = !dismissed && scrolled

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
    <section
      data-shell=""
      aria-label="Book a strategy call"
      className="cta-bar fixed inset-x-0 bottom-0 z-40 flex items-center border-t border-slate-200 bg-surface/95 px-3 py-3 shadow-lg backdrop-blur md:hidden"
    >
      {/* The wrapper takes the width the close button leaves; the button's own class keeps it from shrinking.
          No gap beside the close button (its icon sits 14 px inside its 44 px box): at 320 px the label needs
          all of the 252 px left to stay on one line, and a label of two lines made the bar 12 px taller. */}
      <div className="min-w-0 flex-1">
        <a href={strategyCall.href} className={buttonVariants({ variant: 'cta', className: 'w-full' })}>
          <Icon name="calendar" />
          {strategyCall.label}
        </a>
      </div>
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
    </section>
  )
}
