import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { buildDefines, readBuildEnv } from './app/lib/build-env.ts'

// Libraries only code loaded on demand uses: kept out of the vendor chunk
// every page loads.
const lazyLibraries = /[\\/]node_modules[\\/](@radix-ui[\\/]|(sonner|zod)[\\/])/
// Code only the blog's pages share (the index and the category pages).
const blogCode = /[\\/]app[\\/](components[\\/](article-list|category-nav)\.tsx|lib[\\/]illustrations\.ts)$/
// The lead forms' code: the contact page's and the exit popup's, loaded with them only.
const leadCode = /[\\/]app[\\/]lib[\\/](lead-fields|send-lead|attribution|contact-form)\.ts$|[\\/]ui[\\/]toast\.ts$/
// The lead schema and zod: loaded when a form is first checked, not with the contact page.
const leadSchema = /[\\/]node_modules[\\/]zod[\\/]|[\\/]app[\\/]lib[\\/]lead\.ts$/
// App code that more than one route uses but not every page: the share widget
// (articles and case studies), the reading layout (articles and services) and
// the analytics helpers (the share widget, measurement after consent, the
// lead forms). Neither in the app chunk every page preloads nor in the lead
// chunk (which would bring zod to the share widget).
const someRoutesOnly =
  /[\\/]app[\\/](components[\\/]share-widget|lib[\\/](share|analytics|reading-contents))[\w-]*\.tsx?$/

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
              test: (id) => /[\\/]node_modules[\\/]/.test(id) && !lazyLibraries.test(id),
              minShareCount: 2,
              priority: 3,
            },
            {
              name: 'app',
              // With the helper behind every dynamic import, which the groups below would take in otherwise.
              test: (id) =>
                (/[\\/]app[\\/](components|lib)[\\/]/.test(id) &&
                  !leadCode.test(id) &&
                  !leadSchema.test(id) &&
                  !blogCode.test(id) &&
                  !someRoutesOnly.test(id)) ||
                id.includes('preload-helper'),
              minShareCount: 2,
              priority: 2,
            },
            // Last, so that they take nothing the groups above share with every page.
            { name: 'blog-shared', test: blogCode, minShareCount: 2, priority: 1 },
            { name: 'lead', test: leadCode, minShareCount: 2, priority: 1 },
            { name: 'lead-schema', test: leadSchema, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
})
