import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test, vi } from 'vitest'
import { readServerEnv } from './env.ts'
import { startServer } from './start.ts'
import { openSqliteStore } from './store/sqlite.ts'
import { builtClientDir } from './test-server.ts'

// The server as server/index.ts starts it, on a loopback port, with what it logs captured.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

const clientDir = builtClientDir()
const dataDirs: string[] = []
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

async function start(
  settings: Record<string, string> = {},
  {
    prepare,
    ...options
  }: { purgeEveryMs?: number; prepare?: (env: ReturnType<typeof readServerEnv>) => Promise<void> } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'start-'))
  dataDirs.push(dataDir)
  const env = {
    ...readServerEnv({ CLIENT_DIR: clientDir, DATA_DIR: dataDir, HOST: '127.0.0.1', ...settings }),
    PORT: 0,
  }
  const logs: string[] = []
  const log = { info: (line: string) => logs.push(line), error: (line: string) => logs.push(line) }
  await prepare?.(env)
  const server = await startServer(env, { log, ...options })
  return { server, env, logs, dataDir }
}

test('without SMTP_URL it warns, as it starts, that mails go to files, and where', async () => {
  const { server, logs, dataDir } = await start()
  await server.close()
  const warning = logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.event === 'mail_to_files')
  expect(warning).toEqual({
    event: 'mail_to_files',
    warning: 'SMTP_URL is not set: no mail is sent, each is written to a file in mailDir',
    mailDir: path.resolve(dataDir, 'mail'),
  })

  const withSmtp = await start({ SMTP_URL: 'smtp://127.0.0.1:2525' })
  await withSmtp.server.close()
  expect(withSmtp.logs.join('\n')).not.toContain('mail_to_files')
})

test('purges as it starts and then on its schedule, logging counts only', async () => {
  // Each with a delivery that writes no mail file (no LEAD_WEBHOOK_URL: its tries fail), so what a
  // purge counts does not depend on whether the outbox worker got to the lead before it.
  const lead = (id: string, email: string, createdAt: number) => ({
    lead: { kind: 'popup' as const, email },
    id,
    createdAt,
    deliveries: ['webhook' as const],
  })
  const longAgo = Date.parse('2020-01-01T12:00:00Z')
  const { server, logs } = await start(
    {},
    {
      purgeEveryMs: 100,
      // A lead from before the retention period, already in the database when the server starts.
      async prepare(env) {
        const store = openSqliteStore({ file: env.DATABASE_PATH, thread: false })
        await store.insertLead(lead('before-start', 'long-ago@example.com', longAgo))
        await store.insertLead(lead('recent', 'recent@example.com', Date.now()))
        await store.close()
      },
    },
  )
  const ids = async () => (await server.store.exportLeads()).map((stored) => stored.id)
  await expect.poll(ids, { timeout: 5000 }).toEqual(['recent'])
  // One put in while it runs goes at the next run, with no request made. The schedule may run
  // before the rows can be read again, so the proof that it was stored and then purged is a
  // second run counting one lead.
  await server.store.insertLead(lead('while-running', 'also-long-ago@example.com', longAgo))
  const purges = () => logs.filter((line) => line.includes('"event":"leads_purged"'))
  const countingOne = () => purges().filter((line) => line.includes('"leads":1,"deliveries":1,'))
  await expect.poll(() => countingOne().length, { timeout: 5000 }).toBe(2)
  expect(await ids()).toEqual(['recent'])
  await server.close()

  expect(countingOne()[0]).toBe(
    '{"event":"leads_purged","olderThan":"24 months","leads":1,"deliveries":1,"mailFiles":0,"auditReports":0}',
  )
  expect(purges().join('\n')).not.toContain('@')
})
