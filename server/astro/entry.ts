import { createApp } from 'astro/app/entrypoint'

// The entrypoint Astro bundles the on-demand pages with (./adapter.ts): built
// to build/server/entry.mjs, imported by the server at start (loadRenderer in
// server/rendered-pages.ts).
const app = createApp({ streaming: false })

/**
 * Renders an on-demand page for `request`, or undefined when no such page
 * exists (pre-rendered pages and unknown paths are the static files' to answer).
 * `locals` are what the server hands the page (Astro.locals).
 */
export async function renderPage(request: Request, locals: App.Locals): Promise<Response | undefined> {
  const route = app.match(request)
  if (!route || route.prerender) return undefined
  return app.render(request, { routeData: route, locals })
}
