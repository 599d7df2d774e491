import { existsSync, readFileSync } from 'node:fs'
import { createApp } from 'astro/app/entrypoint'
import type { IslandModules } from '#app/lib/island-modules.ts'
import { ISLAND_MODULES_FILE } from './island-modules.ts'

// The entrypoint Astro bundles the on-demand pages with (./adapter.ts): built
// to build/server/entry.mjs, imported by the server at start (loadRenderer in
// server/rendered-pages.ts).
const app = createApp({ streaming: false })

// The modules of each island, written beside this file at build
// (./island-modules.ts), for the pages that preload an island's.
const modulesFile = new URL(`./${ISLAND_MODULES_FILE}`, import.meta.url)
const islandModules = existsSync(modulesFile)
  ? (JSON.parse(readFileSync(modulesFile, 'utf8')) as IslandModules)
  : undefined

/**
 * Renders an on-demand page for `request`, or undefined when no such page
 * exists (pre-rendered pages and unknown paths are the static files' to answer).
 * `locals` are what the server hands the page (Astro.locals), with the
 * build's island modules added.
 */
export async function renderPage(request: Request, locals: App.Locals): Promise<Response | undefined> {
  const route = app.match(request)
  if (!route || route.prerender) return undefined
  return app.render(request, { routeData: route, locals: { ...locals, islandModules } })
}
