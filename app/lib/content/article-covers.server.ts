// The articles' covers through Astro's image pipeline
// (docs/decisions/038-article-covers.md): each article's social card, written
// to app/assets/covers/ before the build (scripts/social-cards/covers.ts),
// served as AVIF and WebP at three widths, for the blog's cards, the category
// pages, an article's header and its related articles. Only the blog's
// shells (app/pages/blog/) import it: astro:assets runs inside the build.
import type { ImageMetadata } from 'astro'
import type { ArticleCard, ArticleCover, ArticleSummary } from '#app/lib/content/types.ts'
import { pictureOf } from './pictures.server.ts'

/** The widths drawn: a card at 1x (about 360 px), a card or the article's cover at 2x, the source's own. */
export const COVER_WIDTHS = [480, 960, 1200]

const sources = import.meta.glob<{ default: ImageMetadata }>('../../assets/covers/*.png', { eager: true })

function sourceOf(path: string): ImageMetadata {
  const slug = path.slice(path.lastIndexOf('/') + 1)
  const found = sources[`../../assets/covers/${slug}.png`]
  if (!found) throw new Error(`No cover for ${path}: app/assets/covers/${slug}.png is written before the build`)
  return found.default
}

const made = new Map<string, Promise<ArticleCover>>()

/** The cover of the article at `path` ("/blog/<slug>"), made once per build. */
export function articleCover(path: string): Promise<ArticleCover> {
  let cover = made.get(path)
  if (!cover) {
    cover = pictureOf(sourceOf(path), { widths: COVER_WIDTHS, width: 960 })
    made.set(path, cover)
  }
  return cover
}

/** The articles with their covers, for their cards. */
export function withCovers(articles: ArticleSummary[]): Promise<ArticleCard[]> {
  return Promise.all(articles.map(async (article) => ({ ...article, cover: await articleCover(article.path) })))
}
