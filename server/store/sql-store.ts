import type { AuditReport, AuditResult } from '#app/lib/audit/report.ts'
import { admit, LIMIT_WINDOW_MS, type BookingCounts } from '../booking/limits.ts'
import { isBookable } from '../booking/slots.ts'
import { groupCommit, type InsertOutcome } from './group-commit.ts'
import { formKeyOf, isSlotTaken, leadRowValues, newBookingEvents, repeatedBooking, spentReason } from './rows.ts'
import type {
  BookingChange,
  BookingEvent,
  DeliveryKind,
  DeliveryRow,
  ErasedLeads,
  NewLead,
  Store,
  StoredBooking,
  StoredLead,
} from './store.ts'

/**
 * The store's operations, written once for both databases
 * (docs/decisions/049-one-sql-layer.md) over a `Driver`: SQLite's
 * (sqlite-db.ts, on the database thread of sqlite.ts) and PostgreSQL's
 * (postgres.ts). The SQL here is what both read alike (parameters `?`,
 * `ON CONFLICT DO NOTHING`, `RETURNING`, rows of `VALUES`), and it selects
 * the columns under the names of the store's shapes (store.ts), so rows need
 * no mapping. What differs stays in the drivers: the placeholders PostgreSQL
 * numbers, the locks a transaction takes (SQLite's write lock, PostgreSQL's
 * advisory lock and row locks), which errors are about the data, and what
 * erasure does after its commit.
 *
 * Every operation is async, as PostgreSQL's client is. better-sqlite3 is
 * synchronous and its `db.transaction()` cannot span an `await`, so the
 * SQLite driver opens and commits its transactions itself and runs one call
 * at a time, in the order they came: a transaction holds that turn from
 * `BEGIN IMMEDIATE` to `COMMIT`, and no statement of another call runs inside
 * it, on the database thread or on the CLI's.
 */

/** Statements on one connection: inside a transaction, the transaction's. */
export interface Sql {
  /** The rows `sql` returns, its `?` bound to `params` in order. */
  all<R>(sql: string, params?: readonly unknown[]): Promise<R[]>
  /** Runs `sql` (its `?` bound as for `all`): how many rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>
}

/** A database as the operations use it: SQLite's (sqlite-db.ts) or PostgreSQL's (postgres.ts). */
export interface Driver extends Sql {
  /**
   * `work` in one transaction on one connection (`tx`): committed when it
   * resolves, rolled back when it throws. SQLite's take the write lock at
   * once (`BEGIN IMMEDIATE`): another connection (the CLI beside the server)
   * makes them wait (busy_timeout) instead of failing when both read and then
   * write. With `bookings`, PostgreSQL's first take the bookings' advisory
   * lock, so the booking changes of every instance run one after another
   * (docs/decisions/035-bookings.md).
   */
  transaction<T>(work: (tx: Sql) => Promise<T>, options?: { bookings?: boolean }): Promise<T>
  /** Locks the rows a SELECT reads, with `clause` (PostgreSQL's `FOR UPDATE`); nothing on SQLite, whose transaction holds the whole database. */
  forUpdate(clause?: string): string
  /** Whether an error is over the data (a constraint, a value; on PostgreSQL also a deadlock), not the database. */
  isDataError(error: unknown): boolean
  /** After an erase or a purge has committed: what may be left of the deleted rows in the database's files, or undefined. */
  wipe(): Promise<string | undefined>
  close(): Promise<void>
}

/** What the stores run by name: the `Store`'s operations, inserts by the batch of group commit. */
export type Operations = Omit<Store, 'insertLead' | 'close'> & {
  /** One transaction, one commit, for a batch (group-commit.ts); a lead that cannot be stored is refused alone. */
  insertBatch(items: NewLead[]): Promise<InsertOutcome[]>
}

/** Runs an operation by name: on this thread, or on SQLite's database thread (sqlite.ts). */
export type Caller = <K extends keyof Operations>(op: K, args: Parameters<Operations[K]>) => ReturnType<Operations[K]>

export const callerOf =
  (operations: Operations): Caller =>
  (op, args) =>
    (operations[op] as (...args: unknown[]) => never)(...args)

/** The `Store` over a caller, its inserts committed in groups (docs/decisions/018-leads-in-sqlite-group-commit.md). */
export function storeOf(call: Caller, { maxBatch, close }: { maxBatch: number; close: () => Promise<void> }): Store {
  const inserts = groupCommit((items) => call('insertBatch', [items]), maxBatch)
  return {
    insertLead: (item) => inserts.insert(item),
    claimDue: (...args) => call('claimDue', args),
    nextDueAt: (...args) => call('nextDueAt', args),
    finishDeliveries: (...args) => call('finishDeliveries', args),
    listUndelivered: (...args) => call('listUndelivered', args),
    retryDelivery: (...args) => call('retryDelivery', args),
    exportLeads: (...args) => call('exportLeads', args),
    eraseByEmail: (...args) => call('eraseByEmail', args),
    purgeLeads: (...args) => call('purgeLeads', args),
    countLeads: (...args) => call('countLeads', args),
    insertBooking: (...args) => call('insertBooking', args),
    confirmBooking: (...args) => call('confirmBooking', args),
    rescheduleBooking: (...args) => call('rescheduleBooking', args),
    cancelBooking: (...args) => call('cancelBooking', args),
    getBooking: (...args) => call('getBooking', args),
    listBookings: (...args) => call('listBookings', args),
    bookedCalls: (...args) => call('bookedCalls', args),
    outboxBacklog: (...args) => call('outboxBacklog', args),
    insertAuditReport: (...args) => call('insertAuditReport', args),
    getAuditReport: (...args) => call('getAuditReport', args),
    recentAuditResult: (...args) => call('recentAuditResult', args),
    purgeAuditReports: (...args) => call('purgeAuditReports', args),
    async close() {
      await inserts.flush()
      await close()
    },
  }
}

/** `count` placeholders, comma-separated; with `columns`, `count` rows of that many in parentheses. */
const marks = (count: number, columns?: number): string =>
  Array.from({ length: count }, () => (columns ? `(${marks(columns)})` : '?')).join(', ')

/** The columns of a lead row, in the order of `leadRowValues`. */
const leadColumns = `id, created_at, kind, email, name, company, service, budget, message, topic, page,
  referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, idempotency_key, phone,
  website_url, audit_report_id`
const leadColumnCount = leadColumns.split(',').length

// The rows are selected as the store's shapes (store.ts) name their fields: no mapping after.

/** A lead's columns as a `StoredLead`. */
const storedLead = `leads.id, leads.created_at AS "createdAt", leads.kind, leads.email, leads.name, leads.company,
  leads.service, leads.budget, leads.message, leads.topic, leads.page, leads.referrer_host AS "referrerHost",
  leads.utm_source, leads.utm_medium, leads.utm_campaign, leads.utm_term, leads.utm_content, leads.phone,
  leads.website_url AS "websiteUrl", leads.audit_report_id AS "auditReport",
  (SELECT score FROM audit_reports WHERE audit_reports.id = leads.audit_report_id) AS "auditScore"`

/** Selects `StoredBooking`s, a booking with who booked it from its lead: add a WHERE and an ORDER BY. */
const bookingSelect = `SELECT bookings.id, bookings.lead_id AS "leadId", bookings.start_at AS start,
    bookings.end_at AS "end", bookings.time_zone AS "timeZone", bookings.uid, bookings.sequence, bookings.status,
    bookings.created_at AS "createdAt", bookings.updated_at AS "updatedAt",
    bookings.hold_expires_at AS "holdExpiresAt", coalesce(leads.name, '') AS name, leads.email, leads.company,
    leads.message AS note, leads.phone
  FROM bookings JOIN leads ON leads.id = bookings.lead_id`

/** The calls the slot engine counts as booked: confirmed, or held with the hold running at `now` (ms); they end after `after`. */
const bookedCalls = (sql: Sql, after: string, now: number) =>
  sql.all<{ start: string; end: string }>(
    `SELECT start_at AS start, end_at AS "end" FROM bookings
     WHERE (status = 'confirmed' OR (status = 'held' AND hold_expires_at > ?)) AND end_at > ?
     ORDER BY start_at`,
    [now, after],
  )

/**
 * Every lead of a batch and their outbox rows: one statement for the leads
 * and one for their deliveries, whatever the batch's size (the rows as
 * placeholders: SQLite takes 32,766, PostgreSQL 65,535; a batch of 500 leads
 * binds 9,500). A key already stored (or twice in the batch) inserts nothing;
 * those leads get the first lead's id from a further statement.
 */
async function insertLeads(tx: Sql, items: NewLead[]): Promise<{ id: string; created: boolean }[]> {
  const inserted = await tx.all<{ id: string }>(
    `INSERT INTO leads (${leadColumns}) VALUES ${marks(items.length, leadColumnCount)}
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    items.flatMap((item) =>
      Object.values(leadRowValues(item.id, item.createdAt, item.lead, item.idempotencyKey ?? null)),
    ),
  )
  const created = new Set(inserted.map((row) => row.id))
  const deliveries = items
    .filter((item) => created.has(item.id))
    .flatMap((item) => item.deliveries.map((kind) => [item.id, kind, item.createdAt, item.createdAt]))
  if (deliveries.length > 0) {
    await tx.run(
      `INSERT INTO outbox (lead_id, kind, next_attempt_at, created_at) VALUES ${marks(deliveries.length, 4)}`,
      deliveries.flat(),
    )
  }
  const keysTaken = items.filter((item) => !created.has(item.id)).map((item) => item.idempotencyKey)
  const byKey = new Map<string, string>()
  if (keysTaken.length > 0) {
    // On PostgreSQL, perhaps taken by another instance's transaction that committed while the
    // insert waited for it: a new statement (a new snapshot) sees that lead.
    const found = await tx.all<{ id: string; idempotency_key: string }>(
      `SELECT id, idempotency_key FROM leads WHERE idempotency_key IN (${marks(keysTaken.length)})`,
      keysTaken,
    )
    for (const row of found) byKey.set(row.idempotency_key, row.id)
  }
  return items.map((item) => {
    if (created.has(item.id)) return { id: item.id, created: true }
    const id = item.idempotencyKey === undefined ? undefined : byKey.get(item.idempotencyKey)
    if (!id) throw new Error('The idempotency key conflicted with no stored lead')
    return { id, created: false }
  })
}

/** What `leads` and their deliveries are; with `remove`, deleted too. Inside the caller's transaction. */
async function removeLeads(tx: Sql, leads: StoredLead[], remove: boolean): Promise<ErasedLeads> {
  const erased: ErasedLeads = { leads: [], deliveries: [], mailFiles: [], auditReports: [] }
  for (const lead of leads) {
    const deliveries = await tx.all<{ id: number; kind: DeliveryKind; state: string; mail_file: string | null }>(
      'SELECT id, kind, state, mail_file FROM outbox WHERE lead_id = ? ORDER BY id',
      [lead.id],
    )
    for (const delivery of deliveries) {
      erased.deliveries.push({ id: delivery.id, kind: delivery.kind, state: delivery.state })
      if (delivery.mail_file) erased.mailFiles.push(delivery.mail_file)
    }
    // The outbox rows go with it (ON DELETE CASCADE); the audit report it was sent with, by hand.
    if (lead.auditReport) {
      const reports = remove
        ? await tx.run('DELETE FROM audit_reports WHERE id = ?', [lead.auditReport])
        : (await tx.all('SELECT id FROM audit_reports WHERE id = ?', [lead.auditReport])).length
      if (reports > 0) erased.auditReports.push(lead.auditReport)
    }
    if (remove) await tx.run('DELETE FROM leads WHERE id = ?', [lead.id])
    erased.leads.push({ id: lead.id, kind: lead.kind, createdAt: lead.createdAt })
  }
  return erased
}

async function bookingOf(sql: Sql, id: string): Promise<StoredBooking | null> {
  const [booking] = await sql.all<StoredBooking>(`${bookingSelect} WHERE bookings.id = ?`, [id])
  return booking ?? null
}

/** The calls the slot engine counts: held or confirmed, not over two days before `now` (the day cap counts whole days); but `except`. */
async function bookedAround(tx: Sql, now: number, except?: string) {
  const calls = await bookedCalls(tx, new Date(now - 2 * 24 * 60 * 60 * 1000).toISOString(), now)
  return calls.filter((call) => except === undefined || call.start !== except)
}

/** Releases the holds that ran out by `now` (ms): those bookings are `expired`, their slots free. */
const releaseHolds = (tx: Sql, now: number) =>
  tx.run("UPDATE bookings SET status = 'expired', updated_at = ? WHERE status = 'held' AND hold_expires_at <= ?", [
    now,
    now,
  ])

async function writeEvent(tx: Sql, event: BookingEvent, kinds: readonly DeliveryKind[], now: number) {
  const payload = JSON.stringify(event)
  for (const kind of kinds) {
    await tx.run('INSERT INTO outbox (lead_id, kind, next_attempt_at, created_at, payload) VALUES (?, ?, ?, ?, ?)', [
      event.booking.leadId,
      kind,
      now,
      now,
      payload,
    ])
  }
}

/**
 * What the limits count inside a booking's transaction (../booking/limits.ts,
 * `BookingCounts`), once the holds that ran out are released: the calls of
 * `email` (any case) held or confirmed and not over at `now`, the bookings
 * made in the limits' window from `network` and site-wide, and how many of
 * those were held.
 */
async function countBookings(tx: Sql, email: string, now: number, network: string | null): Promise<BookingCounts> {
  const since = now - LIMIT_WINDOW_MS
  const [counts] = await tx.all<BookingCounts>(
    `SELECT
      (SELECT count(*) FROM bookings JOIN leads ON leads.id = bookings.lead_id
        WHERE lower(leads.email) = lower(?) AND bookings.end_at > ?
          AND bookings.status IN ('confirmed', 'held')) AS "callsAhead",
      (SELECT count(*) FROM bookings WHERE network = ? AND created_at > ?) AS "fromNetwork",
      (SELECT count(*) FROM bookings WHERE created_at > ?) AS "made",
      (SELECT count(*) FROM bookings WHERE created_at > ? AND hold_expires_at IS NOT NULL) AS "held"`,
    [email, new Date(now).toISOString(), network, since, since, since],
  )
  return counts!
}

/** A report as stored, its result kept as JSON. */
const auditReportOf = (id: string, row: { result: string; createdAt: number; expiresAt: number }): AuditReport => ({
  id,
  result: JSON.parse(row.result) as AuditResult,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
})

/** The operations of the `Store` (store.ts, which says what each guarantees) on `driver`. */
export function sqlOperations(driver: Driver): Operations {
  /** A failed try at the whole batch: each lead alone, in a transaction of its own. */
  async function insertOneByOne(items: NewLead[]): Promise<InsertOutcome[]> {
    const outcomes: InsertOutcome[] = []
    for (const item of items) {
      try {
        const [value] = await driver.transaction((tx) => insertLeads(tx, [item]))
        outcomes.push({ ok: true, value: value! })
      } catch (error) {
        outcomes.push({ ok: false, error: error instanceof Error ? error.message : String(error) })
      }
    }
    return outcomes
  }

  const withWipe = async <T extends ErasedLeads>(removed: T): Promise<T> => {
    const leftover = await driver.wipe()
    return leftover ? { ...removed, leftover } : removed
  }

  /**
   * A booking change (docs/decisions/035-bookings.md): one transaction, taken
   * one after another with every other booking change of every connection;
   * the unique index on a held or confirmed call's start refuses a second
   * call on a slot whatever happens, read here as the slot taken.
   */
  async function bookingChange(work: (tx: Sql) => Promise<BookingChange>): Promise<BookingChange> {
    try {
      return await driver.transaction(work, { bookings: true })
    } catch (error) {
      if (isSlotTaken(error)) return { ok: false, reason: 'taken' }
      throw error
    }
  }

  return {
    /**
     * The batch in one transaction, one commit. When its statements fail over
     * a lead's data (a duplicate id, a value out of range) or a clash with
     * another instance (a deadlock on the same keys), each lead is tried again
     * alone: the one that fails is refused alone. Anything else (the database
     * gone, the disk full) and a failed COMMIT, whose outcome is unknown,
     * reject the whole batch.
     */
    async insertBatch(items) {
      let statementsDone = false
      try {
        return await driver.transaction(async (tx) => {
          const stored = await insertLeads(tx, items)
          statementsDone = true
          return stored.map((value): InsertOutcome => ({ ok: true, value }))
        })
      } catch (error) {
        if (statementsDone || !driver.isDataError(error)) throw error
      }
      return insertOneByOne(items)
    },

    // The due rows are read and leased in one transaction: SQLite's holds the write lock, and
    // PostgreSQL's locks the rows it reads and skips those another instance's claim holds
    // (docs/decisions/020-postgresql-for-several-instances.md): two workers never take one delivery.
    claimDue: (now, leaseUntil, limit) =>
      driver.transaction(async (tx) => {
        const rows = await tx.all<
          StoredLead & { deliveryId: number; deliveryKind: DeliveryKind; attempts: number; payload: string | null }
        >(
          `SELECT outbox.id AS "deliveryId", outbox.kind AS "deliveryKind", outbox.attempts, outbox.payload, ${storedLead}
           FROM outbox JOIN leads ON leads.id = outbox.lead_id
           WHERE outbox.state = 'pending' AND outbox.next_attempt_at <= ?
           ORDER BY outbox.next_attempt_at, outbox.id LIMIT ? ${driver.forUpdate('OF outbox SKIP LOCKED')}`,
          [now, limit],
        )
        if (rows.length > 0) {
          await tx.run(`UPDATE outbox SET next_attempt_at = ? WHERE id IN (${marks(rows.length)})`, [
            leaseUntil,
            ...rows.map((row) => row.deliveryId),
          ])
        }
        // A booking's delivery carries its event; a lead's own ones nothing.
        return rows.map(({ deliveryId, deliveryKind, attempts, payload, ...lead }) => ({
          id: deliveryId,
          kind: deliveryKind,
          attempts,
          lead,
          ...(payload ? { booking: JSON.parse(payload) as BookingEvent } : {}),
        }))
      }),

    async nextDueAt() {
      const [row] = await driver.all<{ at: number | null }>(
        "SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'",
      )
      return row?.at ?? null
    },

    async finishDeliveries(outcomes) {
      if (outcomes.length === 0) return
      await driver.transaction(async (tx) => {
        for (const outcome of outcomes) {
          if (outcome.delivered) {
            await tx.run(
              "UPDATE outbox SET state = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL, mail_file = ? WHERE id = ?",
              [outcome.at, outcome.mailFile ?? null, outcome.id],
            )
          } else {
            // Pending again, due at `retryAt`; without one, failed for good.
            await tx.run(
              'UPDATE outbox SET attempts = attempts + 1, last_error = ?, state = ?, next_attempt_at = coalesce(?, next_attempt_at) WHERE id = ?',
              [
                outcome.error.slice(0, 1000),
                outcome.retryAt === null ? 'failed' : 'pending',
                outcome.retryAt,
                outcome.id,
              ],
            )
          }
        }
      })
    },

    listUndelivered: () =>
      driver.all<DeliveryRow>(
        `SELECT id, lead_id AS "leadId", kind, state, attempts, next_attempt_at AS "nextAttemptAt",
           last_error AS "lastError", created_at AS "createdAt"
         FROM outbox WHERE state IN ('pending', 'failed') ORDER BY id`,
      ),

    retryDelivery: async (id, now) =>
      (await driver.run(
        "UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ? WHERE id = ? AND state IN ('pending', 'failed')",
        [now, id],
      )) === 1,

    exportLeads: ({ since } = {}) =>
      driver.all<StoredLead>(`SELECT ${storedLead} FROM leads WHERE created_at >= ? ORDER BY created_at, seq`, [
        since ?? 0,
      ]),

    // Wiped even when nothing is found: the same command run again clears what a reader kept, or
    // what an earlier release left of an address.
    eraseByEmail: async (email) =>
      withWipe(
        await driver.transaction(async (tx) => {
          const leads = await tx.all<StoredLead>(
            `SELECT ${storedLead} FROM leads WHERE lower(email) = lower(?) ORDER BY seq ${driver.forUpdate()}`,
            [email.trim()],
          )
          return removeLeads(tx, leads, true)
        }),
      ),

    // The daily purge wipes only when it deleted something: SQLite's VACUUM holds the write lock
    // while it copies the whole database, and most days nobody's retention ends.
    async purgeLeads(before, { dryRun = false } = {}) {
      const purged = await driver.transaction(async (tx) => {
        const leads = await tx.all<StoredLead>(
          `SELECT ${storedLead} FROM leads WHERE lower(email) IN (
             SELECT lower(email) FROM leads GROUP BY lower(email) HAVING max(created_at) < ?
           ) ORDER BY seq ${driver.forUpdate()}`,
          [before],
        )
        const emails = [...new Set(leads.map((lead) => lead.email.toLowerCase()))]
        return { ...(await removeLeads(tx, leads, !dryRun)), emails }
      })
      return dryRun || purged.leads.length === 0 ? purged : withWipe(purged)
    },

    async countLeads() {
      return (await driver.all<{ n: number }>('SELECT count(*) AS n FROM leads'))[0]!.n
    },

    insertBooking: (item, rules) =>
      bookingChange(async (tx) => {
        await releaseHolds(tx, rules.now)
        if (item.formKey) {
          const [earlier] = await tx.all<StoredBooking>(`${bookingSelect} WHERE leads.idempotency_key = ?`, [
            formKeyOf(item.formKey),
          ])
          if (earlier) return repeatedBooking(earlier, item)
        }
        const counts = await countBookings(tx, item.lead.email, rules.now, item.network ?? null)
        const admission = admit(counts, item.limits, rules.now)
        if (!admission.ok) return admission
        const check = isBookable(item.start, { ...rules, booked: await bookedAround(tx, rules.now) })
        if (!check.bookable) return { ok: false, reason: check.reason }
        await tx.run(
          `INSERT INTO leads (${leadColumns}) VALUES (${marks(leadColumnCount)})`,
          Object.values(
            leadRowValues(item.leadId, item.createdAt, item.lead, item.formKey ? formKeyOf(item.formKey) : null),
          ),
        )
        await tx.run(
          `INSERT INTO bookings (id, lead_id, start_at, end_at, time_zone, uid, sequence, status, created_at, updated_at,
             hold_expires_at, network)
           VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
          [
            item.bookingId,
            item.leadId,
            check.slot.start,
            check.slot.end,
            item.timeZone,
            item.uid,
            admission.status,
            item.createdAt,
            item.createdAt,
            admission.status === 'held' ? admission.holdUntil : null,
            item.network ?? null,
          ],
        )
        const booking = (await bookingOf(tx, item.bookingId))!
        for (const [event, kinds] of newBookingEvents(booking, admission, item))
          await writeEvent(tx, event, kinds, item.createdAt)
        return { ok: true, booking }
      }),

    rescheduleBooking: (change, rules) =>
      bookingChange(async (tx) => {
        await releaseHolds(tx, rules.now)
        const before = await bookingOf(tx, change.id)
        const refused = spentReason(before, { sequence: change.sequence, now: change.now })
        if (refused) return { ok: false, reason: refused }
        const check = isBookable(change.start, { ...rules, booked: await bookedAround(tx, rules.now, before!.start) })
        if (!check.bookable) return { ok: false, reason: check.reason }
        await tx.run(
          'UPDATE bookings SET start_at = ?, end_at = ?, sequence = sequence + 1, updated_at = ? WHERE id = ?',
          [check.slot.start, check.slot.end, change.now, change.id],
        )
        const booking = (await bookingOf(tx, change.id))!
        const previous = { start: before!.start, end: before!.end }
        await writeEvent(tx, { event: 'rescheduled', booking, previous }, change.deliveries, change.now)
        return { ok: true, booking }
      }),

    cancelBooking: (change) =>
      bookingChange(async (tx) => {
        const refused = spentReason(await bookingOf(tx, change.id), { sequence: change.sequence, now: change.now })
        if (refused) return { ok: false, reason: refused }
        await tx.run("UPDATE bookings SET status = 'cancelled', sequence = sequence + 1, updated_at = ? WHERE id = ?", [
          change.now,
          change.id,
        ])
        const booking = (await bookingOf(tx, change.id))!
        await writeEvent(tx, { event: 'cancelled', booking }, change.deliveries, change.now)
        return { ok: true, booking }
      }),

    confirmBooking: (change) =>
      bookingChange(async (tx) => {
        const refused = spentReason(await bookingOf(tx, change.id), { now: change.now, allowed: ['held'] })
        if (refused) return { ok: false, reason: refused }
        await tx.run("UPDATE bookings SET status = 'confirmed', updated_at = ? WHERE id = ?", [change.now, change.id])
        const booking = (await bookingOf(tx, change.id))!
        await writeEvent(tx, { event: 'created', booking }, change.deliveries, change.now)
        return { ok: true, booking }
      }),

    getBooking: (id) => bookingOf(driver, id),

    listBookings: ({ after, status }) =>
      driver.all<StoredBooking>(
        `${bookingSelect} WHERE bookings.end_at > ? ${status ? 'AND bookings.status = ?' : ''}
         ORDER BY bookings.start_at, bookings.id`,
        status ? [after, status] : [after],
      ),

    bookedCalls: (after, now) => bookedCalls(driver, after, now),

    async insertAuditReport({ id, result, createdAt, expiresAt }) {
      await driver.run(
        'INSERT INTO audit_reports (id, url, score, result, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
        [id, result.requestedUrl, result.score, JSON.stringify(result), createdAt, expiresAt],
      )
    },

    async getAuditReport(id, now) {
      const [row] = await driver.all<{ result: string; createdAt: number; expiresAt: number }>(
        `SELECT result, created_at AS "createdAt", expires_at AS "expiresAt" FROM audit_reports
         WHERE id = ? AND expires_at > ?`,
        [id, now],
      )
      return row ? auditReportOf(id, row) : null
    },

    async recentAuditResult(url, since) {
      const [row] = await driver.all<{ result: string }>(
        'SELECT result FROM audit_reports WHERE url = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
        [url, since],
      )
      return row ? (JSON.parse(row.result) as AuditResult) : null
    },

    async purgeAuditReports(now, { dryRun = false } = {}) {
      if (!dryRun) return driver.run('DELETE FROM audit_reports WHERE expires_at <= ?', [now])
      return (
        await driver.all<{ n: number }>('SELECT count(*) AS n FROM audit_reports WHERE expires_at <= ?', [now])
      )[0]!.n
    },

    async outboxBacklog() {
      const counts = await driver.all<{ state: string; n: number }>(
        "SELECT state, count(*) AS n FROM outbox WHERE state IN ('pending', 'failed') GROUP BY state",
      )
      return {
        pending: counts.find((row) => row.state === 'pending')?.n ?? 0,
        failed: counts.find((row) => row.state === 'failed')?.n ?? 0,
      }
    },
  }
}
