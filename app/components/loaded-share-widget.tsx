import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { ShareFrame, ShareLinkItem, shareControlClass } from '#app/components/share-widget-parts.tsx'
import type { ShareIntent, ShareWidgetProps } from '#app/components/share-widget-types.ts'
import { toast } from '#app/components/ui/toast.ts'
import { trackShare } from '#app/lib/analytics.ts'
import { COPIED_FOR_MS, shareLinks, shareWindowFeatures, type ShareLink } from '#app/lib/share.ts'

/**
 * The share widget once its code is there (./share-widget.tsx): the network
 * links open a 600x400 window centred on this one, Copy link puts the page's
 * address on the clipboard, and Share opens the device's share sheet where
 * the browser has one. Each share sends the `share` event
 * (docs/product.md#share-widget), dropped unless the visitor accepted
 * measurement.
 */
export default function LoadedShareWidget({
  title,
  url,
  description,
  variant,
  focused,
}: ShareWidgetProps & ShareIntent) {
  const frame = useRef<HTMLDivElement>(null)
  const itemId = new URL(url).pathname
  const [copied, setCopied] = useState(false)
  const [copies, setCopies] = useState(0)
  // Only a browser with the Web Share API (phones, mostly) shows Share.
  const canShare = typeof navigator.share === 'function'

  // The swap replaced the stand-in's links: focus goes back to the one that had it.
  useEffect(() => {
    const active = document.activeElement
    if (focused !== null && (active === null || active === document.body)) {
      frame.current?.querySelectorAll('a')[focused]?.focus()
    }
  }, [focused])

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
    <ShareFrame variant={variant} frameRef={frame}>
      {shareLinks({ title, url }).map((link) => (
        <ShareLinkItem key={link.method} link={link} onClick={openWindow(link)} />
      ))}
      <button type="button" className={shareControlClass} onClick={() => void copyLink()}>
        {copied ? 'Copied!' : 'Copy link'}
      </button>
      {canShare ? (
        <button type="button" className={shareControlClass} onClick={() => void shareNatively()}>
          Share
        </button>
      ) : null}
    </ShareFrame>
  )
}
