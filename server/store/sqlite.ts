import { Worker } from 'node:worker_threads'
import { groupCommit } from './group-commit.ts'
import type { Store } from './store.ts'
import { migrate, openDatabase, sqliteOperations, type SqliteOperations } from './sqlite-db.ts'
import type { Call, Reply } from './sqlite-thread.ts'

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
  const call = ownThread ? startThread(file) : inline(file)
  return groupCommitStore(call, maxBatch)
}

type Caller = <K extends Call['op']>(
  op: K,
  ...args: K extends keyof SqliteOperations ? Parameters<SqliteOperations[K]> : []
) => Promise<K extends keyof SqliteOperations ? ReturnType<SqliteOperations[K]> : null>

/** Operations on a connection of the caller's own thread. */
function inline(file: string): Caller {
  const db = openDatabase(file)
  migrate(db)
  const operations = sqliteOperations(db)
  return ((op: Call['op'], ...args: unknown[]) => {
    try {
      if (op === 'close') {
        db.close()
        return Promise.resolve(null)
      }
      return Promise.resolve((operations[op] as (...args: unknown[]) => unknown)(...args))
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }) as Caller
}

/** Operations on the database thread. */
function startThread(file: string): Caller & { terminate: () => Promise<number> } {
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

  const call = ((op: Call['op'], ...args: unknown[]) => {
    if (stopped) return Promise.reject(stopped)
    const id = (nextId += 1)
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject })
      thread.postMessage({ id, op, args } satisfies Call)
    })
  }) as Caller
  return Object.assign(call, {
    terminate: async () => {
      if (!stopped) await call('close')
      return thread.terminate()
    },
  })
}

/** The store over a caller, with inserts committed in groups. */
function groupCommitStore(call: Caller & { terminate?: () => Promise<number> }, maxBatch: number): Store {
  const inserts = groupCommit((items) => call('insertBatch', items), maxBatch)
  return {
    insertLead: (item) => inserts.insert(item),
    claimDue: (now, leaseUntil, limit) => call('claimDue', now, leaseUntil, limit),
    nextDueAt: () => call('nextDueAt'),
    finishDeliveries: (outcomes) => call('finishDeliveries', outcomes),
    listUndelivered: () => call('listUndelivered'),
    retryDelivery: (id, now) => call('retryDelivery', id, now),
    exportLeads: ({ since } = {}) => call('exportLeads', since),
    eraseByEmail: (email) => call('eraseByEmail', email),
    purgeLeads: (before, options) => call('purgeLeads', before, options),
    countLeads: () => call('countLeads'),
    insertBooking: (item, rules) => call('insertBooking', item, rules),
    rescheduleBooking: (change, rules) => call('rescheduleBooking', change, rules),
    cancelBooking: (change) => call('cancelBooking', change),
    confirmBooking: (change) => call('confirmBooking', change),
    getBooking: (id) => call('getBooking', id),
    listBookings: (options) => call('listBookings', options),
    bookedCalls: (after, now) => call('bookedCalls', after, now),
    outboxBacklog: () => call('outboxBacklog'),
    async close() {
      await inserts.flush()
      if (call.terminate) await call.terminate()
      else await call('close')
    },
  }
}
