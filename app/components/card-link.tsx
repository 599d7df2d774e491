import type { ReactNode } from 'react'

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
      <a href={to} data-prefetch className="after:absolute after:inset-0 focus-visible:outline-none">
        {children}
      </a>
    </h3>
  )
}

/**
 * A card's decorative picture, 16:9 at the card's width: an illustration file
 * drawn in white over the tile's brand color, so the theme colors it. Its size
 * is known before it loads (nothing shifts), and it loads only when near the
 * screen (docs/product.md#article-catalogue).
 */
export function CardImage({ src }: { src: string }) {
  return (
    <img
      src={src}
      width={320}
      height={180}
      alt=""
      loading="lazy"
      decoding="async"
      className="mb-5 w-full rounded-xl bg-brand-700"
    />
  )
}
