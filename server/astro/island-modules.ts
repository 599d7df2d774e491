import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'
import type { IslandModules } from '#app/lib/island-modules.ts'

/** The file beside the server's entry (build/server) that lists each client entry's modules. */
export const ISLAND_MODULES_FILE = 'island-modules.json'

/** What the bundler tells of one file it wrote: enough to follow its static imports. */
interface BundleFile {
  type: 'chunk' | 'asset'
  fileName: string
  facadeModuleId?: string | null
  imports?: string[]
}

/**
 * The name a client entry is looked up by: its path from the project's root
 * ("app/islands/booking-form.tsx"), or from node_modules for a package's
 * ("@astrojs/react/dist/client.js", React's renderer).
 */
export function entryName(moduleId: string, root: string): string {
  const inPackages = moduleId.lastIndexOf('/node_modules/')
  if (inPackages !== -1) return moduleId.slice(inPackages + '/node_modules/'.length)
  return path.relative(root, moduleId).split(path.sep).join('/')
}

/**
 * Each entry chunk of a client bundle with the files of its whole static
 * import graph, itself first, as URL paths under `base`: what a page preloads
 * so that an island's modules all start at once, not one round trip per level
 * of imports (docs/decisions/039-scripts-in-two-round-trips.md, as amended).
 */
export function islandModules(bundle: Record<string, BundleFile>, root: string, base = '/'): IslandModules {
  const modules: Record<string, string[]> = {}
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk' || !file.facadeModuleId) continue
    const seen = new Set<string>()
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return
      seen.add(fileName)
      for (const imported of bundle[fileName]?.imports ?? []) visit(imported)
    }
    visit(file.fileName)
    modules[entryName(file.facadeModuleId, root)] = [...seen].map((fileName) => `${base}${fileName}`)
  }
  return modules
}

/**
 * Writes ISLAND_MODULES_FILE into the server's build (build/server) from the
 * client bundle, for the pages rendered on demand (server/astro/entry.ts
 * hands it to them as Astro.locals.islandModules). Astro puts an island's
 * component and its renderer in the page, and the browser finds what they
 * import only once each has arrived; a page that wakes an island as soon as
 * it can lists the rest in its head (app/lib/island-modules.ts).
 */
export function islandModulesFile(): AstroIntegration {
  let root = ''
  let serverDir: URL | undefined
  let base = '/'
  let modules: IslandModules = {}
  return {
    name: 'northpeak-island-modules',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'northpeak-island-modules',
                // The browser's bundle only, not the server's.
                applyToEnvironment: (environment) => environment.name === 'client',
                generateBundle(_options, bundle) {
                  modules = islandModules(bundle as Record<string, BundleFile>, root, base)
                },
              },
            ],
          },
        })
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root).replace(/\/$/, '')
        serverDir = config.build.server
        base = config.base.endsWith('/') ? config.base : `${config.base}/`
      },
      'astro:build:done': () => {
        if (!serverDir) return
        writeFileSync(new URL(ISLAND_MODULES_FILE, serverDir), `${JSON.stringify(modules, null, 2)}\n`)
      },
    },
  }
}
