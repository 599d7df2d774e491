import spriteUrl from '#app/assets/icons.svg?no-inline'
import { cn } from '#app/lib/site/cn.ts'
import type { SpriteIconName } from '#app/lib/site/icons.ts'

/**
 * An icon from the site's sprite (scripts/icon-sprite.ts). Icons are
 * decorative, so hidden from screen readers: the text or the label beside
 * them carries the meaning. Sized by a `size-*` class (1.5rem otherwise) and
 * drawn in the current text color.
 */
export function Icon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cn('icon', className)}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  )
}
