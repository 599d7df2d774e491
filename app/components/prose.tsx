import type * as React from 'react'
import { useNavigate } from 'react-router'
import { cn } from '#app/lib/cn.ts'

/**
 * Markdown rendered to HTML at build time (app/lib/content/markdown.server.ts):
 * a body in a `div`, or one paragraph of inline Markdown in a `p`.
 * Clicks on its links to pages of the site are handed to the router, so they
 * navigate like every other internal link instead of reloading the page.
 *
 * On a pre-rendered page's first load, `html` is IN_MARKUP
 * (app/lib/in-markup.ts): the body is in the markup only, and React hydrates
 * over it without reading or rewriting inner HTML. Data from a client
 * navigation always carries the body itself.
 */
export function Prose({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'p' }) {
  const navigate = useNavigate()
  function onClick(event: React.MouseEvent<HTMLElement>) {
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
  return <Tag className={cn('prose', className)} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
}
