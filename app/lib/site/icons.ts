import type { IconName } from '#app/lib/content/schemas.ts'

/** Icons the interface itself uses, besides the ones content files may name. */
export const uiIconNames = [
  'arrow-left',
  'arrow-right',
  'arrow-up',
  'check',
  'chevron-down',
  'chevron-right',
  'close',
  'home',
  'menu',
  'moon',
  'refresh',
  'rss',
] as const

/** Every symbol in the icon sprite (app/assets/icons.svg). */
export type SpriteIconName = IconName | (typeof uiIconNames)[number]
