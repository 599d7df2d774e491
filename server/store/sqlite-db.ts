import Database from 'better-sqlite3'
import { admit, LIMIT_WINDOW_MS, type BookingCounts } from '../booking/limits.ts'
import { isBookable } from '../booking/slots.ts'
import { prepareDatabaseFile } from '../data-folder.ts'
import type { InsertOutcome } from './group-commit.ts'
import type {
  BookingCancel,
  BookingEvent,
  BookingChange,
  BookingConfirm,
  BookingMove,
  BookingRules,
  BookingStatus,
  NewBooking,
  StoredBooking,
  ClaimedDelivery,
  DeliveryKind,
  DeliveryOutcome,
  DeliveryRow,
  ErasedLeads,
  NewLead,
  PurgedLeads,
  StoredLead,
} from './store.ts'
import { migrationsFor } from './migrations.ts'
import {
  bookedCallsSql,
  type bookingCountParams,
  bookingCountsSql,
  bookingSelect,
  formKeyOf,
  isSlotTaken,
  newBookingEvents,
  repeatedBooking,
  releaseHoldsSql,
  spentReason,
  leadRowValues,
  parsePayload,
  toDeliveryRow,
  toStoredBooking,
  toStoredLead,
  type BookingDbRow,
  type DeliveryDbRow,
  type LeadRow,
} from './rows.ts'

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
 * The store's operations on one connection, synchronous (better-sqlite3):
 * run on the database thread (sqlite-thread.ts), each call one transaction.
 * Transactions that write begin IMMEDIATE: they take the write lock first, so
 * another connection (the CLI beside the server) makes them wait (busy_timeout)
 * instead of failing when both read and then write.
 */
export function sqliteOperations(db: Database.Database) {
  const findByKey = db.prepare<[string], { id: string }>('SELECT id FROM leads WHERE idempotency_key = ?')
  const insertLeadRow = db.prepare(`
    INSERT INTO leads (id, created_at, kind, email, name, company, service, budget, message, topic, page,
      referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, idempotency_key,
      phone)
    VALUES (@id, @createdAt, @kind, @email, @name, @company, @service, @budget, @message, @topic, @page,
      @referrerHost, @utm_source, @utm_medium, @utm_campaign, @utm_term, @utm_content, @idempotencyKey,
      @phone)`)
  const insertDelivery = db.prepare(
    'INSERT INTO outbox (lead_id, kind, next_attempt_at, created_at) VALUES (?, ?, ?, ?)',
  )

  /** One lead in its own savepoint: a failing one rolls back alone, the batch goes on. */
  const insertOne = db.transaction((item: NewLead): { id: string; created: boolean } => {
    if (item.idempotencyKey) {
      const existing = findByKey.get(item.idempotencyKey)
      if (existing) return { id: existing.id, created: false }
    }
    insertLeadRow.run(leadRowValues(item.id, item.createdAt, item.lead, item.idempotencyKey ?? null))
    for (const kind of item.deliveries) insertDelivery.run(item.id, kind, item.createdAt, item.createdAt)
    return { id: item.id, created: true }
  })

  /** One transaction, one commit, for a whole batch; a lead that fails is rolled back alone. */
  const insertBatch = db.transaction((items: NewLead[]): InsertOutcome[] =>
    items.map((item) => {
      try {
        return { ok: true, value: insertOne(item) }
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) }
      }
    }),
  ).immediate

  const dueRows = db.prepare<
    [number, number],
    LeadRow & { delivery_id: number; delivery_kind: DeliveryKind; attempts: number; delivery_payload: string | null }
  >(`
    SELECT outbox.id AS delivery_id, outbox.kind AS delivery_kind, outbox.attempts, outbox.payload AS delivery_payload, leads.*
    FROM outbox JOIN leads ON leads.id = outbox.lead_id
    WHERE outbox.state = 'pending' AND outbox.next_attempt_at <= ?
    ORDER BY outbox.next_attempt_at, outbox.id LIMIT ?`)
  const lease = db.prepare('UPDATE outbox SET next_attempt_at = ? WHERE id = ?')
  const claim = db.transaction((now: number, leaseUntil: number, limit: number): ClaimedDelivery[] =>
    dueRows.all(now, limit).map((row) => {
      lease.run(leaseUntil, row.delivery_id)
      const booking = parsePayload(row.delivery_payload)
      return {
        id: row.delivery_id,
        kind: row.delivery_kind,
        attempts: row.attempts,
        lead: toStoredLead(row),
        ...(booking ? { booking } : {}),
      }
    }),
  ).immediate
  const deleteLead = db.prepare('DELETE FROM leads WHERE id = ?')
  const deliveriesOf = db.prepare<
    [string],
    { id: number; kind: DeliveryKind; state: string; mail_file: string | null }
  >('SELECT id, kind, state, mail_file FROM outbox WHERE lead_id = ? ORDER BY id')
  /** What `leads` and their deliveries are; with `remove`, deleted too. Inside the caller's transaction. */
  const removeLeads = (leads: LeadRow[], remove: boolean): ErasedLeads => {
    const erased: ErasedLeads = { leads: [], deliveries: [], mailFiles: [] }
    for (const lead of leads) {
      for (const delivery of deliveriesOf.all(lead.id)) {
        erased.deliveries.push({ id: delivery.id, kind: delivery.kind, state: delivery.state })
        if (delivery.mail_file) erased.mailFiles.push(delivery.mail_file)
      }
      // The outbox rows go with it (ON DELETE CASCADE).
      if (remove) deleteLead.run(lead.id)
      erased.leads.push({ id: lead.id, kind: lead.kind, createdAt: lead.created_at })
    }
    return erased
  }
  const erase = db.transaction((email: string): ErasedLeads => {
    const leads = db
      .prepare<[string], LeadRow>('SELECT * FROM leads WHERE lower(email) = lower(?) ORDER BY seq')
      .all(email.trim())
    return removeLeads(leads, true)
  }).immediate
  const purge = db.transaction((before: number, dryRun: boolean): PurgedLeads => {
    const leads = db
      .prepare<[number], LeadRow>(
        `SELECT * FROM leads WHERE lower(email) IN (
           SELECT lower(email) FROM leads GROUP BY lower(email) HAVING max(created_at) < ?
         ) ORDER BY seq`,
      )
      .all(before)
    const emails = [...new Set(leads.map((lead) => lead.email.toLowerCase()))]
    return { ...removeLeads(leads, !dryRun), emails }
  }).immediate
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
  const wipe = (): string | undefined => {
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
  const withWipe = <T extends ErasedLeads>(removed: T): T => {
    const leftover = wipe()
    return leftover ? { ...removed, leftover } : removed
  }

  const delivered = db.prepare(
    "UPDATE outbox SET state = 'delivered', attempts = attempts + 1, delivered_at = ?, last_error = NULL, mail_file = ? WHERE id = ?",
  )
  const attemptFailed = db.prepare(
    `UPDATE outbox SET attempts = attempts + 1, last_error = ?,
       state = CASE WHEN ? IS NULL THEN 'failed' ELSE 'pending' END,
       next_attempt_at = coalesce(?, next_attempt_at)
     WHERE id = ?`,
  )
  const finish = db.transaction((outcomes: DeliveryOutcome[]) => {
    for (const outcome of outcomes) {
      if (outcome.delivered) delivered.run(outcome.at, outcome.mailFile ?? null, outcome.id)
      else attemptFailed.run(outcome.error.slice(0, 1000), outcome.retryAt, outcome.retryAt, outcome.id)
    }
  }).immediate

  // Bookings (docs/decisions/035-bookings.md): each change one IMMEDIATE transaction, so the
  // re-check and the write are taken one after another, by this connection and any other.
  const bookingById = db.prepare<[string], BookingDbRow>(`${bookingSelect} WHERE bookings.id = ?`)
  const bookingByFormKey = db.prepare<[string], BookingDbRow>(`${bookingSelect} WHERE leads.idempotency_key = ?`)
  const bookedAfter = db.prepare<{ after: string; now: number }, { start: string; end: string }>(
    bookedCallsSql('@after', '@now'),
  )
  const releaseHolds = db.prepare<{ now: number }>(releaseHoldsSql('@now'))
  const countBookings = db.prepare<Record<(typeof bookingCountParams)[number], string | number | null>, BookingCounts>(
    bookingCountsSql((name) => `@${name}`),
  )
  const insertBookingRow = db.prepare(`
    INSERT INTO bookings (id, lead_id, start_at, end_at, time_zone, uid, sequence, status, created_at, updated_at,
      hold_expires_at, network)
    VALUES (@id, @leadId, @start, @end, @timeZone, @uid, 0, @status, @now, @now, @holdUntil, @network)`)
  const moveBooking = db.prepare(
    'UPDATE bookings SET start_at = ?, end_at = ?, sequence = sequence + 1, updated_at = ? WHERE id = ?',
  )
  const cancelRow = db.prepare(
    "UPDATE bookings SET status = 'cancelled', sequence = sequence + 1, updated_at = ? WHERE id = ?",
  )
  const confirmRow = db.prepare("UPDATE bookings SET status = 'confirmed', updated_at = ? WHERE id = ?")
  const insertEventDelivery = db.prepare(
    'INSERT INTO outbox (lead_id, kind, next_attempt_at, created_at, payload) VALUES (?, ?, ?, ?, ?)',
  )
  /** The calls the slot engine counts: held or confirmed, not yet over two days before `now` (the day cap counts whole days). */
  const bookedAround = (now: number, except?: string) =>
    bookedAfter
      .all({ after: new Date(now - 2 * 24 * 60 * 60 * 1000).toISOString(), now })
      .filter((call) => except === undefined || call.start !== except)
  const bookingOf = (id: string) => {
    const row = bookingById.get(id)
    return row ? toStoredBooking(row) : null
  }
  const writeEvent = (event: BookingEvent, kinds: readonly DeliveryKind[], now: number) => {
    const payload = JSON.stringify(event)
    for (const kind of kinds) insertEventDelivery.run(event.booking.leadId, kind, now, now, payload)
  }
  /** A refusal of the unique index (another connection's call on the slot) reads as the slot taken. */
  const slotGuard =
    <A extends unknown[]>(work: (...args: A) => BookingChange) =>
    (...args: A): BookingChange => {
      try {
        return work(...args)
      } catch (error) {
        if (isSlotTaken(error)) return { ok: false, reason: 'taken' }
        throw error
      }
    }
  const insertBooking = slotGuard(
    db.transaction((item: NewBooking, rules: BookingRules): BookingChange => {
      releaseHolds.run({ now: rules.now })
      if (item.formKey) {
        const earlier = bookingByFormKey.get(formKeyOf(item.formKey))
        if (earlier) return repeatedBooking(toStoredBooking(earlier), item)
      }
      const admission = admit(
        countBookings.get({
          email: item.lead.email,
          now: new Date(rules.now).toISOString(),
          network: item.network ?? null,
          since: rules.now - LIMIT_WINDOW_MS,
        })!,
        item.limits,
        rules.now,
      )
      if (!admission.ok) return admission
      const check = isBookable(item.start, { ...rules, booked: bookedAround(rules.now) })
      if (!check.bookable) return { ok: false, reason: check.reason }
      insertLeadRow.run(
        leadRowValues(item.leadId, item.createdAt, item.lead, item.formKey ? formKeyOf(item.formKey) : null),
      )
      insertBookingRow.run({
        id: item.bookingId,
        leadId: item.leadId,
        start: check.slot.start,
        end: check.slot.end,
        timeZone: item.timeZone,
        uid: item.uid,
        now: item.createdAt,
        status: admission.status,
        holdUntil: admission.status === 'held' ? admission.holdUntil : null,
        network: item.network ?? null,
      })
      const booking = bookingOf(item.bookingId)!
      for (const [event, kinds] of newBookingEvents(booking, admission, item)) writeEvent(event, kinds, item.createdAt)
      return { ok: true, booking }
    }).immediate,
  )
  const rescheduleBooking = slotGuard(
    db.transaction((change: BookingMove, rules: BookingRules): BookingChange => {
      releaseHolds.run({ now: rules.now })
      const before = bookingOf(change.id)
      const refused = spentReason(before, { sequence: change.sequence, now: change.now })
      if (refused) return { ok: false, reason: refused }
      const check = isBookable(change.start, { ...rules, booked: bookedAround(rules.now, before!.start) })
      if (!check.bookable) return { ok: false, reason: check.reason }
      moveBooking.run(check.slot.start, check.slot.end, change.now, change.id)
      const booking = bookingOf(change.id)!
      writeEvent(
        { event: 'rescheduled', booking, previous: { start: before!.start, end: before!.end } },
        change.deliveries,
        change.now,
      )
      return { ok: true, booking }
    }).immediate,
  )
  const cancelBooking = db.transaction((change: BookingCancel): BookingChange => {
    const refused = spentReason(bookingOf(change.id), { sequence: change.sequence, now: change.now })
    if (refused) return { ok: false, reason: refused }
    cancelRow.run(change.now, change.id)
    const booking = bookingOf(change.id)!
    writeEvent({ event: 'cancelled', booking }, change.deliveries, change.now)
    return { ok: true, booking }
  }).immediate
  const confirmBooking = db.transaction((change: BookingConfirm): BookingChange => {
    const refused = spentReason(bookingOf(change.id), { now: change.now, allowed: ['held'] })
    if (refused) return { ok: false, reason: refused }
    confirmRow.run(change.now, change.id)
    const booking = bookingOf(change.id)!
    writeEvent({ event: 'created', booking }, change.deliveries, change.now)
    return { ok: true, booking }
  }).immediate

  return {
    insertBooking,
    rescheduleBooking,
    cancelBooking: (change: BookingCancel) => cancelBooking(change),
    confirmBooking: (change: BookingConfirm) => confirmBooking(change),
    getBooking: bookingOf,
    listBookings: ({ after, status }: { after: string; status?: BookingStatus }): StoredBooking[] =>
      db
        .prepare<[string, string | null, string | null], BookingDbRow>(
          `${bookingSelect} WHERE bookings.end_at > ? AND (? IS NULL OR bookings.status = ?) ORDER BY bookings.start_at, bookings.id`,
        )
        .all(after, status ?? null, status ?? null)
        .map(toStoredBooking),
    bookedCalls: (after: string, now: number) => bookedAfter.all({ after, now }),
    insertBatch,
    claimDue: (now: number, leaseUntil: number, limit: number) => claim(now, leaseUntil, limit),
    nextDueAt: (): number | null =>
      db
        .prepare<[], { at: number | null }>("SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'")
        .get()?.at ?? null,
    finishDeliveries: (outcomes: DeliveryOutcome[]) => finish(outcomes),
    listUndelivered: (): DeliveryRow[] =>
      db
        .prepare<[], DeliveryDbRow>("SELECT * FROM outbox WHERE state IN ('pending', 'failed') ORDER BY id")
        .all()
        .map(toDeliveryRow),
    retryDelivery: (id: number, now: number): boolean =>
      db
        .prepare(
          "UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ? WHERE id = ? AND state IN ('pending', 'failed')",
        )
        .run(now, id).changes === 1,
    exportLeads: (since?: number): StoredLead[] =>
      db
        .prepare<[number], LeadRow>('SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, seq')
        .all(since ?? 0)
        .map(toStoredLead),
    // Even when nothing is found: the same command run again clears what a reader kept, or
    // what an earlier release left of an address.
    eraseByEmail: (email: string): ErasedLeads => withWipe(erase(email)),
    // The daily purge rewrites the file only when it deleted something: a VACUUM holds the write
    // lock while it copies the whole database, and most days nobody's retention ends.
    purgeLeads: (before: number, options: { dryRun?: boolean } = {}): PurgedLeads => {
      const purged = purge(before, options.dryRun ?? false)
      return options.dryRun || purged.leads.length === 0 ? purged : withWipe(purged)
    },
    countLeads: (): number => db.prepare<[], { n: number }>('SELECT count(*) AS n FROM leads').get()!.n,
    outboxBacklog: (): { pending: number; failed: number } => {
      const counts = db
        .prepare<[], { state: string; n: number }>(
          "SELECT state, count(*) AS n FROM outbox WHERE state IN ('pending', 'failed') GROUP BY state",
        )
        .all()
      return {
        pending: counts.find((row) => row.state === 'pending')?.n ?? 0,
        failed: counts.find((row) => row.state === 'failed')?.n ?? 0,
      }
    },
  }
}

export type SqliteOperations = ReturnType<typeof sqliteOperations>

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
