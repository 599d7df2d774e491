import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, test } from 'vitest'
import { migrationsFor } from './migrations.ts'
import { openSqliteStore } from './sqlite.ts'
import { bookingStoreSuite, leadStoreSuite } from './store-suite.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'leads-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let files = 0
leadStoreSuite('SQLite', {
  async fresh({ maxBatch } = {}) {
    files += 1
    const file = path.join(dir, `leads-${files}.sqlite`)
    // The server's store runs on its thread; the other one is the CLI's kind, on this thread.
    return {
      store: openSqliteStore({ file, maxBatch }),
      another: async () => openSqliteStore({ file, thread: false }),
    }
  },
})

bookingStoreSuite('SQLite', {
  async fresh({ maxBatch } = {}) {
    files += 1
    const file = path.join(dir, `leads-${files}.sqlite`)
    // The server's store runs on its thread; the other one is the CLI's kind, on this thread.
    return {
      store: openSqliteStore({ file, maxBatch }),
      another: async () => openSqliteStore({ file, thread: false }),
    }
  },
})

test('creates the database with its folder, in WAL mode, migrated once', async () => {
  const file = path.join(dir, 'new', 'leads.sqlite')
  const store = openSqliteStore({ file })
  await store.close()
  const again = openSqliteStore({ file })
  await again.close()
  const db = new Database(file, { readonly: true })
  expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
  expect(db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all()).toEqual([
    { version: 1, name: '001-leads' },
    { version: 2, name: '002-rate-limits' },
    { version: 3, name: '003-bookings' },
    { version: 4, name: '004-booking-limits' },
    { version: 5, name: '005-booking-phone' },
    { version: 6, name: '006-lead-website' },
    { version: 7, name: '007-audit-reports' },
  ])
  db.close()
})

test('a database migrated before the migrations had a dialect keeps its data and gets only the new ones', async () => {
  const file = path.join(dir, 'older.sqlite')
  const first = openSqliteStore({ file, thread: false })
  await first.close()
  const db = new Database(file)
  db.prepare('DELETE FROM schema_migrations WHERE version = 2').run()
  db.prepare("UPDATE schema_migrations SET name = '001-leads.sql' WHERE version = 1").run()
  db.prepare("INSERT INTO leads (id, created_at, kind, email) VALUES ('kept', 1, 'popup', 'a@example.com')").run()
  db.close()
  const store = openSqliteStore({ file, thread: false })
  expect(await store.countLeads()).toBe(1)
  await store.close()
  const after = new Database(file, { readonly: true })
  expect(after.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([
    1, 2, 3, 4, 5, 6, 7,
  ])
  after.close()
})

/** A database as a release that had the first `version` migrations left it, open for a test to add rows. */
function databaseAtMigration(file: string, version: number): Database.Database {
  const db = new Database(file)
  db.pragma('foreign_keys = ON')
  db.exec(
    'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  )
  for (const migration of migrationsFor('sqlite').slice(0, version)) {
    db.exec(migration.sql)
    db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 1)').run(migration.version, migration.name)
  }
  return db
}

test('a database of the leads before bookings (migration 2) keeps its leads and deliveries through the rebuild of 003', async () => {
  const file = path.join(dir, 'before-bookings.sqlite')
  const db = databaseAtMigration(file, 2)
  db.prepare("INSERT INTO leads (id, created_at, kind, email) VALUES ('old-lead', 1, 'popup', 'old@example.com')").run()
  db.prepare(
    "INSERT INTO outbox (lead_id, kind, next_attempt_at, created_at) VALUES ('old-lead', 'notify-mail', 1, 1)",
  ).run()
  db.close()

  const store = openSqliteStore({ file, thread: false })
  expect(await store.countLeads()).toBe(1)
  expect(await store.outboxBacklog()).toEqual({ pending: 1, failed: 0 })
  // The outbox still points at the rebuilt leads table: erasure takes the delivery with the lead.
  expect((await store.eraseByEmail('old@example.com')).deliveries).toEqual([
    { id: 1, kind: 'notify-mail', state: 'pending' },
  ])
  expect(await store.outboxBacklog()).toEqual({ pending: 0, failed: 0 })
  await store.close()
  const after = new Database(file, { readonly: true })
  expect(after.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([
    1, 2, 3, 4, 5, 6, 7,
  ])
  after.close()
})

test('the database itself holds one held or confirmed call per start: a second is refused, a cancelled or expired one is not counted', async () => {
  const file = path.join(dir, 'constraint.sqlite')
  const store = openSqliteStore({ file, thread: false })
  await store.close()
  const db = new Database(file)
  db.prepare("INSERT INTO leads (id, created_at, kind, email) VALUES ('l1', 1, 'booking', 'a@example.com')").run()
  db.prepare("INSERT INTO leads (id, created_at, kind, email) VALUES ('l2', 1, 'booking', 'b@example.com')").run()
  db.prepare("INSERT INTO leads (id, created_at, kind, email) VALUES ('l3', 1, 'booking', 'c@example.com')").run()
  const insert = db.prepare(
    "INSERT INTO bookings (id, lead_id, start_at, end_at, time_zone, uid, sequence, status, created_at, updated_at) VALUES (?, ?, '2026-12-02T14:00:00.000Z', '2026-12-02T14:30:00.000Z', 'UTC', ?, 0, ?, 1, 1)",
  )
  insert.run('b1', 'l1', 'u1', 'confirmed')
  expect(() => insert.run('b2', 'l2', 'u2', 'confirmed')).toThrow(/UNIQUE constraint failed: bookings.start_at/)
  insert.run('b3', 'l3', 'u3', 'cancelled')
  expect(() => db.prepare("UPDATE bookings SET status = 'confirmed' WHERE id = 'b3'").run()).toThrow(/UNIQUE/)
  expect(() => db.prepare("UPDATE bookings SET status = 'held' WHERE id = 'b3'").run()).toThrow(/UNIQUE/)
  db.prepare("UPDATE bookings SET status = 'expired' WHERE id = 'b3'").run()
  db.close()
})

test('a database with bookings from before the limits (migration 3) keeps them through the rebuild of 004', async () => {
  const file = path.join(dir, 'before-limits.sqlite')
  const db = databaseAtMigration(file, 3)
  db.prepare("INSERT INTO leads (id, created_at, kind, email) VALUES ('l1', 1, 'booking', 'a@example.com')").run()
  db.prepare(
    "INSERT INTO bookings VALUES ('b1', 'l1', '2026-12-02T14:00:00.000Z', '2026-12-02T14:30:00.000Z', 'UTC', 'u1', 2, 'confirmed', 1, 5)",
  ).run()
  db.close()
  const store = openSqliteStore({ file, thread: false })
  expect(await store.getBooking('b1')).toMatchObject({
    start: '2026-12-02T14:00:00.000Z',
    sequence: 2,
    status: 'confirmed',
    updatedAt: 5,
    holdExpiresAt: null,
    email: 'a@example.com',
  })
  await store.close()
})
