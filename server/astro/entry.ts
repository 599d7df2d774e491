import { createApp } from 'astro/app/entrypoint'

// The entrypoint Astro bundles the on-demand pages, actions and endpoints
// with (./adapter.ts): built to build/server/entry.mjs, imported by the server
// at start (server/app.ts).
const app = createApp({ streaming: false })

/** What the process hands each request Astro answers: the services (Astro.locals) and who asks. */
export interface RenderContext {
  locals: App.Locals
  /** The client's address, as server/http/client-address.ts resolves it (Astro.clientAddress). */
  clientAddress: string
  /**
   * The build's not-found page, pre-rendered: what Astro answers in place of a
   * page that returns `new Response(null, { status: 404 })` (an audit report
   * that has expired), read from the build's files rather than fetched.
   */
  notFoundPage: () => Promise<Response>
}

/**
 * Answers `request` with the build's on-demand routes (pages, actions, the
 * lead endpoint), or undefined when none matches: pre-rendered pages and
 * unknown paths are the static files' to answer.
 */
export async function renderPage(request: Request, context: RenderContext): Promise<Response | undefined> {
  const route = app.match(request)
  if (!route || route.prerender) return undefined
  const { notFoundPage, ...rest } = context
  return app.render(request, { routeData: route, ...rest, prerenderedErrorPageFetch: notFoundPage })
}
