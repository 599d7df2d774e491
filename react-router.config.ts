import type { Config } from '@react-router/dev/config'
import { defineBuildGlobals, readBuildEnv } from './app/lib/build-env.ts'
import { pages } from './app/lib/registry.ts'
import { NOT_FOUND_PATH } from './app/lib/not-found.ts'

export default {
  // Every page is pre-rendered to static HTML at build time; the Node server
  // in server/ serves the files and the lead API (docs/decisions/001-static-prerender-explicit-routes.md).
  ssr: false,
  // BUILD_DIR puts a second build beside the usual one, e.g. one with a test
  // measurement id for the end-to-end tests (playwright.config.ts).
  buildDirectory: process.env.BUILD_DIR || 'build',
  async prerender() {
    // Checks every content file before any page renders, so a bad field
    // stops the build with the file's name instead of a failed page. This
    // runs outside Vite's transform, so the build constants are set first.
    defineBuildGlobals(readBuildEnv(process.env))
    const { loadContent } = await import('./app/lib/content/collections.server.ts')
    loadContent()
    return [
      ...pages.map((page) => page.path),
      NOT_FOUND_PATH,
      '/sitemap.xml',
      '/robots.txt',
      '/rss.xml',
      '/blog/search.json',
    ]
  },
} satisfies Config
