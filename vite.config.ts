import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { buildDefines, readBuildEnv } from './app/lib/build-env.ts'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: buildDefines(readBuildEnv(process.env)),
})
