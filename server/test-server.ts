import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { leadIntake } from './leads/intake.ts'
import { createAuditFetch, type AuditFetchPolicy } from './audit/safe-fetch.ts'
import { auditService } from './audit/service.ts'
import { loadAvailability } from './booking/availability.ts'
import { bookingService } from './booking/service.ts'
import { readServerEnv } from './env.ts'
import type { ListenerLimits } from './http/listener.ts'
import { freePort } from './outbox/test-receivers.ts'
import { bookingDeliveriesFor, deliveriesFor } from './outbox/worker.ts'
import { unlimited, type RateLimiter } from './store/rate-limit.ts'
import type { SiteServices } from './site-services.ts'
import { startServer } from './start.ts'
import type { Store } from './store/store.ts'
import { openTestStore } from './store/test-store.ts'
import { whenDone } from './test-teardown.ts'

/**
 * The client folder of the site's real build (`npm run build`, into BUILD_DIR
 * or build/): the server's tests drive the pages, actions and headers Astro
 * made, never a stand-in. Stops the test file with the command to run when
 * there is none.
 */
export function builtClientDir(): string {
  const clientDir = path.resolve(process.env.BUILD_DIR || 'build', 'client')
  if (!existsSync(path.join(clientDir, 'index.html')) || !existsSync(path.join(clientDir, '..', 'server', 'entry.mjs')))
    throw new Error(`${clientDir} holds no build: run \`npm run build\` before the server's tests`)
  return clientDir
}

/**
 * The video call's link of the test servers (MEETING_URL): their calls are
 * video calls unless a test sets MEETING_URL to '' for a phone call
 * (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
 */
export const TEST_MEETING_URL = 'https://meet.northpeak.example/strategy-call'

/**
 * For tests of the app without a port (`createApp`, `pagesApp`): the services
 * server/start.ts sets up once and hands every request Astro answers
 * (server/site-services.ts), on a real SQLite store (a new one unless `store`
 * is given), with the booking settings of server/booking/availability.yaml, no
 * webhook and no limit on writes unless `writeLimiter` is given; the grader
 * fetches the fixture sites of `auditAllowHosts` (server/audit/test-fixture-sites.ts).
 */
export function testServices({
  store = openTestStore().store,
  now = Date.now,
  writeLimiter = unlimited,
  log = { info: () => {} },
  auditAllowHosts,
}: {
  store?: Store
  now?: () => number
  writeLimiter?: RateLimiter
  log?: Pick<Console, 'info'>
  auditAllowHosts?: AuditFetchPolicy['allowHosts']
} = {}): {
  services: SiteServices
  store: Store
} {
  const auditPolicy = { userAgent: 'NorthpeakAudit/1.0 (test)', allowHosts: auditAllowHosts }
  const services: SiteServices = {
    takeLead: leadIntake({ store, log, now, deliveriesFor: deliveriesFor({ webhook: false }) }),
    booking: bookingService({
      store,
      settings: loadAvailability(),
      secret: 'a-test-secret-of-32-characters-or-more',
      deliveries: bookingDeliveriesFor({ webhook: false }),
      log,
      meetingUrl: TEST_MEETING_URL,
    }),
    audit: auditService({
      store,
      fetch: createAuditFetch(auditPolicy),
      policy: auditPolicy,
      visitorLimiter: unlimited,
      hostLimiter: unlimited,
      now,
      log,
    }),
    writeLimiter,
    now,
  }
  return { services, store }
}

/**
 * For tests: the real server (store, outbox worker, composed app) on a free
 * loopback port, serving the site's build (`builtClientDir`), with its data in a new
 * temporary folder; stopped and removed when the test that started it ends, or
 * after the file's tests (`whenDone`, ./test-teardown.ts). `logs` holds
 * every line it logged. `limits` makes the listener's timeouts and connection
 * cap smaller (server/http/listener.ts).
 */
export async function startTestServer(
  settings: Record<string, string> = {},
  { limits }: { limits?: Partial<ListenerLimits> } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-data-'))
  const env = {
    ...readServerEnv({
      CLIENT_DIR: builtClientDir(),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      MEETING_URL: TEST_MEETING_URL,
      ...settings,
    }),
    PORT: 0,
  }
  const logs: string[] = []
  const log = { info: (line: string) => logs.push(line), error: (line: string) => logs.push(line) }
  const server = await startServer(env, { log, limits })
  whenDone(async () => {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return { ...server, url: `${server.protocol}://127.0.0.1:${server.port}`, dataDir, env, logs }
}

/**
 * For tests: the real server as its own process (`server/index.ts`, as
 * production runs it) on a free loopback port, serving the site's build
 * (`builtClientDir`), its data in a new temporary folder; resolves once it listens. Killed and
 * removed when what started it is over (`whenDone`). `output` collects what it printed.
 */
export async function startServerProcess(settings: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-process-'))
  const clientDir = builtClientDir()
  const port = await freePort()
  const child = spawn('node_modules/.bin/node', ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLIENT_DIR: clientDir,
      DATA_DIR: dataDir,
      MEETING_URL: TEST_MEETING_URL,
      ...settings,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  whenDone(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await once(child, 'exit')
    }
    rmSync(dataDir, { recursive: true, force: true })
  })
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString())
      if (output.join('').includes('Northpeak site on')) resolve()
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output.join('')}`)))
  })
  return { url: `http://127.0.0.1:${port}`, port, child, dataDir, output }
}

/**
 * Headers of a browser posting from another site, which every write refuses
 * (`sameSite`, server/leads/intake.ts, checked by app/middleware.ts); `url`
 * is the server's own address.
 */
export function crossSiteHeaders(url: string): Record<string, string>[] {
  return [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: url, 'sec-fetch-site': 'cross-site' },
  ]
}

/** For tests: posts `body` (JSON, or a string as it is) to the lead API of the server at `url`. */
export function postLead(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/leads`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** For tests: a refused submission asks, in Retry-After, for a wait of one second to a minute. */
export function expectRetryWithinAMinute(refused: Response) {
  const retryAfter = Number(refused.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
}
