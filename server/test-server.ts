import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { readServerEnv } from './env.ts'
import { startServer } from './start.ts'
import { writeTestBuild } from './test-build.ts'

export const TEST_COOKIE_SECRET = 'test-form-cookie-secret'

/**
 * For tests: the real server (store, outbox worker, composed app) on a free
 * loopback port, serving the small test build, with its data in a new
 * temporary folder; stopped and removed after the file's tests. `logs` holds
 * every line it logged.
 */
export async function startTestServer(settings: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-data-'))
  const env = {
    ...readServerEnv({ CLIENT_DIR: writeTestBuild(), DATA_DIR: dataDir, HOST: '127.0.0.1', ...settings }),
    PORT: 0,
  }
  const logs: string[] = []
  const log = { info: (line: string) => logs.push(line), error: (line: string) => logs.push(line) }
  const server = await startServer(env, { log, formCookieSecret: TEST_COOKIE_SECRET })
  afterAll(async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return { ...server, url: `http://127.0.0.1:${server.port}`, dataDir, env, logs }
}
