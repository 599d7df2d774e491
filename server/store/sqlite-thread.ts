/**
 * The lead database's own thread (started by sqlite.ts): it runs every
 * operation on its connection, one after another (the driver's turns,
 * sqlite-db.ts), so the fsync of each commit never holds up the server's
 * event loop.
 */
import '../build-globals.ts'
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase, sqliteDriver } from './sqlite-db.ts'
import { callerOf, sqlOperations, type Operations } from './sql-store.ts'

export interface Call {
  id: number
  op: keyof Operations | 'close'
  args: unknown[]
}

export type Reply = { id: number; result: unknown } | { id: number; error: { message: string; code?: string } }

const driver = sqliteDriver(openDatabase((workerData as { file: string }).file))
const call = callerOf(sqlOperations(driver)) as (op: keyof Operations, args: unknown[]) => Promise<unknown>
const port = parentPort!

port.on('message', ({ id, op, args }: Call) => {
  // Closed in its turn: after every call that came before it.
  const result = op === 'close' ? driver.close() : call(op, args)
  result.then(
    (value) => {
      port.postMessage({ id, result: value } satisfies Reply)
      if (op === 'close') port.close()
    },
    (error: unknown) => {
      const { message, code } = error as { message?: string; code?: string }
      port.postMessage({ id, error: { message: message ?? String(error), code } } satisfies Reply)
    },
  )
})
