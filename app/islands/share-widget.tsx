import { useEffect, useState, type MouseEvent } from 'react'
import { IslandBoundary } from '#app/components/error-fallback.tsx'
import { toast } from '#app/components/ui/toast.ts'
import { trackShare } from '#app/lib/analytics/analytics.ts'
import { COPIED_FOR_MS, shareLinks, shareWindowFeatures, type ShareLink } from '#app/lib/content/share.ts'
import { useHydrated } from '#app/lib/browser/use-hydrated.ts'

/** The share widget's props (docs/product.md#share-widget). */
export interface ShareWidgetProps {
  /** The page's title: the text of an X post. */
  title: string
  /** The page's absolute (canonical) address. */
  url: string
  /** A sentence about the page, for the device's share sheet. */
  description: string
  /**
   * `default`: a row under a "Share" label; `compact`: the same row, tighter;
   * `floating`: the compact row on narrow screens, a rail that stays beside
   * the text on wide ones.
   */
  variant?: 'default' | 'compact' | 'floating'
}

// Floating: on wide screens a column under the offer card, in the article's
// sidebar that stays below the header while the text scrolls by
// (reading-layout.tsx); a row after the text on narrow ones.
const frameClasses = {
  default: 'mt-10 flex flex-wrap items-center gap-2',
  compact: 'mt-6 flex flex-wrap items-center gap-2',
  floating: 'mt-10 flex flex-wrap items-center gap-2 lg:mt-6 lg:flex-col lg:items-stretch',
} as const

/** Links and buttons of the widget look alike: small outline buttons. */
const controlClass =
  'rounded-lg border border-slate-300 bg-surface px-3 py-1.5 text-center text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-800'

/**
 * Share buttons for an article or a case study (docs/product.md#share-widget),
 * an island woken when it scrolls into view (`client:visible`). Its HTML holds
 * the X, LinkedIn and Facebook links as plain links to a new tab, which work
 * without JavaScript; once awake, the links open a 600x400 window centred on
 * this one, Copy link puts the page's address on the clipboard, and Share
 * opens the device's share sheet where the browser has one. Each share sends
 * the `share` event, dropped unless the visitor accepted measurement.
 */
export function ShareWidget(props: ShareWidgetProps) {
  return (
    <IslandBoundary>
      <Share {...props} />
    </IslandBoundary>
  )
}

function Share({ title, url, description, variant = 'default' }: ShareWidgetProps) {
  const hydrated = useHydrated()
  const itemId = new URL(url).pathname
  const [copied, setCopied] = useState(false)
  const [copies, setCopies] = useState(0)

  // "Copied!" for 2 s after the last copy, then the label again.
  useEffect(() => {
    if (copies === 0) return
    const id = window.setTimeout(() => setCopied(false), COPIED_FOR_MS)
    return () => window.clearTimeout(id)
  }, [copies])

  const openWindow = (link: ShareLink) => (event: MouseEvent<HTMLAnchorElement>) => {
    trackShare({ method: link.method, itemId })
    // A click with a modifier key asks for a tab of the visitor's choosing.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const popup = window.open(link.href, '_blank', shareWindowFeatures(window))
    // Blocked: the link opens as it would without the script.
    if (!popup) return
    popup.opener = null
    event.preventDefault()
  }

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url)
    } catch {
      toast.error({ title: 'Copy Failed', description: 'Unable to copy link. Please try again.' })
      return
    }
    setCopied(true)
    setCopies((count) => count + 1)
    toast.success({ title: 'Link Copied!' })
    trackShare({ method: 'copy_link', itemId })
  }

  const shareNatively = async () => {
    try {
      await navigator.share({ title, text: description, url })
    } catch {
      // Closed without sharing, or refused: the other buttons are still there.
      return
    }
    trackShare({ method: 'native', itemId })
  }

  return (
    <div role="group" aria-labelledby="share-label" className={frameClasses[variant]}>
      <p id="share-label" className="text-sm font-semibold text-ink">
        Share this page
      </p>
      {shareLinks({ title, url }).map((link) => (
        <a
          key={link.method}
          href={link.href}
          target="_blank"
          rel="noopener"
          className={controlClass}
          onClick={openWindow(link)}
        >
          <span className="sr-only">Share on </span>
          {link.label}
        </a>
      ))}
      {/* Buttons need the script: the HTML holds the links alone. */}
      {hydrated ? (
        <button type="button" className={controlClass} onClick={() => void copyLink()}>
          {copied ? 'Copied!' : 'Copy link'}
        </button>
      ) : null}
      {/* Only a browser with the Web Share API (phones, mostly) shows Share. */}
      {hydrated && typeof navigator.share === 'function' ? (
        <button type="button" className={controlClass} onClick={() => void shareNatively()}>
          Share
        </button>
      ) : null}
    </div>
  )
}
