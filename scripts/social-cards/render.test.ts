import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { socialCard, type SocialCard } from '#app/lib/site/social-card.ts'
import { cardKey, renderCard, writeSocialCards } from './render.ts'
import type { Brand } from './template.tsx'

const brand: Brand = {
  name: 'Northpeak',
  tagline: 'Growth marketing and software development',
  logoSvg: readFileSync('public/favicon.svg', 'utf8'),
}

function card(title: string, category = 'Local SEO'): SocialCard {
  return socialCard({ path: '/blog/local-seo-guide', title, category })!
}

/** Width and height from a PNG's IHDR chunk, after the 8-byte signature. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(png.toString('latin1', 12, 16)).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

const dirs: string[] = []
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'social-cards-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('renderCard', () => {
  test('draws a 1200x630 PNG', async () => {
    const png = await renderCard(card('Local SEO Guide: Map Pack and Reviews'), brand)
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 })
    // A flat or empty image would compress to almost nothing.
    expect(png.length).toBeGreaterThan(10_000)
  })
})

describe('cardKey', () => {
  test('is the same for the same inputs and changes with the title, the kicker and the brand', () => {
    const key = cardKey(card('Local SEO Guide'), brand)
    expect(cardKey(card('Local SEO Guide'), brand)).toBe(key)
    expect(cardKey(card('Local SEO Guide, revised'), brand)).not.toBe(key)
    expect(cardKey(card('Local SEO Guide', 'SEO'), brand)).not.toBe(key)
    expect(cardKey(card('Local SEO Guide'), { ...brand, tagline: 'Another line' })).not.toBe(key)
  })
})

describe('writeSocialCards', () => {
  test('draws a card once, then copies it from the cache while its inputs stay the same', async () => {
    const cacheDir = tempDir()
    const render = vi.fn(renderCard)
    const cards = [card('Local SEO Guide: Map Pack and Reviews')]

    const first = await writeSocialCards({ cards, brand, outDir: tempDir(), cacheDir, render })
    expect(first).toMatchObject({ rendered: 1, reused: 0 })
    expect(render).toHaveBeenCalledTimes(1)
    const [cached] = readdirSync(cacheDir)
    expect(cached).toBe(`${cardKey(cards[0]!, brand)}.png`)

    const outDir = tempDir()
    const second = await writeSocialCards({ cards, brand, outDir, cacheDir, render })
    expect(second).toMatchObject({ rendered: 0, reused: 1 })
    expect(render).toHaveBeenCalledTimes(1)
    const written = path.join(outDir, 'social/blog/local-seo-guide.png')
    expect(second.files).toEqual([written])
    expect(readFileSync(written)).toEqual(readFileSync(path.join(cacheDir, cached!)))
    expect(pngSize(readFileSync(written))).toEqual({ width: 1200, height: 630 })
  })

  test('draws a card again when its title changes, and only that card', async () => {
    const cacheDir = tempDir()
    const render = vi.fn(async () => Buffer.from('png'))
    const other = socialCard({ path: '/services/paid-ads', title: 'Paid Ads Management' })!
    await writeSocialCards({ cards: [card('Local SEO Guide'), other], brand, outDir: tempDir(), cacheDir, render })
    expect(render).toHaveBeenCalledTimes(2)

    const again = await writeSocialCards({
      cards: [card('Local SEO Guide, revised'), other],
      brand,
      outDir: tempDir(),
      cacheDir,
      render,
    })
    expect(again).toMatchObject({ rendered: 1, reused: 1 })
    expect(render).toHaveBeenCalledTimes(3)
    expect(render).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Local SEO Guide, revised' }), brand)
  })
})
