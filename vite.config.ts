import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { buildDefines, readBuildEnv } from './app/lib/build-env.ts'

// Libraries only code loaded on demand uses: kept out of the vendor chunk
// every page loads (Radix but for Slot, behind every button's asChild).
const lazyLibraries = /[\\/]node_modules[\\/](@radix-ui[\\/](?!react-slot|react-compose-refs)|sonner|zod)[\\/]/

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
              priority: 2,
            },
            { name: 'app', test: /[\\/]app[\\/](components|lib)[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
})
