import { Worker } from 'node:worker_threads'
import type { Store } from './store.ts'
import { migrate, openDatabase, sqliteDriver } from './sqlite-db.ts'
import type { Call, Reply } from './sqlite-thread.ts'
import { callerOf, sqlOperations, storeOf, type Caller } from './sql-store.ts'

/**
 * The SQLite lead store: one file (created with its folder on first open,
 * migrated before anything else), worked by a thread of its own
 * (sqlite-thread.ts) so that commits, each fsynced (`synchronous=FULL`), never
 * block the event loop.
 *
 * Group commit (group-commit.ts): inserts are queued and go to the database
 * thread as one transaction per batch, so a burst of submissions shares few
 * fsyncs (docs/decisions/018-leads-in-sqlite-group-commit.md).
 */
export function openSqliteStore({
  file,
  maxBatch = 500,
  thread: ownThread = true,
}: {
  file: string
  maxBatch?: number
  /**
   * false: run the operations on the caller's thread, for short-lived tools
   * (the CLI) that wait for each answer anyway and need no thread start-up.
   */
  thread?: boolean
}): Store {
  if (ownThread) return storeOf(...startThread(file, maxBatch))
  const db = openDatabase(file)
  migrate(db)
  const driver = sqliteDriver(db)
  return storeOf(callerOf(sqlOperations(driver)), { maxBatch, close: () => driver.close() })
}

/** Operations on the database thread. */
function startThread(file: string, maxBatch: number): Parameters<typeof storeOf> {
  // Created and migrated here, before the thread opens it: a database that cannot be opened stops the start.
  const setup = openDatabase(file)
  try {
    migrate(setup)
  } finally {
    setup.close()
  }

  const thread = new Worker(new URL('./sqlite-thread.ts', import.meta.url), {
    workerData: { file },
    // The thread's module is TypeScript, like the server's.
    execArgv: ['--import', 'tsx'],
  })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 0
  let stopped: Error | null = null

  thread.on('message', (reply: Reply) => {
    const call = pending.get(reply.id)
    if (!call) return
    pending.delete(reply.id)
    if ('error' in reply) call.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }))
    else call.resolve(reply.result)
  })
  const fail = (error: Error) => {
    stopped ??= error
    for (const call of pending.values()) call.reject(stopped)
    pending.clear()
  }
  thread.on('error', fail)
  thread.on('exit', (code) => fail(new Error(`The lead database thread stopped (exit code ${code})`)))

  const call = (op: Call['op'], args: unknown[]) => {
    if (stopped) return Promise.reject(stopped)
    const id = (nextId += 1)
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      thread.postMessage({ id, op, args } satisfies Call)
    })
  }
  const close = async () => {
    if (!stopped) await call('close', [])
    await thread.terminate()
  }
  return [call as Caller, { maxBatch, close }]
}
