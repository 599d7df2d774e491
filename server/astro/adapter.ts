import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'
import { NOT_FOUND_PATH } from '../../app/lib/site/not-found.ts'
import { writeSecurityHeaders } from '../hosting/headers-file.ts'

/**
 * The Astro adapter of the site's own Node server (server/app.ts). Pages are
 * pre-rendered to build/client; what is answered on demand (the pages that
 * take a form, the actions, the lead endpoint) is bundled into build/server
 * with ./entry.ts as its entrypoint, which gives the server a fetch-style
 * `renderPage(request, context)`. The Hono app falls through to it after the
 * files, so its answers get the same headers as the rest of the site
 * (docs/decisions/029-pages-as-documents-widgets-as-islands.md). With
 * `staticHeaders`, Astro hands over the Content-Security-Policy of each
 * pre-rendered page, which go into the build's headers files for the server,
 * nginx and static hosts (../headers/headers-file.ts); a page rendered on demand
 * carries its own.
 */
export function leadServer(): AstroIntegration {
  // Astro's `redirects`, from path to path: written beside the headers for the server and nginx to answer 301.
  const redirects: Record<string, string> = {}
  return {
    name: 'northpeak-lead-server',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'northpeak-lead-server',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server', staticHeaders: true },
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            // sharp makes the article covers at build, for pre-rendered pages
            // only; the server has no image endpoint for pages rendered on
            // demand (docs/decisions/038-article-covers.md).
            sharpImageService: {
              support: 'limited',
              message: 'Images are made at build, for pre-rendered pages only.',
              suppress: 'all',
            },
            envGetSecret: 'unsupported',
          },
        })
      },
      'astro:routes:resolved': ({ routes }) => {
        for (const key of Object.keys(redirects)) delete redirects[key]
        for (const route of routes) {
          if (route.type !== 'redirect' || !route.redirect) continue
          const to = typeof route.redirect === 'string' ? route.redirect : route.redirect.destination
          const status = typeof route.redirect === 'string' ? 301 : route.redirect.status
          if (status !== 301)
            throw new Error(`The redirect of ${route.pattern} is ${status}: the site's servers answer 301 only`)
          redirects[route.pattern] = to
        }
      },
      'astro:build:generated': ({ dir, routeToHeaders }) => {
        const pages: Record<string, string> = {}
        for (const [pathname, { headers, route }] of routeToHeaders) {
          // Endpoints (the feed, the sitemap, the search's headings) are data: the fallback policy covers them.
          if (route.type !== 'page') continue
          const csp = headers.get('content-security-policy')
          if (!csp) throw new Error(`Astro gave ${pathname} no Content-Security-Policy: is security.csp set?`)
          // The not-found page is the one page written as a file of its own, 404.html.
          pages[pathname === '/404' ? NOT_FOUND_PATH : pathname] = csp
        }
        writeSecurityHeaders(fileURLToPath(dir), pages, redirects)
      },
    },
  }
}
