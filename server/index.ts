import './production-mode.ts'
import './build-globals.ts'
import { readServerEnv } from './env.ts'
import { startServer } from './start.ts'

const env = readServerEnv(process.env)
const server = await startServer(env)
console.log(
  `Northpeak site on ${server.protocol}://localhost:${server.port}` +
    (server.redirectPort ? ` (plain HTTP on port ${server.redirectPort} redirected to it)` : '') +
    `, leads in ${server.database === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
)

// Finish requests in flight (their leads committed) before exiting, so a redeploy drops nothing.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  })
}
