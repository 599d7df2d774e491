import type { ShareMethod } from '../analytics/analytics.ts'

/**
 * The share links of an article or case study (docs/product.md#share-widget):
 * each network's own share address, with the page's address (and for X its
 * title) in the query. They are plain links in the pre-rendered HTML, and
 * work without JavaScript; the widget's script opens them in a window.
 */
export interface ShareLink {
  method: Extract<ShareMethod, 'x' | 'linkedin' | 'facebook'>
  /** What the link shows; its accessible name is "Share on <label>". */
  label: string
  href: string
}

export function shareLinks({ title, url }: { title: string; url: string }): ShareLink[] {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString()
  return [
    { method: 'x', label: 'X', href: `https://twitter.com/intent/tweet?${query({ text: title, url })}` },
    {
      method: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}`,
    },
    { method: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` },
  ]
}

/** The share window's size (docs/product.md#business-constants). */
export const SHARE_WINDOW = { width: 600, height: 400 } as const

/** The geometry of the current window, as `window` gives it. */
export interface WindowBox {
  screenX: number
  screenY: number
  outerWidth: number
  outerHeight: number
}

/** `window.open` features for a 600x400 window centred on the current one. */
export function shareWindowFeatures(current: WindowBox): string {
  const { width, height } = SHARE_WINDOW
  const left = Math.round(current.screenX + (current.outerWidth - width) / 2)
  const top = Math.round(current.screenY + (current.outerHeight - height) / 2)
  return `width=${width},height=${height},left=${left},top=${top}`
}

/** How long the Copy link button reads "Copied!" (docs/product.md#business-constants). */
export const COPIED_FOR_MS = 2000
