import { cn } from '#app/lib/site/cn.ts'
import type { ArticleCover } from '#app/lib/content/types.ts'

/**
 * An article's cover (docs/decisions/038-article-covers.md): its social card
 * as AVIF where the browser takes it, else WebP, at the width `sizes` asks
 * for. Its width and height give the box before it loads (nothing shifts).
 * The alt is empty by default: the title beside it says what the card shows.
 * Lazy unless it is the first picture on the screen (`priority`).
 */
export function ArticleCoverPicture({
  cover,
  sizes,
  alt = '',
  priority = false,
  className,
}: {
  cover: ArticleCover
  /** Which width it is shown at, e.g. "(min-width: 1024px) 360px, 100vw". */
  sizes: string
  alt?: string
  priority?: boolean
  className?: string
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={cover.avif} sizes={sizes} />
      <img
        src={cover.src}
        srcSet={cover.webp}
        sizes={sizes}
        width={cover.width}
        height={cover.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={cn('block h-auto w-full bg-brand-950', className)}
      />
    </picture>
  )
}
