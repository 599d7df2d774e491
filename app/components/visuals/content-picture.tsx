import { cn } from '#app/lib/site/cn.ts'
import { TEAM_PHOTO_SIZE } from '#app/lib/content/picture-sizes.ts'
import type { Picture } from '#app/lib/content/types.ts'

/**
 * A picture of the content (app/lib/content/pictures.server.ts): an
 * article's cover (docs/decisions/038-article-covers.md), a picture of a case
 * study's work, as AVIF where the browser takes it, else WebP, at the width
 * `sizes` asks for. Its width and height give the box before it loads
 * (nothing shifts). The alt is empty by default, for a cover whose title
 * beside it says what the card shows. Lazy unless it is the first picture on
 * the screen (`priority`).
 */
export function ContentPicture({
  picture,
  sizes,
  alt = '',
  priority = false,
  className = 'bg-brand-950',
}: {
  picture: Picture
  /** Which width it is shown at, e.g. "(min-width: 1024px) 360px, 100vw". */
  sizes: string
  alt?: string
  priority?: boolean
  /** Its ground while it loads, its corners and border: the brand's dark ground by default, behind a cover. */
  className?: string
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes={sizes} />
      <img
        src={picture.src}
        srcSet={picture.webp}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={cn('block h-auto w-full', className)}
      />
    </picture>
  )
}

/**
 * A person's photo (a team member's, a testimonial's), a circle of
 * TEAM_PHOTO_SIZE CSS pixels drawn at 1x, 2x and 3x, named as a photo of them.
 */
export function PersonPhoto({ photo, name }: { photo: Picture; name: string }) {
  return (
    <picture className="shrink-0">
      <source type="image/avif" srcSet={photo.avif} />
      <img
        src={photo.src}
        srcSet={photo.webp}
        width={TEAM_PHOTO_SIZE}
        height={TEAM_PHOTO_SIZE}
        alt={`Photo of ${name}`}
        loading="lazy"
        decoding="async"
        className="block size-14 rounded-full bg-slate-100 object-cover"
      />
    </picture>
  )
}
