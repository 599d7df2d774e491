import type * as React from 'react'
import { useNavigate } from 'react-router'
import { cn } from '#app/lib/cn.ts'

/**
 * Markdown rendered to HTML at build time (app/lib/content/collections.server.ts).
 * Clicks on its links to pages of the site are handed to the router, so they
 * navigate like every other internal link instead of reloading the page.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate()
  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    const anchor = (event.target as Element).closest('a')
    const href = anchor?.getAttribute('href')
    if (!anchor || !href?.startsWith('/') || anchor.target) return
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return
    }
    event.preventDefault()
    void navigate(href)
  }
  // The container only delegates clicks on the anchors inside it, which
  // stay keyboard-operable links on their own.
  return <div className={cn('prose', className)} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
}
