import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { buildDefines, readBuildEnv } from './app/lib/build-env.ts'

const lazyRadix = /[\\/]node_modules[\\/]@radix-ui[\\/](?!react-slot|react-compose-refs)/

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: buildDefines(readBuildEnv(process.env)),
  build: {
    rolldownOptions: {
      output: {
        // A page loads a handful of files, not twenty: code that several
        // route modules share is grouped into one vendor and one app chunk.
        // Code used by a single route (or loaded lazily) stays with it: Radix,
        // needed only by the menus and tooltips that load on demand, stays out
        // of vendor (but for Slot, behind every button's asChild).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: (id) => /[\\/]node_modules[\\/]/.test(id) && !lazyRadix.test(id),
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
