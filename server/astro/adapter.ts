import type { AstroIntegration } from 'astro'

/**
 * The Astro adapter of the site's own Node server (server/app.ts). Every page
 * but one is pre-rendered to build/client; the pages rendered on demand (today
 * /contact, which answers its form post) are bundled into build/server with
 * ./entry.ts as their entrypoint, which gives the server a fetch-style
 * `renderPage(request, locals)`. The Hono app mounts it like any other
 * sub-app, so its answers get the same headers as the rest of the site
 * (docs/decisions/029-pages-as-documents-widgets-as-islands.md).
 */
export function leadServer(): AstroIntegration {
  return {
    name: 'northpeak-lead-server',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'northpeak-lead-server',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
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
    },
  }
}
