import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { readServerEnv } from './env.ts'

const env = readServerEnv(process.env)
const app = createApp({ clientDir: env.CLIENT_DIR, trustedProxies: env.TRUSTED_PROXIES })
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Northpeak site on http://localhost:${info.port}`)
})

// Finish requests in flight before exiting, so a redeploy drops nothing.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  })
}
