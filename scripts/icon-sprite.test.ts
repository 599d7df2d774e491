import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { iconNames } from '#app/lib/content/schemas.ts'
import { uiIconNames } from '#app/lib/site/icons.ts'
import { renderIconSprite, spriteFile } from './icon-sprite.ts'

test('the committed sprite is the one the icon names produce (run `npm run icons` after changing them)', () => {
  expect(readFileSync(spriteFile, 'utf8')).toBe(renderIconSprite())
})

test('the sprite draws every content icon and every interface icon', () => {
  const ids = [...renderIconSprite().matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.+?)<\/symbol>/g)]
  const drawn = new Map(ids.map(([, id, shapes]) => [id, shapes]))
  for (const name of [...iconNames, ...uiIconNames]) {
    expect(drawn.get(name), name).toMatch(/^<(path|rect|circle|line|polyline|polygon|ellipse)\b/)
  }
  expect(drawn.size).toBe(iconNames.length + uiIconNames.length)
})
