/**
 * How long browsers and CDNs may keep each file of the build: the server
 * (pages.ts) sends these, and the build writes the same into the files for
 * static hosts and nginx (headers-file.ts, nginx-conf.ts).
 */
export const cachePolicy = {
  /** Hashed file names under /assets/ change with their content: kept a year, never revalidated. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /**
   * Pages and what a page loads by name (sitemap, robots, feed, the search's
   * headings), and the downloads, which the build writes again from the
   * content under the same name: asked again each time, cheap with the ETag.
   * `no-cache` says that in the fewest bytes, sent with every page.
   */
  revalidate: 'no-cache',
  /** Other files under a fixed name (icons, images): a day. */
  other: 'public, max-age=86400',
  /** The not-found page as the answer to an unknown path. */
  notFound: 'no-store',
} as const

/**
 * How long the server keeps a page it renders on demand that holds nothing of
 * the visitor (Astro.cache, astro.config.ts): until the next build restarts it.
 */
export const KEPT_SECONDS = 365 * 24 * 60 * 60

/** The URL prefix of the hashed assets. */
export const HASHED_ASSETS = '/assets/'
/** Extensions of the files asked again each time. */
export const REVALIDATED_EXTENSIONS = ['html', 'json', 'xml', 'txt', 'xlsx'] as const

/** The Cache-Control of a build file, by its path (`build/client/assets/x.js`) or URL path. */
export function cacheControlOf(file: string): string {
  if (file.includes(HASHED_ASSETS)) return cachePolicy.hashedAsset
  if (new RegExp(`\\.(${REVALIDATED_EXTENSIONS.join('|')})$`).test(file)) return cachePolicy.revalidate
  return cachePolicy.other
}
