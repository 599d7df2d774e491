// Draws social cards (app/lib/site/social-card.ts) to PNG with satori and resvg,
// and keeps each one in a cache keyed by everything that went into it, so a
// build draws only the cards whose inputs changed
// (docs/decisions/023-social-cards-at-build.md).
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderAsync } from '@resvg/resvg-js'
import satori from 'satori'
import { SOCIAL_CARD_SIZE, type SocialCard } from '#app/lib/site/social-card.ts'
import { CardTemplate, type Brand } from './template.tsx'

/** Where cards are kept between builds (gitignored; deleting it is safe). */
export const DEFAULT_CACHE_DIR = '.cache/social-cards'

const here = path.dirname(fileURLToPath(import.meta.url))
const fontsDir = path.join(here, 'fonts')

/** Inter (SIL Open Font License, fonts/README.md), in the two weights the template uses. */
const fonts = ([500, 700] as const).map((weight) => ({
  name: 'Inter',
  weight,
  style: 'normal' as const,
  data: readFileSync(path.join(fontsDir, `inter-latin-${weight}.ttf`)),
}))

const require = createRequire(import.meta.url)
const renderers = ['satori', '@resvg/resvg-js'].map(
  (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
)

function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest('hex')
}

const fontDigest = sha256(...fonts.map((font) => font.data))
/** The code that draws: a change to the template or to how it is rendered draws every card again. */
const templateDigest = sha256(...['template.tsx', 'render.ts'].map((file) => readFileSync(path.join(here, file))))

/** The cache key of a card: its text, the brand it shows, the template's code, the fonts and the renderers' versions. */
export function cardKey(card: Pick<SocialCard, 'title' | 'kicker'>, brand: Brand): string {
  const inputs = {
    title: card.title,
    kicker: card.kicker,
    brand,
    template: templateDigest,
    fonts: fontDigest,
    renderers,
    size: SOCIAL_CARD_SIZE,
  }
  return sha256(JSON.stringify(inputs)).slice(0, 32)
}

/** A card as PNG bytes, 1200x630. */
export async function renderCard(card: Pick<SocialCard, 'title' | 'kicker'>, brand: Brand): Promise<Buffer> {
  const svg = await satori(CardTemplate({ card, brand }), { ...SOCIAL_CARD_SIZE, fonts })
  // satori draws text as paths: resvg needs no fonts of its own.
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })
  return image.asPng()
}

export interface WriteOptions {
  cards: readonly SocialCard[]
  brand: Brand
  /** The built site's root: a card for /blog/x goes to <outDir>/social/blog/x.png. */
  outDir: string
  cacheDir?: string
  /** How a missing card is drawn; renderCard unless a test says otherwise. */
  render?: typeof renderCard
}

export interface WriteResult {
  rendered: number
  reused: number
  files: string[]
}

/**
 * Writes every card into the build, from the cache where it holds the card's
 * key, else drawn and added to the cache. Two cards are drawn at a time: resvg
 * renders off the main thread while satori lays out the next one.
 */
export async function writeSocialCards({
  cards,
  brand,
  outDir,
  cacheDir = DEFAULT_CACHE_DIR,
  render = renderCard,
}: WriteOptions): Promise<WriteResult> {
  mkdirSync(cacheDir, { recursive: true })
  const result: WriteResult = { rendered: 0, reused: 0, files: [] }
  const queue = [...cards]
  async function worker() {
    for (let card = queue.shift(); card; card = queue.shift()) {
      const cached = path.join(cacheDir, `${cardKey(card, brand)}.png`)
      if (existsSync(cached)) {
        result.reused += 1
      } else {
        const png = await render(card, brand)
        // Written aside and renamed, so an interrupted build never leaves half a card in the cache.
        const partial = `${cached}.${process.pid}.part`
        writeFileSync(partial, png)
        renameSync(partial, cached)
        result.rendered += 1
      }
      const target = path.join(outDir, card.image)
      mkdirSync(path.dirname(target), { recursive: true })
      copyFileSync(cached, target)
      result.files.push(target)
    }
  }
  await Promise.all([worker(), worker()])
  return result
}
