import { cn } from '#app/lib/site/cn.ts'
import type { SpriteIconName } from '#app/lib/site/icons.ts'
import { drawings } from './icon-drawings.ts'

/**
 * An icon drawn in the page's own HTML rather than from the sprite, for the
 * header's few (the menus' chevrons, the menu button, the theme toggle): an
 * icon from the sprite is drawn once the sprite file arrives, a frame or more
 * after the text beside it on a first visit, and these are in view from the
 * first paint. The same drawing as the sprite's, a few hundred bytes of each
 * page. Only in what the server renders, never in an island (./icon-drawings.ts).
 */
export function InlineIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  const Drawing = drawings[name]
  return <Drawing aria-hidden="true" className={cn('icon', className)} />
}
