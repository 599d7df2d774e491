import path from 'node:path'
import type { AstroIntegration } from 'astro'
import { loadContent } from './collections.server.ts'

/**
 * Checks every content file before any page renders, so a bad field stops
 * `npm run build` with the file and the field named, all problems at once,
 * instead of a failed page (app/lib/content/README.md). The loader runs
 * outside Vite here: astro.config.ts sets the build constants first.
 */
export function contentCheck(): AstroIntegration {
  return {
    name: 'northpeak-content-check',
    hooks: {
      'astro:build:start': () => {
        loadContent()
      },
    },
  }
}

/**
 * `npm run dev` reloads the page in the browser when a file of content/
 * changes; the loader reads the files again when it sees them changed
 * (`content()` in ./collections.server.ts).
 */
export function contentReload(): AstroIntegration {
  const contentDir = path.resolve('content')
  return {
    name: 'northpeak-content-reload',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'dev') return
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'northpeak-content-reload',
                configureServer(server) {
                  server.watcher.add(contentDir)
                  server.watcher.on('all', (_event, file) => {
                    if (file.startsWith(contentDir + path.sep)) server.ws.send({ type: 'full-reload' })
                  })
                },
              },
            ],
          },
        })
      },
    },
  }
}
