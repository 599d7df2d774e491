import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, test } from 'vitest'
import { freePort, waitFor, webhookReceiver } from './outbox/test-receivers.ts'
import { builtClientDir } from './test-server.ts'

// The real server process, killed with SIGKILL in the middle of a burst of
// submissions and started again on the same database: an answered lead is
// never lost nor doubled, and its deliveries still happen.
const SECRET = 'whsec-crash-0123456789abcdef'
const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-crash-'))
const clientDir = builtClientDir()
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const hook = await webhookReceiver({ secret: SECRET })
await hook.start()
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const running: ChildProcess[] = []
afterAll(() => running.forEach((child) => child.kill('SIGKILL')))

async function startServer(): Promise<ChildProcess> {
  const child = spawn('node_modules/.bin/node', ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CLIENT_DIR: clientDir,
      DATA_DIR: dataDir,
      LEAD_RATE_LIMIT: '0',
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      OUTBOX_RETRY_BASE_MS: '50',
      // A delivery under way when the process died is taken again this soon.
      OUTBOX_LEASE_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  running.push(child)
  child.stdout!.resume()
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Northpeak site on')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)))
  })
  await listening
  return child
}

interface Submission {
  email: string
  key: string
  id?: string
}

function submit(submission: Submission): Promise<void> {
  return (
    fetch(`${base}/api/leads`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'popup', email: submission.email }),
      headers: { 'content-type': 'application/json', 'idempotency-key': submission.key },
    })
      .then(async (response) => {
        if (response.status === 201) submission.id = ((await response.json()) as { id: string }).id
      })
      // Cut off by the crash, before the answer or in the middle of its body: no answer.
      .catch(() => {})
  )
}

test('every lead answered 2xx before a SIGKILL is stored once, and delivered after the restart', async () => {
  const first = await startServer()
  const submissions: Submission[] = Array.from({ length: 300 }, (_, i) => ({
    email: `visitor-${i}@example.com`,
    key: `crash-test-${i}`,
  }))
  // 10 clients sending one after another; the process is killed once 60 leads were answered.
  let next = 0
  const answered = () => submissions.filter((submission) => submission.id).length
  const clients = Array.from({ length: 10 }, async () => {
    while (next < submissions.length) await submit(submissions[next++]!)
  })
  await waitFor(() => answered() >= 60, 20_000, '60 answers')
  first.kill('SIGKILL')
  await once(first, 'exit')
  await Promise.all(clients)
  const beforeCrash = submissions.filter((submission) => submission.id)
  expect(beforeCrash.length).toBeGreaterThanOrEqual(60)
  expect(beforeCrash.length).toBeLessThan(submissions.length) // it did die mid-burst

  const second = await startServer()
  const db = new Database(path.join(dataDir, 'leads.sqlite'), { readonly: true })
  const rowsOf = db.prepare<[string], { id: string }>('SELECT id FROM leads WHERE email = ?')
  for (const submission of beforeCrash) expect(rowsOf.all(submission.email)).toEqual([{ id: submission.id }])

  // The visitors whose answer never came try again with the same key: each is then stored once too.
  await Promise.all(submissions.filter((submission) => !submission.id).map(submit))
  expect(submissions.every((submission) => submission.id)).toBe(true)
  expect(db.prepare('SELECT count(*) FROM leads').pluck().get()).toBe(submissions.length)
  for (const submission of submissions) expect(rowsOf.all(submission.email)).toEqual([{ id: submission.id }])

  // Every lead's webhook arrives, those of before the crash included.
  const delivered = () => new Set(hook.received.map((call) => call.body.lead.id))
  await waitFor(() => submissions.every((submission) => delivered().has(submission.id!)), 20_000, 'the webhooks').catch(
    (error: unknown) => {
      console.log(
        'received',
        hook.received.length,
        delivered().size,
        db.prepare('SELECT kind, state, count(*) n FROM outbox GROUP BY 1, 2').all(),
      )
      throw error
    },
  )
  expect(hook.received.every((call) => call.signatureValid)).toBe(true)
  db.close()
  second.kill('SIGTERM')
  await once(second, 'exit')
}, 60_000)
