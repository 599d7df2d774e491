import Database from 'better-sqlite3'
import { prepareDatabaseFile } from '../data-folder.ts'
import { migrationsFor } from './migrations.ts'
import type { Driver, Sql } from './sql-store.ts'

/**
 * Opens (and creates, with its folder) the lead database: WAL mode with
 * `synchronous=FULL`, so a committed transaction survives a crash or a power
 * loss; foreign keys on; a wait of up to 5 s when another connection (the CLI
 * beside the server) holds the write lock. The file is made 0600 first, a
 * folder or file it cannot use refused with the path and what is wrong
 * (../data-folder.ts).
 */
export function openDatabase(file: string): Database.Database {
  prepareDatabaseFile(file)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  // Deleted rows are overwritten with zeros, not left in free pages: an erased
  // address must be in no file (docs/deploy.md, "Erasure"). Per connection, so here.
  db.pragma('secure_delete = ON')
  return db
}

/**
 * The SQLite driver of sql-store.ts. better-sqlite3 runs each statement
 * synchronously; the operations around them are async, so calls take turns:
 * each waits for the one before it to settle, and a transaction holds its
 * turn from `BEGIN IMMEDIATE` to `COMMIT`. No statement of another call runs
 * inside a transaction, whoever calls (the database thread, the CLI).
 */
export function sqliteDriver(db: Database.Database): Driver {
  let last: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => T | Promise<T>): Promise<T> => {
    const result = last.then(work)
    last = result.catch(() => {})
    return result
  }
  // Prepared once per text; the batches' texts vary with their sizes, so the cache starts over when full.
  const statements = new Map<string, Database.Statement<unknown[]>>()
  const prepared = (sql: string) => {
    let statement = statements.get(sql)
    if (!statement) {
      if (statements.size >= 200) statements.clear()
      statement = db.prepare<unknown[]>(sql)
      statements.set(sql, statement)
    }
    return statement
  }
  const direct: Sql = {
    all: async <R>(sql: string, params: readonly unknown[] = []) => prepared(sql).all(...params) as R[],
    run: async (sql, params = []) => prepared(sql).run(...params).changes,
  }
  return {
    all: (sql, params) => inTurn(() => direct.all(sql, params)),
    run: (sql, params) => inTurn(() => direct.run(sql, params)),
    transaction: (work) =>
      inTurn(async () => {
        db.exec('BEGIN IMMEDIATE')
        try {
          const result = await work(direct)
          db.exec('COMMIT')
          return result
        } catch (error) {
          // SQLite has rolled back itself after some errors (a full disk, an I/O error).
          if (db.inTransaction) db.exec('ROLLBACK')
          throw error
        }
      }),
    forUpdate: () => '',
    // A constraint, a type or a size SQLite refuses, or a value better-sqlite3 cannot bind.
    isDataError: (error) =>
      error instanceof TypeError ||
      error instanceof RangeError ||
      /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/.test(String((error as { code?: unknown }).code)),
    wipe: () => inTurn(() => wipe(db)),
    close: () =>
      inTurn(() => {
        db.close()
      }),
  }
}

/**
 * After an erase or a purge has committed, the copies of the deleted rows
 * out of every file of the database (docs/deploy.md, "Erasure"). The delete
 * zeroed them in the pages it wrote (secure_delete), but the -wal still holds
 * those pages as they were, and free space written before (by a release
 * without secure_delete) may hold older ones. VACUUM rewrites the file with
 * the live rows only; the checkpoint then copies the pages into it and
 * truncates the -wal. A connection in the middle of a read keeps the
 * checkpoint from getting past its pages: what is left is then said, for the
 * operator, never claimed gone. Undefined when nothing is left.
 */
function wipe(db: Database.Database): string | undefined {
  try {
    db.exec('VACUUM')
  } catch (error) {
    return `the database could not be rewritten (${(error as Error).message}), so copies of the deleted rows may remain in the free space of ${db.name} until the same command runs again`
  }
  const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[]
  if (checkpoint?.busy) {
    return `another connection was reading the database, so copies of the deleted rows remain in ${db.name}-wal (and may in ${db.name}) until the same command runs again once that reader is done`
  }
  return undefined
}

/**
 * Runs the numbered migrations not yet applied (migrations.ts) and records
 * them, all in one IMMEDIATE transaction: a second process opening the file at
 * the same moment waits, then finds them applied.
 */
export function migrate(db: Database.Database): string[] {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  )
  const ran: string[] = []
  // A migration that rebuilds a table (003) must not have its DROP delete the rows that refer
  // to it: foreign keys are off while migrations run (a no-op inside a transaction, so before
  // it), checked before the transaction commits, and on again after.
  const foreignKeys = db.pragma('foreign_keys', { simple: true })
  db.pragma('foreign_keys = OFF')
  try {
    migrateInTransaction(db, ran)
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`)
  }
  return ran
}

function migrateInTransaction(db: Database.Database, ran: string[]) {
  db.transaction(() => {
    const applied = new Set(
      db
        .prepare<[], { version: number }>('SELECT version FROM schema_migrations')
        .all()
        .map((row) => row.version),
    )
    for (const migration of migrationsFor('sqlite')) {
      if (applied.has(migration.version)) continue
      db.exec(migration.sql)
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        Date.now(),
      )
      ran.push(migration.name)
    }
    const broken = db.pragma('foreign_key_check') as unknown[]
    if (broken.length > 0) throw new Error(`Migrations left ${broken.length} rows whose foreign key points nowhere`)
  }).immediate()
}
