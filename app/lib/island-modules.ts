import type { HeadTag } from './seo.ts'

/**
 * Each client entry of the build (an island's component, React's renderer)
 * by its path from the project's root, or from node_modules for a package's,
 * with the URL paths of its whole static import graph, itself first
 * (server/astro/island-modules.ts writes it at build).
 */
export type IslandModules = Readonly<Record<string, readonly string[]>>

/** React's renderer, which every island of the site hydrates with. */
export const REACT_RENDERER = '@astrojs/react/dist/client.js'

/**
 * `<link rel="modulepreload">` for every module an island and React's
 * renderer import, once each, for a page that wakes the island as soon as it
 * can: the browser fetches them all at once instead of one level of imports
 * per round trip (docs/decisions/039-scripts-in-two-round-trips.md). At low
 * priority: the page's text and its font come first, and nothing waits for
 * them to paint (at the default, high, Lighthouse's simulation counted them
 * into the first paint of /book: 1,350 to 1,530 ms against 1,146 to 1,230).
 * Without the build's list (the dev server), none.
 */
export function islandPreloads(modules: IslandModules | undefined, island: string): HeadTag[] {
  if (!modules) return []
  const files = new Set([...(modules[island] ?? []), ...(modules[REACT_RENDERER] ?? [])])
  return [...files].map((href) => ({ tagName: 'link', rel: 'modulepreload', href, fetchpriority: 'low' }))
}
