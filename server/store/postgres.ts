import pg from 'pg'
import type { Store } from './store.ts'
import { migrationsFor } from './migrations.ts'
import { callerOf, sqlOperations, storeOf, type Driver, type Sql } from './sql-store.ts'

/** A PostgreSQL lead store, with the pool it works on (the shared rate limiter uses it too). */
export type PostgresLeadStore = Store & { pool: pg.Pool }

/**
 * The PostgreSQL lead store (`DATABASE_URL`), for several server processes
 * behind a load balancer sharing one database
 * (docs/decisions/020-postgresql-for-several-instances.md):
 *
 * - migrations run at open under an advisory lock, so instances starting
 *   together apply each once (`migratePostgres`);
 * - the operations are sql-store.ts's, as SQLite's: inserts committed in
 *   groups (group-commit.ts), one transaction per batch; an idempotency key
 *   unique across instances (`ON CONFLICT DO NOTHING`, then the first lead's
 *   id); claims that lock the rows they take and skip those locked
 *   (`FOR UPDATE SKIP LOCKED`), so two workers never take one delivery; booking
 *   changes one after another under an advisory lock.
 */
export async function openPostgresStore({
  url,
  maxBatch = 500,
  poolSize = 10,
  log = console,
}: {
  url: string
  maxBatch?: number
  poolSize?: number
  log?: Pick<Console, 'error'>
}): Promise<PostgresLeadStore> {
  const pool = createPool(url, poolSize, log)
  try {
    await migratePostgres(pool)
  } catch (error) {
    await pool.end()
    throw error
  }
  const driver = postgresDriver(pool)
  return { ...storeOf(callerOf(sqlOperations(driver)), { maxBatch, close: () => driver.close() }), pool }
}

/** A constant of this application for pg_advisory_xact_lock: held by each booking change until it commits. */
const BOOKING_LOCK = 4_120_661_026

/**
 * The PostgreSQL driver of sql-store.ts: its `?` numbered as `$1`, `$2`...
 * (no `?` of the shared SQL is anything but a parameter); each transaction
 * on a connection of its own from the pool.
 */
function postgresDriver(pool: pg.Pool): Driver {
  const numbered = (sql: string) => {
    let n = 0
    return sql.replace(/\?/g, () => `$${(n += 1)}`)
  }
  const on = (client: pg.Pool | pg.PoolClient): Sql => ({
    all: async <R>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(numbered(sql), [...params])).rows as R[],
    run: async (sql, params = []) => (await client.query(numbered(sql), [...params])).rowCount ?? 0,
  })
  return {
    ...on(pool),
    transaction: (work, { bookings = false } = {}) =>
      held(pool, async (client) => {
        await client.query('BEGIN')
        try {
          // Booking changes queue here, every instance's, until the one before commits.
          if (bookings) await client.query('SELECT pg_advisory_xact_lock($1)', [BOOKING_LOCK])
          const result = await work(on(client))
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {})
          throw error
        }
      }),
    forUpdate: (clause = '') => `FOR UPDATE ${clause}`,
    // SQLSTATE class 22 (data exception), 23 (integrity constraint) or 40 (transaction rollback:
    // deadlock, serialization).
    isDataError: (error) => /^(22|23|40)[0-9A-Z]{3}$/.test(String((error as { code?: unknown }).code)),
    // PostgreSQL leaves the deleted rows to VACUUM (FULL), which the operator runs (docs/deploy.md, "Erasure").
    wipe: async () => undefined,
    close: () => pool.end(),
  }
}

/**
 * A pool on `url`. BIGINT (times in ms, counts, ids) is read as a number, as
 * SQLite gives it: every value the store keeps is far below 2^53.
 */
export function createPool(url: string, max = 10, log: Pick<Console, 'error'> = console): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    application_name: 'northpeak-site',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection the server dropped (a restart, a failover): the pool replaces it; without
  // a listener the error would stop the process.
  pool.on('error', (error) =>
    log.error(JSON.stringify({ event: 'database_error', error: error.message.slice(0, 300) })),
  )
  return pool
}

/** A constant of this application for pg_advisory_lock: held while migrations run. */
const MIGRATION_LOCK = 4_120_661_018

/**
 * Runs the numbered migrations not yet applied (migrations.ts), each in its
 * own transaction, and records them in `schema_migrations`. Under a session
 * advisory lock: instances starting at once take turns, and the later ones
 * find everything applied.
 */
export function migratePostgres(pool: pg.Pool): Promise<string[]> {
  return held(pool, async (client) => {
    const ran: string[] = []
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
      )
      const applied = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (row) => row.version,
        ),
      )
      for (const migration of migrationsFor('postgres')) {
        if (applied.has(migration.version)) continue
        await client.query('BEGIN')
        try {
          await client.query(migration.sql)
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
            migration.version,
            migration.name,
            Date.now(),
          ])
          await client.query('COMMIT')
        } catch (error) {
          await client.query('ROLLBACK')
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error })
        }
        ran.push(migration.name)
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
    return ran
  })
}

/**
 * `work` on a connection of its own from the pool. pg reports a connection
 * its server drops (a restart, a failover, a terminated backend) as an
 * 'error' event, and the pool listens only while the connection is idle: held
 * without a listener, the drop would end the process. Here it fails the query
 * under way or the next one, so the work fails alone, and the connection is
 * destroyed on release rather than pooled again.
 */
export async function held<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let dropped: Error | undefined
  const onDrop = (error: Error) => {
    dropped = error
  }
  client.on('error', onDrop)
  try {
    return await work(client)
  } finally {
    client.removeListener('error', onDrop)
    client.release(dropped)
  }
}
