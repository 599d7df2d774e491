/**
 * The lead database's own thread (started by sqlite.ts): it runs every
 * operation on its connection, one message at a time, so the fsync of each
 * commit never holds up the server's event loop.
 */
import '../build-globals.ts'
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase, sqliteOperations, type SqliteOperations } from './sqlite-db.ts'

export interface Call {
  id: number
  op: keyof SqliteOperations | 'close'
  args: unknown[]
}

export type Reply = { id: number; result: unknown } | { id: number; error: { message: string; code?: string } }

const db = openDatabase((workerData as { file: string }).file)
const operations = sqliteOperations(db)
const port = parentPort!

port.on('message', ({ id, op, args }: Call) => {
  try {
    if (op === 'close') {
      db.close()
      port.postMessage({ id, result: null } satisfies Reply)
      port.close()
      return
    }
    const result = (operations[op] as (...args: unknown[]) => unknown)(...args)
    port.postMessage({ id, result } satisfies Reply)
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string }
    port.postMessage({ id, error: { message: message ?? String(error), code } } satisfies Reply)
  }
})
