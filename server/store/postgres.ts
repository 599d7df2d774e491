import pg from 'pg'
import { groupCommit, type InsertOutcome } from './group-commit.ts'
import { admit, LIMIT_WINDOW_MS, type BookingCounts } from '../booking/limits.ts'
import { isBookable } from '../booking/slots.ts'
import type {
  BookingChange,
  BookingEvent,
  ClaimedDelivery,
  DeliveryKind,
  DeliveryOutcome,
  ErasedLeads,
  Store,
  NewLead,
  StoredBooking,
} from './store.ts'
import { migrationsFor } from './migrations.ts'
import {
  bookedCallsSql,
  bookingCountParams,
  bookingCountsSql,
  bookingSelect,
  formKeyOf,
  isSlotTaken,
  newBookingEvents,
  releaseHoldsSql,
  repeatedBooking,
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

/** A PostgreSQL lead store, with the pool it works on (the shared rate limiter uses it too). */
export type PostgresLeadStore = Store & { pool: pg.Pool }

/**
 * The PostgreSQL lead store (`DATABASE_URL`), for several server processes
 * behind a load balancer sharing one database
 * (docs/decisions/020-postgresql-for-several-instances.md):
 *
 * - migrations run at open under an advisory lock, so instances starting
 *   together apply each once (`migratePostgres`);
 * - inserts are committed in groups (group-commit.ts), one transaction per
 *   batch; a lead that fails is retried alone, in a transaction of its own, so
 *   the rest of its batch is kept;
 * - an idempotency key is unique across instances (`ON CONFLICT DO NOTHING`,
 *   then the first lead's id);
 * - `claimDue` takes due deliveries with `FOR UPDATE SKIP LOCKED` and leases
 *   them in the same statement: two workers never take one delivery.
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

  const inserts = groupCommit((items) => insertBatch(pool, items), maxBatch)
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await pool.query<R>(text, values)).rows

  return {
    pool,
    insertLead: (item) => inserts.insert(item),

    async claimDue(now, leaseUntil, limit) {
      const rows = await query<
        LeadRow & {
          delivery_id: number
          delivery_kind: DeliveryKind
          attempts: number
          delivery_payload: string | null
        }
      >(
        `WITH due AS (
           SELECT id, next_attempt_at AS due_at FROM outbox
           WHERE state = 'pending' AND next_attempt_at <= $1
           ORDER BY next_attempt_at, id LIMIT $3
           FOR UPDATE SKIP LOCKED
         ), claimed AS (
           UPDATE outbox SET next_attempt_at = $2 FROM due WHERE outbox.id = due.id
           RETURNING outbox.id, outbox.kind, outbox.attempts, outbox.lead_id, outbox.payload, due.due_at
         )
         SELECT claimed.id AS delivery_id, claimed.kind AS delivery_kind, claimed.attempts,
           claimed.payload AS delivery_payload, leads.*
         FROM claimed JOIN leads ON leads.id = claimed.lead_id
         ORDER BY claimed.due_at, claimed.id`,
        [now, leaseUntil, limit],
      )
      return rows.map((row): ClaimedDelivery => {
        const booking = parsePayload(row.delivery_payload)
        return {
          id: row.delivery_id,
          kind: row.delivery_kind,
          attempts: row.attempts,
          lead: toStoredLead(row),
          ...(booking ? { booking } : {}),
        }
      })
    },

    async nextDueAt() {
      const [row] = await query<{ at: number | null }>(
        "SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'",
      )
      return row?.at ?? null
    },

    async finishDeliveries(outcomes: DeliveryOutcome[]) {
      if (outcomes.length === 0) return
      // One statement for the round: each outcome a row of the unnested arrays.
      await query(
        `UPDATE outbox SET
           attempts = outbox.attempts + 1,
           state = CASE WHEN o.delivered THEN 'delivered' WHEN o.retry_at IS NULL THEN 'failed' ELSE 'pending' END,
           delivered_at = CASE WHEN o.delivered THEN o.at ELSE outbox.delivered_at END,
           last_error = CASE WHEN o.delivered THEN NULL ELSE o.error END,
           mail_file = CASE WHEN o.delivered THEN o.mail_file ELSE outbox.mail_file END,
           next_attempt_at = coalesce(o.retry_at, outbox.next_attempt_at)
         FROM unnest($1::bigint[], $2::boolean[], $3::bigint[], $4::text[], $5::text[], $6::bigint[])
           AS o (id, delivered, at, mail_file, error, retry_at)
         WHERE outbox.id = o.id`,
        [
          outcomes.map((outcome) => outcome.id),
          outcomes.map((outcome) => outcome.delivered),
          outcomes.map((outcome) => (outcome.delivered ? outcome.at : null)),
          outcomes.map((outcome) => (outcome.delivered ? (outcome.mailFile ?? null) : null)),
          outcomes.map((outcome) => (outcome.delivered ? null : outcome.error.slice(0, 1000))),
          outcomes.map((outcome) => (outcome.delivered ? null : outcome.retryAt)),
        ],
      )
    },

    async listUndelivered() {
      const rows = await query<DeliveryDbRow>("SELECT * FROM outbox WHERE state IN ('pending', 'failed') ORDER BY id")
      return rows.map(toDeliveryRow)
    },

    async retryDelivery(id, now) {
      const result = await pool.query(
        "UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = $1 WHERE id = $2 AND state IN ('pending', 'failed')",
        [now, id],
      )
      return result.rowCount === 1
    },

    async exportLeads({ since } = {}) {
      const rows = await query<LeadRow>('SELECT * FROM leads WHERE created_at >= $1 ORDER BY created_at, seq', [
        since ?? 0,
      ])
      return rows.map(toStoredLead)
    },

    eraseByEmail: (email) =>
      transaction(pool, async (client) => {
        const leads = await client.query<LeadRow>(
          'SELECT * FROM leads WHERE lower(email) = lower($1) ORDER BY seq FOR UPDATE',
          [email.trim()],
        )
        return removeLeads(client, leads.rows, true)
      }),

    purgeLeads: (before, { dryRun = false } = {}) =>
      transaction(pool, async (client) => {
        const leads = await client.query<LeadRow>(
          `SELECT * FROM leads WHERE lower(email) IN (
             SELECT lower(email) FROM leads GROUP BY lower(email) HAVING max(created_at) < $1
           ) ORDER BY seq FOR UPDATE`,
          [before],
        )
        const emails = [...new Set(leads.rows.map((lead) => lead.email.toLowerCase()))]
        return { ...(await removeLeads(client, leads.rows, !dryRun)), emails }
      }),

    insertBooking: (item, rules) =>
      bookingTransaction(pool, async (client) => {
        await client.query(releaseHoldsSql('$1'), [rules.now])
        if (item.formKey) {
          const earlier = await client.query<BookingDbRow>(`${bookingSelect} WHERE leads.idempotency_key = $1`, [
            formKeyOf(item.formKey),
          ])
          if (earlier.rows[0]) return repeatedBooking(toStoredBooking(earlier.rows[0]), item)
        }
        const values = {
          email: item.lead.email,
          now: new Date(rules.now).toISOString(),
          network: item.network ?? null,
          since: rules.now - LIMIT_WINDOW_MS,
        }
        const counts = await client.query<BookingCounts>(
          bookingCountsSql((name) => `$${bookingCountParams.indexOf(name) + 1}`),
          bookingCountParams.map((name) => values[name]),
        )
        const admission = admit(counts.rows[0]!, item.limits, rules.now)
        if (!admission.ok) return admission
        const check = isBookable(item.start, { ...rules, booked: await bookedAround(client, rules.now) })
        if (!check.bookable) return { ok: false, reason: check.reason }
        await client.query(
          `INSERT INTO leads (${leadColumns}) VALUES (${leadTypes.map((_, i) => `$${i + 1}`).join(', ')})`,
          Object.values(
            leadRowValues(item.leadId, item.createdAt, item.lead, item.formKey ? formKeyOf(item.formKey) : null),
          ),
        )
        await client.query(
          `INSERT INTO bookings (id, lead_id, start_at, end_at, time_zone, uid, sequence, status, created_at, updated_at,
             hold_expires_at, network)
           VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $8, $9, $10)`,
          [
            item.bookingId,
            item.leadId,
            check.slot.start,
            check.slot.end,
            item.timeZone,
            item.uid,
            admission.status,
            item.createdAt,
            admission.status === 'held' ? admission.holdUntil : null,
            item.network ?? null,
          ],
        )
        const booking = (await bookingOf(client, item.bookingId))!
        for (const [event, kinds] of newBookingEvents(booking, admission, item))
          await writeEvent(client, event, kinds, item.createdAt)
        return { ok: true, booking }
      }),

    rescheduleBooking: (change, rules) =>
      bookingTransaction(pool, async (client) => {
        await client.query(releaseHoldsSql('$1'), [rules.now])
        const before = await bookingOf(client, change.id)
        const refused = spentReason(before, { sequence: change.sequence, now: change.now })
        if (refused) return { ok: false, reason: refused }
        const booked = (await bookedAround(client, rules.now)).filter((call) => call.start !== before!.start)
        const check = isBookable(change.start, { ...rules, booked })
        if (!check.bookable) return { ok: false, reason: check.reason }
        await client.query(
          'UPDATE bookings SET start_at = $1, end_at = $2, sequence = sequence + 1, updated_at = $3 WHERE id = $4',
          [check.slot.start, check.slot.end, change.now, change.id],
        )
        const booking = (await bookingOf(client, change.id))!
        await writeEvent(
          client,
          { event: 'rescheduled', booking, previous: { start: before!.start, end: before!.end } },
          change.deliveries,
          change.now,
        )
        return { ok: true, booking }
      }),

    cancelBooking: (change) =>
      bookingTransaction(pool, async (client) => {
        const refused = spentReason(await bookingOf(client, change.id), { sequence: change.sequence, now: change.now })
        if (refused) return { ok: false, reason: refused }
        await client.query(
          "UPDATE bookings SET status = 'cancelled', sequence = sequence + 1, updated_at = $1 WHERE id = $2",
          [change.now, change.id],
        )
        const booking = (await bookingOf(client, change.id))!
        await writeEvent(client, { event: 'cancelled', booking }, change.deliveries, change.now)
        return { ok: true, booking }
      }),

    confirmBooking: (change) =>
      bookingTransaction(pool, async (client) => {
        const refused = spentReason(await bookingOf(client, change.id), { now: change.now, allowed: ['held'] })
        if (refused) return { ok: false, reason: refused }
        await client.query("UPDATE bookings SET status = 'confirmed', updated_at = $1 WHERE id = $2", [
          change.now,
          change.id,
        ])
        const booking = (await bookingOf(client, change.id))!
        await writeEvent(client, { event: 'created', booking }, change.deliveries, change.now)
        return { ok: true, booking }
      }),

    async getBooking(id) {
      const rows = await query<BookingDbRow>(`${bookingSelect} WHERE bookings.id = $1`, [id])
      return rows[0] ? toStoredBooking(rows[0]) : null
    },

    async listBookings({ after, status }) {
      const rows = await query<BookingDbRow>(
        `${bookingSelect} WHERE bookings.end_at > $1 AND ($2::text IS NULL OR bookings.status = $2)
         ORDER BY bookings.start_at, bookings.id`,
        [after, status ?? null],
      )
      return rows.map(toStoredBooking)
    },

    bookedCalls: (after, now) => query<{ start: string; end: string }>(bookedCallsSql('$1', '$2'), [after, now]),

    async countLeads() {
      return (await query<{ n: number }>('SELECT count(*) AS n FROM leads'))[0]!.n
    },

    async outboxBacklog() {
      const counts = await query<{ state: string; n: number }>(
        "SELECT state, count(*) AS n FROM outbox WHERE state IN ('pending', 'failed') GROUP BY state",
      )
      return {
        pending: counts.find((row) => row.state === 'pending')?.n ?? 0,
        failed: counts.find((row) => row.state === 'failed')?.n ?? 0,
      }
    },

    async close() {
      await inserts.flush()
      await pool.end()
    },
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
export async function migratePostgres(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect()
  const ran: string[] = []
  try {
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
  } finally {
    client.release()
  }
  return ran
}

/** What `leads` and their deliveries are; with `remove`, deleted too. Inside the caller's transaction. */
async function removeLeads(client: pg.PoolClient, leads: LeadRow[], remove: boolean): Promise<ErasedLeads> {
  const erased: ErasedLeads = { leads: [], deliveries: [], mailFiles: [] }
  for (const lead of leads) {
    const deliveries = (
      await client.query<{ id: number; kind: DeliveryKind; state: string; mail_file: string | null }>(
        'SELECT id, kind, state, mail_file FROM outbox WHERE lead_id = $1 ORDER BY id',
        [lead.id],
      )
    ).rows
    for (const delivery of deliveries) {
      erased.deliveries.push({ id: delivery.id, kind: delivery.kind, state: delivery.state })
      if (delivery.mail_file) erased.mailFiles.push(delivery.mail_file)
    }
    // The outbox rows go with it (ON DELETE CASCADE).
    if (remove) await client.query('DELETE FROM leads WHERE id = $1', [lead.id])
    erased.leads.push({ id: lead.id, kind: lead.kind, createdAt: lead.created_at })
  }
  return erased
}

/** A constant of this application for pg_advisory_xact_lock: held by each booking change until it commits. */
const BOOKING_LOCK = 4_120_661_026

/**
 * A booking change (docs/decisions/035-bookings.md): in a transaction that
 * first takes the bookings' advisory lock, so changes from every instance are
 * checked and written one after another; the unique index on a confirmed
 * call's start refuses a second call on a slot whatever happens, read here as
 * the slot taken.
 */
async function bookingTransaction(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<BookingChange>,
): Promise<BookingChange> {
  try {
    return await transaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [BOOKING_LOCK])
      return work(client)
    })
  } catch (error) {
    if (isSlotTaken(error)) return { ok: false, reason: 'taken' }
    throw error
  }
}

async function bookingOf(client: pg.PoolClient, id: string): Promise<StoredBooking | null> {
  const rows = (await client.query<BookingDbRow>(`${bookingSelect} WHERE bookings.id = $1`, [id])).rows
  return rows[0] ? toStoredBooking(rows[0]) : null
}

/** The calls the slot engine counts: held or confirmed, not over two days before `now` (the day cap counts whole days). */
async function bookedAround(client: pg.PoolClient, now: number) {
  return (
    await client.query<{ start: string; end: string }>(bookedCallsSql('$1', '$2'), [
      new Date(now - 2 * 24 * 60 * 60 * 1000).toISOString(),
      now,
    ])
  ).rows
}

async function writeEvent(client: pg.PoolClient, event: BookingEvent, kinds: readonly DeliveryKind[], now: number) {
  const payload = JSON.stringify(event)
  for (const kind of kinds) {
    await client.query(
      'INSERT INTO outbox (lead_id, kind, next_attempt_at, created_at, payload) VALUES ($1, $2, $3, $3, $4)',
      [event.booking.leadId, kind, now, payload],
    )
  }
}

/** Runs `work` in a transaction on one connection: committed when it resolves, rolled back when it throws. */
async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    try {
      const result = await work(client)
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    }
  } finally {
    client.release()
  }
}

/**
 * A batch in one transaction, one commit, one statement for all its leads
 * (`insertMany`). When the statement fails over a lead's data (a duplicate
 * id, a value out of range) or a clash with another instance (a deadlock on
 * the same keys), each lead is tried again in a transaction of its own: the
 * one that fails is refused alone. Anything else (the connection lost, the
 * database down) and a failed COMMIT, whose outcome is unknown, reject the
 * whole batch.
 */
async function insertBatch(pool: pg.Pool, items: NewLead[]): Promise<InsertOutcome[]> {
  let statementsDone = false
  try {
    return await transaction(pool, async (client) => {
      const outcomes = await insertMany(client, items)
      statementsDone = true
      return outcomes.map((value): InsertOutcome => ({ ok: true, value }))
    })
  } catch (error) {
    if (statementsDone || !aboutTheData(error)) throw error
  }
  const outcomes: InsertOutcome[] = []
  for (const item of items) {
    try {
      outcomes.push({ ok: true, value: await transaction(pool, (client) => insertOne(client, item)) })
    } catch (error) {
      outcomes.push({ ok: false, error: error instanceof Error ? error.message : String(error) })
    }
  }
  return outcomes
}

/**
 * An error of the SQL over what was inserted: SQLSTATE class 22 (data
 * exception), 23 (integrity constraint) or 40 (transaction rollback: deadlock,
 * serialization).
 */
function aboutTheData(error: unknown): boolean {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && /^(22|23|40)[0-9A-Z]{3}$/.test(code)
}

/** The columns of a lead row, in the order of the INSERTs below. */
function leadValues(item: NewLead): unknown[] {
  return Object.values(leadRowValues(item.id, item.createdAt, item.lead, item.idempotencyKey ?? null))
}

const leadColumns = `id, created_at, kind, email, name, company, service, budget, message, topic, page,
  referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, idempotency_key, phone`
const leadTypes = [
  'text',
  'bigint',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
  'text',
]

/**
 * Every lead of a batch and their outbox rows in one statement: the columns as
 * arrays, unnested in order. A key already stored (or twice in the batch)
 * inserts nothing; those leads get the first lead's id from a second query.
 */
async function insertMany(client: pg.PoolClient, items: NewLead[]): Promise<{ id: string; created: boolean }[]> {
  const rows = items.map(leadValues)
  const columns = leadTypes.map((_, column) => rows.map((row) => row[column]))
  const inserted = await client.query<{ id: string }>({
    name: 'insert-leads',
    text: `WITH input AS (
             SELECT * FROM unnest(${leadTypes.map((type, i) => `$${i + 1}::${type}[]`).join(', ')}, $${leadTypes.length + 1}::text[])
               WITH ORDINALITY AS input (${leadColumns}, deliveries, n)
           ), new AS (
             INSERT INTO leads (${leadColumns})
             SELECT ${leadColumns} FROM input ORDER BY n
             ON CONFLICT (idempotency_key) DO NOTHING
             RETURNING id
           ), deliveries AS (
             INSERT INTO outbox (lead_id, kind, next_attempt_at, created_at)
             SELECT input.id, delivery.kind, input.created_at, input.created_at
             FROM input JOIN new ON new.id = input.id
               CROSS JOIN LATERAL unnest(string_to_array(input.deliveries, ',')) WITH ORDINALITY AS delivery (kind, k)
             ORDER BY input.n, delivery.k
           )
           SELECT id FROM new`,
    values: [...columns, items.map((item) => item.deliveries.join(','))],
  })
  const created = new Set(inserted.rows.map((row) => row.id))
  const keysTaken = items.filter((item) => !created.has(item.id)).map((item) => item.idempotencyKey)
  const byKey = new Map<string, string>()
  if (keysTaken.length > 0) {
    // Perhaps taken by another instance's transaction that committed while this statement
    // waited for it: a new statement (a new snapshot) sees that lead.
    const found = await client.query<{ id: string; idempotency_key: string }>({
      name: 'leads-by-keys',
      text: 'SELECT id, idempotency_key FROM leads WHERE idempotency_key = ANY($1::text[])',
      values: [keysTaken],
    })
    for (const row of found.rows) byKey.set(row.idempotency_key, row.id)
  }
  return items.map((item) => {
    if (created.has(item.id)) return { id: item.id, created: true }
    const id = item.idempotencyKey === undefined ? undefined : byKey.get(item.idempotencyKey)
    if (!id) throw new Error('The idempotency key conflicted with no stored lead')
    return { id, created: false }
  })
}

/** One lead and its outbox rows, or, with an idempotency key already stored, the first lead's id. */
async function insertOne(client: pg.PoolClient, item: NewLead): Promise<{ id: string; created: boolean }> {
  return (await insertMany(client, [item]))[0]!
}
