import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openSqliteStore } from './sqlite.ts'
import { whenDone } from '../test-teardown.ts'

/** For tests: a real SQLite lead store in a new temporary folder, closed and removed when what opened it is over (`whenDone`). */
export function openTestStore() {
  const dir = mkdtempSync(path.join(tmpdir(), 'leads-'))
  const file = path.join(dir, 'leads.sqlite')
  const store = openSqliteStore({ file, thread: false })
  whenDone(async () => {
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return { dir, file, store }
}
