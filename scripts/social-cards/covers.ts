// The articles' covers (docs/decisions/038-article-covers.md): each article's
// social card, written before `astro build` as the source image of Astro's
// image pipeline, which serves it as responsive AVIF and WebP on the blog's
// cards and at the top of the article. The same cards, from the same cache,
// as scripts/postbuild.ts copies into build/client/social/.
import path from 'node:path'
import type { AstroIntegration } from 'astro'
import { articles } from '#app/lib/site/registry.ts'
import { writeSocialCards } from './render.ts'
import { siteBrand, siteCards } from './site-cards.ts'

/** Where the covers' sources are written (gitignored), read by app/lib/content/article-covers.server.ts. */
export const COVERS_DIR = 'app/assets/covers'

/** "/blog/local-seo-guide" -> "/local-seo-guide.png", relative to COVERS_DIR. */
export function coverFile(articlePath: string): string {
  return `/${path.posix.basename(articlePath)}.png`
}

/** Writes every article's card to COVERS_DIR/<slug>.png, drawn or from the cards' cache. */
export async function writeCovers(dir = COVERS_DIR) {
  const paths = new Set(articles.map((entry) => entry.path))
  const cards = siteCards()
    .filter((card) => paths.has(card.page))
    .map((card) => ({ ...card, image: coverFile(card.page) }))
  return writeSocialCards({ cards, brand: siteBrand(), outDir: dir })
}

/** Writes the covers when Astro starts (build, dev, check), before any page imports them. */
export function articleCovers(): AstroIntegration {
  return {
    name: 'northpeak-article-covers',
    hooks: {
      'astro:config:setup': async ({ logger }) => {
        const started = performance.now()
        const result = await writeCovers()
        logger.info(
          `${result.files.length} article covers in ${COVERS_DIR}: ${result.rendered} drawn, ${result.reused} reused ` +
            `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
        )
      },
    },
  }
}
