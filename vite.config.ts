import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { buildDefines, readBuildEnv } from './app/lib/build-env.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: buildDefines(readBuildEnv(process.env)),
  build: {
    rolldownOptions: {
      output: {
        // A page loads a handful of files, not twenty: code that several
        // route modules share is grouped into one vendor and one app chunk.
        // Code used by a single route (or loaded lazily) stays with it.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, minShareCount: 2, priority: 2 },
            { name: 'app', test: /[\\/]app[\\/](components|lib)[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
})
