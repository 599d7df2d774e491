import type { FocusEventHandler, MouseEventHandler, ReactNode, Ref } from 'react'
import type { ShareWidgetProps } from '#app/components/share-widget-types.ts'
import type { ShareLink } from '#app/lib/share.ts'

// The markup the share widget's stand-in and its loaded version share, so
// the two cannot drift apart and the swap moves nothing on screen.

// Few classes of their own: the stylesheet is inlined into every page
// (docs/decisions/006-inline-stylesheet.md). Floating: on wide screens a
// column under the offer card, in the article's sidebar that stays below the
// header while the text scrolls by (reading-layout.tsx); a row after the
// text on narrow ones.
const frameClasses = {
  default: 'mt-10 flex flex-wrap items-center gap-2',
  compact: 'mt-6 flex flex-wrap items-center gap-2',
  floating: 'mt-10 flex flex-wrap items-center gap-2 lg:mt-6 lg:flex-col lg:items-stretch',
} as const

/** Links and buttons of the widget look alike: small outline buttons, in classes the site already uses. */
export const shareControlClass =
  'rounded-lg border border-slate-300 bg-surface px-3 py-1.5 text-center text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-800'

export function ShareFrame({
  variant = 'default',
  frameRef,
  onFocus,
  onBlur,
  onPointerEnter,
  children,
}: {
  variant: ShareWidgetProps['variant']
  frameRef?: Ref<HTMLDivElement>
  onFocus?: FocusEventHandler<HTMLDivElement>
  onBlur?: FocusEventHandler<HTMLDivElement>
  onPointerEnter?: () => void
  children: ReactNode
}) {
  return (
    <div
      ref={frameRef}
      role="group"
      aria-labelledby="share-label"
      className={frameClasses[variant]}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={onPointerEnter}
    >
      <p id="share-label" className="text-sm font-semibold text-ink">
        Share this page
      </p>
      {children}
    </div>
  )
}

/** A network's share link: a plain link to a new tab, which the loaded widget turns into a window. */
export function ShareLinkItem({ link, onClick }: { link: ShareLink; onClick?: MouseEventHandler<HTMLAnchorElement> }) {
  return (
    <a href={link.href} target="_blank" rel="noopener" className={shareControlClass} onClick={onClick}>
      <span className="sr-only">Share on </span>
      {link.label}
    </a>
  )
}
