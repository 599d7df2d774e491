import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { buildDefines, readBuildEnv } from './app/lib/build-env.ts'

// Libraries only code loaded on demand uses: kept out of the vendor chunk
// every page loads (Radix but for Slot, behind every button's asChild).
const lazyLibraries = /[\\/]node_modules[\\/](@radix-ui[\\/](?!react-slot|react-compose-refs)|sonner|zod)[\\/]/
// React DOM's client (and its scheduler), the largest script of the first load, stays a file of its
// own. The toaster, which gives itself a React root, imports it too, so the vendor group would take
// it: one 120 KB vendor file then arrived after the two of about 60 KB it replaced, and the
// simulated first paint of / went from 98 to 97 (docs/decisions/021-consent-before-measurement.md).
const reactDomClient = /[\\/]node_modules[\\/](react-dom[\\/](client|cjs[\\/]react-dom-client)|scheduler[\\/])/
// App code that more than one route uses but not every page: the share widget
// (articles and case studies) and the analytics helpers (the share widget,
// measurement after consent, forms). Kept out of the app chunk every page
// preloads, so a page without them never loads them.
const someRoutesOnly = /[\\/]app[\\/](components[\\/]share-widget|lib[\\/](share|analytics))[\w-]*\.tsx?$/

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: buildDefines(readBuildEnv(process.env)),
  build: {
    rolldownOptions: {
      output: {
        // A page loads a handful of files, not twenty: code that several
        // route modules share is grouped into one vendor and one app chunk.
        // Code used by a single route (or loaded lazily) stays with it, and so
        // do the libraries of code loaded on demand (lazyLibraries).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id) => /[\\/]node_modules[\\/]/.test(id) && !lazyLibraries.test(id) && !reactDomClient.test(id),
              minShareCount: 2,
              priority: 2,
            },
            {
              name: 'app',
              test: (id) =>
                (/[\\/]app[\\/](components|lib)[\\/]/.test(id) && !someRoutesOnly.test(id)) ||
                // Vite's helper for dynamic imports, which would otherwise become a file of its own.
                id.includes('vite/preload-helper'),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
})
