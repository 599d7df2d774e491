import type { ReactNode } from 'react'
import { Link } from 'react-router'

/**
 * A card's title as its link. The link's box is stretched over the whole card
 * (which must be `relative`), so the card is one click target while screen
 * readers hear only the title; the card shows the focus ring
 * (`focus-within:ring-2`). Other links inside the card need `relative z-10`
 * to stay clickable above it.
 */
export function CardTitleLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <h3 className="text-lg font-semibold text-balance text-ink">
      <Link to={to} prefetch="intent" className="after:absolute after:inset-0 focus-visible:outline-none">
        {children}
      </Link>
    </h3>
  )
}
