import { describe, expect, test } from 'vitest'
import { loadAvailability } from '../booking/availability.ts'
import type { BookingRules, Store, NewBooking, NewLead } from './store.ts'

/** What the suite needs of an implementation. */
export interface StoreUnderTest {
  /**
   * A store over a new, empty database, and a way to open another store over
   * the same database (another connection, as a second process would have).
   * The suite closes every store it opens.
   */
  fresh(options?: { maxBatch?: number }): Promise<{ store: Store; another: () => Promise<Store> }>
}

let n = 0
function newLead(extra: Partial<NewLead> = {}): NewLead {
  n += 1
  return {
    lead: { kind: 'popup', email: `visitor-${n}@example.com` },
    id: `lead-${n}-${Math.random().toString(36).slice(2, 8)}`,
    createdAt: 1_800_000_000_000 + n,
    deliveries: ['checklist-mail', 'notify-mail'],
    ...extra,
  }
}

/**
 * The behaviour every `Store` must have (server/store/store.ts), run
 * on each implementation against a real database: `sqlite.test.ts` and
 * `postgres.test.ts`.
 */
export function leadStoreSuite(name: string, under: StoreUnderTest) {
  describe(`${name} lead store`, () => {
    test('a burst of concurrent inserts: all committed, each answer after its commit, with its outbox rows', async () => {
      const { store, another } = await under.fresh({ maxBatch: 64 })
      const leads = Array.from({ length: 300 }, () => newLead())
      const answers = await Promise.all(leads.map((lead) => store.insertLead(lead)))
      expect(answers).toEqual(leads.map((lead) => ({ id: lead.id, created: true })))
      // Another connection sees every one of them as soon as the promises resolved.
      const other = await another()
      expect(await other.countLeads()).toBe(300)
      expect(await other.outboxBacklog()).toEqual({ pending: 600, failed: 0 })
      await other.close()
      await store.close()
    })

    test('the same idempotency key in one batch and across batches is one lead', async () => {
      const { store } = await under.fresh()
      const key = 'retry-key-1'
      const first = newLead({ idempotencyKey: key })
      const answers = await Promise.all([store.insertLead(first), store.insertLead(newLead({ idempotencyKey: key }))])
      expect(answers).toEqual([
        { id: first.id, created: true },
        { id: first.id, created: false },
      ])
      expect(await store.insertLead(newLead({ idempotencyKey: key }))).toEqual({ id: first.id, created: false })
      expect(await store.countLeads()).toBe(1)
      expect(await store.outboxBacklog()).toEqual({ pending: 2, failed: 0 })
      await store.close()
    })

    test('the same keys sent through two stores at once: each one lead, both answers naming it', async () => {
      const { store, another } = await under.fresh()
      const other = await another()
      const keys = Array.from({ length: 40 }, (_, i) => `both-${i}`)
      const answers = await Promise.all(
        keys.flatMap((key) => [
          store.insertLead(newLead({ idempotencyKey: key })),
          other.insertLead(newLead({ idempotencyKey: key })),
        ]),
      )
      for (let i = 0; i < keys.length; i += 1) {
        const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!]
        expect(a.id).toBe(b.id)
        expect([a.created, b.created].sort()).toEqual([false, true])
      }
      expect(await store.countLeads()).toBe(keys.length)
      expect(await other.outboxBacklog()).toEqual({ pending: 2 * keys.length, failed: 0 })
      await other.close()
      await store.close()
    })

    test('a lead that cannot be stored fails alone; the rest of its batch is kept', async () => {
      const { store } = await under.fresh()
      const good = newLead()
      const results = await Promise.allSettled([
        store.insertLead(good),
        store.insertLead({ ...newLead(), id: good.id }), // the same id twice
        store.insertLead(newLead()),
      ])
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
      expect(await store.countLeads()).toBe(2)
      expect(await store.outboxBacklog()).toEqual({ pending: 4, failed: 0 })
      await store.close()
    })

    test('close commits what is still queued', async () => {
      const { store, another } = await under.fresh()
      const inserted = Array.from({ length: 20 }, () => store.insertLead(newLead()))
      await store.close()
      await Promise.all(inserted)
      const other = await another()
      expect(await other.countLeads()).toBe(20)
      await other.close()
    })

    test('the outbox: claims lease rows, results are recorded, failed ones can be retried', async () => {
      const { store } = await under.fresh()
      const lead = newLead()
      await store.insertLead(lead)
      const now = lead.createdAt
      const claimed = await store.claimDue(now, now + 60_000, 10)
      expect(claimed.map((delivery) => delivery.kind)).toEqual(['checklist-mail', 'notify-mail'])
      expect(claimed[0]!.lead).toMatchObject({ id: lead.id, email: lead.lead.email, kind: 'popup', createdAt: now })
      // Leased: not due again until the lease ends.
      expect(await store.claimDue(now + 1, now + 60_000, 10)).toEqual([])
      expect(await store.nextDueAt()).toBe(now + 60_000)

      const [mail, notice] = claimed
      await store.finishDeliveries([
        { id: mail!.id, delivered: true, at: now + 5, mailFile: '/tmp/mail.eml' },
        { id: notice!.id, delivered: false, error: 'SMTP down', retryAt: null },
      ])
      const undelivered = await store.listUndelivered()
      expect(undelivered).toMatchObject([{ id: notice!.id, state: 'failed', attempts: 1, lastError: 'SMTP down' }])
      expect(await store.outboxBacklog()).toEqual({ pending: 0, failed: 1 })
      expect(await store.nextDueAt()).toBeNull()
      expect(await store.retryDelivery(notice!.id, now + 10)).toBe(true)
      expect(await store.retryDelivery(mail!.id, now + 10)).toBe(false) // delivered already
      expect(await store.claimDue(now + 10, now + 60_000, 10)).toMatchObject([{ id: notice!.id, attempts: 0 }])

      // A failed try with a retry time: pending again, due then.
      await store.finishDeliveries([{ id: notice!.id, delivered: false, error: 'timeout', retryAt: now + 500 }])
      expect(await store.listUndelivered()).toMatchObject([
        { id: notice!.id, state: 'pending', attempts: 1, lastError: 'timeout', nextAttemptAt: now + 500 },
      ])
      expect(await store.claimDue(now + 499, now + 60_000, 10)).toEqual([])
      expect(await store.claimDue(now + 500, now + 60_000, 10)).toHaveLength(1)
      // The mail file of a delivered mail is what erasure removes.
      expect((await store.eraseByEmail(lead.lead.email)).mailFiles).toEqual(['/tmp/mail.eml'])
      await store.close()
    })

    test('two stores claiming at once take each due delivery once', async () => {
      const { store, another } = await under.fresh()
      const other = await another()
      const leads = Array.from({ length: 60 }, () => newLead())
      await Promise.all(leads.map((lead) => store.insertLead(lead)))
      const now = 1_900_000_000_000
      const rounds = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? store : other).claimDue(now, now + 60_000, 20)),
      )
      const ids = rounds.flat().map((delivery) => delivery.id)
      expect(ids).toHaveLength(120)
      expect(new Set(ids).size).toBe(120)
      expect(await store.claimDue(now, now + 60_000, 20)).toEqual([])
      await other.close()
      await store.close()
    })

    test('export: oldest first, from a time on, every field', async () => {
      const { store } = await under.fresh()
      const contact = newLead({
        lead: {
          kind: 'contact',
          email: 'grace@example.org',
          name: 'Grace Hopper',
          company: 'Navy Labs',
          service: 'analytics',
          budget: '15k-50k',
          message: 'Hello',
          topic: 'audit',
          websiteUrl: 'https://navy-labs.example/',
          page: '/contact',
          referrerHost: 'www.google.com',
          utm_source: 'newsletter',
        },
        createdAt: 2_000_000_000_000,
      })
      const older = newLead({ createdAt: 1_999_999_999_000 })
      await store.insertLead(contact)
      await store.insertLead(older)
      expect((await store.exportLeads()).map((lead) => lead.id)).toEqual([older.id, contact.id])
      expect(await store.exportLeads({ since: 2_000_000_000_000 })).toEqual([
        {
          id: contact.id,
          createdAt: 2_000_000_000_000,
          kind: 'contact',
          email: 'grace@example.org',
          name: 'Grace Hopper',
          company: 'Navy Labs',
          service: 'analytics',
          budget: '15k-50k',
          message: 'Hello',
          topic: 'audit',
          page: '/contact',
          referrerHost: 'www.google.com',
          utm_source: 'newsletter',
          utm_medium: null,
          utm_campaign: null,
          utm_term: null,
          utm_content: null,
          phone: null,
          websiteUrl: 'https://navy-labs.example/',
          auditReport: null,
          auditScore: null,
        },
      ])
      await store.close()
    })

    test('erasure removes every lead of an address, in any case, with its deliveries', async () => {
      const { store } = await under.fresh()
      const first = newLead({ lead: { kind: 'popup', email: 'Ada@Example.com' } })
      const second = newLead({ lead: { kind: 'popup', email: 'ada@example.com' } })
      const kept = newLead({ lead: { kind: 'popup', email: 'nada@example.com' } })
      for (const lead of [first, second, kept]) await store.insertLead(lead)
      const erased = await store.eraseByEmail(' ADA@example.com ')
      expect(erased.leads.map((lead) => lead.id)).toEqual([first.id, second.id])
      expect(erased.deliveries).toHaveLength(4)
      expect(erased.deliveries.every((delivery) => delivery.state === 'pending')).toBe(true)
      expect((await store.exportLeads()).map((lead) => lead.id)).toEqual([kept.id])
      expect(await store.outboxBacklog()).toEqual({ pending: 2, failed: 0 })
      await store.close()
    })

    test('purge: every lead of an address whose latest lead is older than the cutoff, with its deliveries', async () => {
      const { store } = await under.fresh()
      const cutoff = 2_000_000_000_000
      // Both of Ada's leads are older: both go.
      const adaFirst = newLead({ lead: { kind: 'popup', email: 'Ada@Example.com' }, createdAt: cutoff - 90_000 })
      const adaLast = newLead({ lead: { kind: 'popup', email: 'ada@example.com' }, createdAt: cutoff - 1 })
      // Grace wrote again since: her old lead stays with the new one.
      const graceOld = newLead({ lead: { kind: 'popup', email: 'grace@example.org' }, createdAt: cutoff - 50_000 })
      const graceNew = newLead({ lead: { kind: 'popup', email: 'GRACE@example.org' }, createdAt: cutoff + 10 })
      // Exactly at the cutoff is not older.
      const lin = newLead({ lead: { kind: 'popup', email: 'lin@example.net' }, createdAt: cutoff })
      for (const lead of [adaFirst, graceOld, adaLast, graceNew, lin]) await store.insertLead(lead)
      const [delivered] = await store.claimDue(adaFirst.createdAt, adaFirst.createdAt + 60_000, 1)
      await store.finishDeliveries([{ id: delivered!.id, delivered: true, at: cutoff, mailFile: '/tmp/ada.eml' }])

      // A dry run names the same and deletes nothing.
      const planned = await store.purgeLeads(cutoff, { dryRun: true })
      expect(planned.leads.map((lead) => lead.id)).toEqual([adaFirst.id, adaLast.id])
      expect(await store.countLeads()).toBe(5)

      const purged = await store.purgeLeads(cutoff)
      expect(purged).toEqual(planned)
      expect(purged.leads).toEqual([
        { id: adaFirst.id, kind: 'popup', createdAt: adaFirst.createdAt },
        { id: adaLast.id, kind: 'popup', createdAt: adaLast.createdAt },
      ])
      expect(purged.deliveries.map((delivery) => delivery.state)).toEqual([
        'delivered',
        'pending',
        'pending',
        'pending',
      ])
      expect(purged.mailFiles).toEqual(['/tmp/ada.eml'])
      expect(purged.emails).toEqual(['ada@example.com'])
      expect((await store.exportLeads()).map((lead) => lead.id)).toEqual([graceOld.id, lin.id, graceNew.id])
      expect(await store.outboxBacklog()).toEqual({ pending: 6, failed: 0 })
      expect(await store.purgeLeads(cutoff)).toEqual({
        leads: [],
        deliveries: [],
        mailFiles: [],
        auditReports: [],
        emails: [],
      })
      await store.close()
    })
  })
}

/** The sample settings (server/booking/availability.yaml): New York, 09:00-12:00 and 13:00-17:00 Monday to Thursday, 15-minute buffers. */
const settings = loadAvailability()
/** Monday 2026-11-30, 07:00 in New York. */
const mondayMorning = Date.parse('2026-11-30T12:00:00Z')
const rules: BookingRules = { settings, now: mondayMorning, busy: [] }
/** Wednesday 2026-12-02 09:00 in New York, the first slot of the day, and the slots after it. */
const nine = '2026-12-02T14:00:00.000Z'
const nineThirty = '2026-12-02T14:30:00.000Z'
const ten = '2026-12-02T15:00:00.000Z'

let bookings = 0
function newBooking(start: string, extra: Partial<NewBooking> = {}): NewBooking {
  bookings += 1
  return {
    lead: {
      kind: 'booking',
      name: `Visitor ${bookings}`,
      email: `booker-${bookings}@example.com`,
      company: 'Acme Rockets',
      note: 'Paid search',
      page: '/book',
    },
    leadId: `booking-lead-${bookings}-${Math.random().toString(36).slice(2, 8)}`,
    bookingId: `booking-${bookings}-${Math.random().toString(36).slice(2, 8)}`,
    uid: `uid-${bookings}-${Math.random().toString(36).slice(2, 8)}@northpeak.example`,
    start,
    timeZone: 'Europe/Berlin',
    createdAt: mondayMorning,
    deliveries: ['booking-invite', 'booking-notice'],
    // Off unless a test is about them: the tests below book many calls from nowhere in particular.
    limits: { perNetworkPerDay: 0, surgePerDay: 0 },
    ...extra,
  }
}

/** The bookings behaviour of every `Store` (docs/decisions/035-bookings.md). */
export function bookingStoreSuite(name: string, under: StoreUnderTest) {
  describe(`${name} bookings`, () => {
    test("a phone call's number is kept with the booking, read back with it and exported with its lead (docs/decisions/048-the-call-its-host-and-how-it-happens.md)", async () => {
      const { store } = await under.fresh()
      const item = newBooking('2026-12-03T14:00:00.000Z')
      const booked = await store.insertBooking({ ...item, lead: { ...item.lead, phone: '+1 512 555 0142' } }, rules)
      expect(booked).toMatchObject({ ok: true, booking: { phone: '+1 512 555 0142' } })
      expect((await store.getBooking(item.bookingId))?.phone).toBe('+1 512 555 0142')
      expect((await store.exportLeads()).find((lead) => lead.id === item.leadId)?.phone).toBe('+1 512 555 0142')
      await store.close()
    })

    test('a booking is a lead with its call and its deliveries; a second call on the slot or its buffers is refused', async () => {
      const { store } = await under.fresh()
      const item = newBooking(nine)
      const first = await store.insertBooking(item, rules)
      expect(first).toEqual({
        ok: true,
        booking: {
          id: item.bookingId,
          leadId: item.leadId,
          start: nine,
          end: '2026-12-02T14:30:00.000Z',
          timeZone: 'Europe/Berlin',
          uid: item.uid,
          sequence: 0,
          status: 'confirmed',
          createdAt: mondayMorning,
          updatedAt: mondayMorning,
          holdExpiresAt: null,
          name: item.lead.name,
          email: item.lead.email,
          company: 'Acme Rockets',
          note: 'Paid search',
          phone: null,
        },
      })
      // The same slot, and the next one (inside the 15-minute buffers), are taken; an hour later is free.
      expect(await store.insertBooking(newBooking(nine), rules)).toEqual({ ok: false, reason: 'taken' })
      expect(await store.insertBooking(newBooking(nineThirty), rules)).toEqual({ ok: false, reason: 'taken' })
      expect(await store.insertBooking(newBooking('2026-12-02T14:10:00.000Z'), rules)).toEqual({
        ok: false,
        reason: 'not-a-slot',
      })
      expect(await store.insertBooking(newBooking('2026-11-30T14:00:00.000Z'), rules)).toEqual({
        ok: false,
        reason: 'too-soon',
      })
      expect((await store.insertBooking(newBooking(ten), rules)).ok).toBe(true)
      // Refused bookings stored nothing: two leads, two bookings, four deliveries.
      expect(await store.countLeads()).toBe(2)
      expect(await store.outboxBacklog()).toEqual({ pending: 4, failed: 0 })
      expect((await store.listBookings({ after: '2026-11-30T00:00:00.000Z' })).map((b) => b.start)).toEqual([nine, ten])
      expect(await store.bookedCalls('2026-11-30T00:00:00.000Z', mondayMorning)).toEqual([
        { start: nine, end: nineThirty },
        { start: ten, end: '2026-12-02T15:30:00.000Z' },
      ])

      // The lead is exported as a booking, its note as the message.
      const [lead] = await store.exportLeads()
      expect(lead).toMatchObject({
        id: item.leadId,
        kind: 'booking',
        name: item.lead.name,
        email: item.lead.email,
        company: 'Acme Rockets',
        message: 'Paid search',
        page: '/book',
      })
      // Each delivery carries the event and the booking as it was.
      const claimed = await store.claimDue(mondayMorning, mondayMorning + 60_000, 10)
      expect(
        claimed.slice(0, 2).map((delivery) => [delivery.kind, delivery.booking?.event, delivery.booking?.booking.uid]),
      ).toEqual([
        ['booking-invite', 'created', item.uid],
        ['booking-notice', 'created', item.uid],
      ])
      expect(claimed[0]!.lead.kind).toBe('booking')
      await store.close()
    })

    test('fifty bookings of one slot at once, through two stores: exactly one is stored', async () => {
      const { store, another } = await under.fresh()
      const other = await another()
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? store : other).insertBooking(newBooking(nine), rules)),
      )
      expect(results.filter((result) => result.ok)).toHaveLength(1)
      expect(results.filter((result) => !result.ok && result.reason === 'taken')).toHaveLength(49)
      expect(await store.countLeads()).toBe(1)
      expect(await other.bookedCalls('2026-11-30T00:00:00.000Z', mondayMorning)).toEqual([
        { start: nine, end: nineThirty },
      ])
      await other.close()
      await store.close()
    })

    test('a reschedule keeps the UID and raises the sequence; a change at an old sequence or after the cancellation is refused', async () => {
      const { store } = await under.fresh()
      const item = newBooking(nine)
      await store.insertBooking(item, rules)
      const moved = await store.rescheduleBooking(
        { id: item.bookingId, sequence: 0, start: ten, now: mondayMorning + 1000, deliveries: ['booking-invite'] },
        rules,
      )
      expect(moved).toMatchObject({
        ok: true,
        booking: { uid: item.uid, sequence: 1, start: ten, status: 'confirmed' },
      })
      // The link of sequence 0 is spent.
      expect(
        await store.rescheduleBooking(
          { id: item.bookingId, sequence: 0, start: nine, now: mondayMorning + 2000, deliveries: [] },
          rules,
        ),
      ).toEqual({ ok: false, reason: 'changed' })
      expect(
        await store.cancelBooking({ id: item.bookingId, sequence: 0, now: mondayMorning, deliveries: [] }),
      ).toEqual({
        ok: false,
        reason: 'changed',
      })
      // Moving to the slot next to itself: its own buffers do not count against it.
      expect(
        await store.rescheduleBooking(
          {
            id: item.bookingId,
            sequence: 1,
            start: '2026-12-02T15:30:00.000Z',
            now: mondayMorning + 3000,
            deliveries: [],
          },
          rules,
        ),
      ).toMatchObject({ ok: true, booking: { sequence: 2 } })
      // The old slot is free again.
      expect((await store.insertBooking(newBooking(nine), rules)).ok).toBe(true)

      const cancelled = await store.cancelBooking({
        id: item.bookingId,
        sequence: 2,
        now: mondayMorning + 4000,
        deliveries: ['booking-invite'],
      })
      expect(cancelled).toMatchObject({ ok: true, booking: { status: 'cancelled', sequence: 3, uid: item.uid } })
      expect(await store.cancelBooking({ id: item.bookingId, now: mondayMorning, deliveries: [] })).toEqual({
        ok: false,
        reason: 'cancelled',
      })
      expect(
        await store.rescheduleBooking(
          { id: item.bookingId, sequence: 3, start: ten, now: mondayMorning, deliveries: [] },
          rules,
        ),
      ).toEqual({ ok: false, reason: 'cancelled' })
      expect(await store.cancelBooking({ id: 'no-such-booking', now: mondayMorning, deliveries: [] })).toEqual({
        ok: false,
        reason: 'not-found',
      })
      // The cancelled call's slot can be booked again; the cancelled row stays, listed as such.
      expect((await store.insertBooking(newBooking('2026-12-02T15:30:00.000Z'), rules)).ok).toBe(true)
      const listed = await store.listBookings({ after: '2026-11-30T00:00:00.000Z' })
      expect(listed.map((booking) => [booking.start, booking.status])).toEqual([
        [nine, 'confirmed'],
        ['2026-12-02T15:30:00.000Z', 'cancelled'],
        ['2026-12-02T15:30:00.000Z', 'confirmed'],
      ])
      expect((await store.listBookings({ after: '2026-11-30T00:00:00.000Z', status: 'confirmed' })).length).toBe(2)

      // The deliveries: created, rescheduled (with the former time), cancelled.
      const events = (await store.claimDue(mondayMorning + 5000, mondayMorning + 60_000, 20))
        .filter((delivery) => delivery.lead.id === item.leadId && delivery.kind === 'booking-invite')
        .map((delivery) => [
          delivery.booking!.event,
          delivery.booking!.booking.sequence,
          delivery.booking!.previous?.start,
        ])
      expect(events).toEqual([
        ['created', 0, undefined],
        ['rescheduled', 1, nine],
        ['cancelled', 3, undefined],
      ])
      await store.close()
    })

    test('audit reports: kept until they expire, reused by address within a day, erased with the lead that sent one', async () => {
      const { store } = await under.fresh()
      const day = 24 * 60 * 60 * 1000
      const at = 1_800_000_000_000
      const report = (id: string, url: string, createdAt: number) => ({
        id,
        createdAt,
        expiresAt: createdAt + 30 * day,
        result: {
          requestedUrl: url,
          url,
          score: 62,
          categories: [],
          findings: [],
          top: [],
          fieldData: null,
          checkedAt: createdAt,
        },
      })
      await store.insertAuditReport(report('report-aaaaaaaaaaaaaaaa', 'https://shop.example/', at))
      await store.insertAuditReport(report('report-bbbbbbbbbbbbbbbb', 'https://shop.example/', at + 1000))
      await store.insertAuditReport(report('report-cccccccccccccccc', 'https://other.example/', at))
      expect(await store.getAuditReport('report-aaaaaaaaaaaaaaaa', at + day)).toEqual(
        report('report-aaaaaaaaaaaaaaaa', 'https://shop.example/', at),
      )
      // The latest of the address, while it is younger than `since`.
      expect((await store.recentAuditResult('https://shop.example/', at))?.checkedAt).toBe(at + 1000)
      expect(await store.recentAuditResult('https://shop.example/', at + 2000)).toBeNull()
      // Expired: gone from its address at once, deleted by the purge.
      expect(await store.getAuditReport('report-aaaaaaaaaaaaaaaa', at + 30 * day)).toBeNull()
      expect(await store.purgeAuditReports(at + 30 * day)).toBe(2)
      expect(await store.getAuditReport('report-bbbbbbbbbbbbbbbb', at + 30 * day)).not.toBeNull()

      // A lead sent with a report carries its score; erasing the address deletes the report.
      await store.insertLead(
        newLead({
          lead: {
            kind: 'contact',
            name: 'Ada',
            email: 'Ada@Shop.example',
            websiteUrl: 'https://shop.example/',
            topic: 'audit',
            auditReport: 'report-bbbbbbbbbbbbbbbb',
          },
        }),
      )
      const [lead] = await store.exportLeads()
      expect(lead).toMatchObject({ auditReport: 'report-bbbbbbbbbbbbbbbb', auditScore: 62 })
      const erased = await store.eraseByEmail('ada@shop.example')
      expect(erased.auditReports).toEqual(['report-bbbbbbbbbbbbbbbb'])
      expect(await store.getAuditReport('report-bbbbbbbbbbbbbbbb', at)).toBeNull()
      await store.close()
    })

    test('erasure and purge remove a booking with its lead, and free its slot', async () => {
      const { store } = await under.fresh()
      const erased = newBooking(nine, { lead: { ...newBooking(nine).lead, email: 'Erase.Me@example.com' } })
      const purged = newBooking(ten, { createdAt: mondayMorning - 1000 })
      await store.insertBooking(erased, rules)
      await store.insertBooking(purged, rules)
      expect((await store.eraseByEmail('erase.me@example.com')).leads).toEqual([
        { id: erased.leadId, kind: 'booking', createdAt: mondayMorning },
      ])
      expect(await store.getBooking(erased.bookingId)).toBeNull()
      expect((await store.purgeLeads(mondayMorning)).leads.map((lead) => lead.id)).toEqual([purged.leadId])
      expect(await store.getBooking(purged.bookingId)).toBeNull()
      expect(await store.listBookings({ after: '2026-11-01T00:00:00.000Z' })).toEqual([])
      expect(await store.outboxBacklog()).toEqual({ pending: 0, failed: 0 })
      expect((await store.insertBooking(newBooking(nine), rules)).ok).toBe(true)
      await store.close()
    })

    test('one call ahead per address, in any case: a second is refused until the first is cancelled or over', async () => {
      const { store } = await under.fresh()
      const first = newBooking(nine, { lead: { ...newBooking(nine).lead, email: 'Grace@Example.com' } })
      expect((await store.insertBooking(first, rules)).ok).toBe(true)
      const again = newBooking(ten, { lead: { ...newBooking(ten).lead, email: 'grace@example.COM' } })
      expect(await store.insertBooking(again, rules)).toEqual({ ok: false, reason: 'has-call' })
      expect(await store.countLeads()).toBe(1)
      // Another address books that time at once.
      expect((await store.insertBooking(newBooking(ten), rules)).ok).toBe(true)
      // Cancelled, the first no longer counts.
      await store.cancelBooking({ id: first.bookingId, now: mondayMorning + 1000, deliveries: [] })
      const third = newBooking('2026-12-02T16:00:00.000Z', { lead: again.lead })
      expect((await store.insertBooking(third, rules)).ok).toBe(true)
      // Once that call is over, the address may book the next one.
      const afterIt = { ...rules, now: Date.parse('2026-12-02T16:30:00.000Z') }
      const later = newBooking('2026-12-04T14:00:00.000Z', { lead: again.lead, createdAt: afterIt.now })
      expect((await store.insertBooking(later, afterIt)).ok).toBe(true)
      await store.close()
    })

    test('two bookings a day from one network: the third is refused, whatever became of the first two, and taken again 24 hours on', async () => {
      const { store } = await under.fresh()
      const limits = { perNetworkPerDay: 2, surgePerDay: 0 }
      const first = newBooking(nine, { network: 'network-a', limits })
      expect((await store.insertBooking(first, rules)).ok).toBe(true)
      expect((await store.insertBooking(newBooking(ten, { network: 'network-a', limits }), rules)).ok).toBe(true)
      // Cancelling one does not give it back: the day's count is of bookings made.
      await store.cancelBooking({ id: first.bookingId, now: mondayMorning + 1000, deliveries: [] })
      const third = newBooking('2026-12-02T16:00:00.000Z', { network: 'network-a', limits })
      expect(await store.insertBooking(third, rules)).toEqual({ ok: false, reason: 'network-limit' })
      // Another network, and bookings without one (the team's), are not counted with it.
      expect(
        (await store.insertBooking(newBooking('2026-12-02T16:00:00.000Z', { network: 'network-b', limits }), rules)).ok,
      ).toBe(true)
      expect((await store.insertBooking(newBooking('2026-12-03T14:00:00.000Z', { limits }), rules)).ok).toBe(true)
      // A day after the first two, the network books again.
      const nextDay = { ...rules, now: mondayMorning + 24 * 3_600_000 + 1 }
      const fourth = newBooking('2026-12-03T15:00:00.000Z', { network: 'network-a', limits, createdAt: nextDay.now })
      expect((await store.insertBooking(fourth, nextDay)).ok).toBe(true)
      expect(await store.countLeads()).toBe(5)
      await store.close()
    })

    test('a surge: past the limit each booking is held, its slot kept; confirmed in time it stands, else it frees the slot; the team is told once', async () => {
      const { store } = await under.fresh()
      const limits = { perNetworkPerDay: 0, surgePerDay: 2 }
      for (const start of [nine, ten])
        expect((await store.insertBooking(newBooking(start, { limits }), rules)).ok).toBe(true)
      const heldItem = newBooking('2026-12-02T16:00:00.000Z', { limits })
      const held = await store.insertBooking(heldItem, rules)
      expect(held).toMatchObject({ ok: true, booking: { status: 'held', holdExpiresAt: mondayMorning + 30 * 60_000 } })
      // Its slot is no one else's while the hold runs.
      expect(await store.insertBooking(newBooking('2026-12-02T16:00:00.000Z', { limits }), rules)).toEqual({
        ok: false,
        reason: 'taken',
      })
      expect(await store.bookedCalls('2026-11-30T00:00:00.000Z', mondayMorning)).toContainEqual({
        start: '2026-12-02T16:00:00.000Z',
        end: '2026-12-02T16:30:00.000Z',
      })
      const second = newBooking('2026-12-03T14:00:00.000Z', { limits })
      expect(await store.insertBooking(second, rules)).toMatchObject({ ok: true, booking: { status: 'held' } })
      // The held bookings' deliveries: a confirmation mail each, and the team's notice with the first only.
      const due = await store.claimDue(mondayMorning, mondayMorning + 60_000, 50)
      const ofHeld = due
        .filter((delivery) => delivery.booking?.event === 'held')
        .map((delivery) => [delivery.lead.id, delivery.kind, delivery.booking!.surge])
      expect(ofHeld).toEqual([
        [heldItem.leadId, 'booking-invite', undefined],
        [heldItem.leadId, 'booking-notice', { made: 2, limit: 2 }],
        [second.leadId, 'booking-invite', undefined],
      ])
      await store.finishDeliveries(due.map((delivery) => ({ id: delivery.id, delivered: true, at: mondayMorning })))

      // Confirmed within its hold: it stands, and its deliveries carry the `created` event.
      const confirmed = await store.confirmBooking({
        id: heldItem.bookingId,
        now: mondayMorning + 29 * 60_000,
        deliveries: ['booking-invite', 'booking-notice'],
      })
      expect(confirmed).toMatchObject({ ok: true, booking: { status: 'confirmed', sequence: 0 } })
      expect(
        await store.confirmBooking({ id: heldItem.bookingId, now: mondayMorning + 29 * 60_000, deliveries: [] }),
      ).toEqual({ ok: false, reason: 'confirmed' })
      const created = (await store.claimDue(mondayMorning + 29 * 60_000, mondayMorning + 3_600_000, 50)).filter(
        (delivery) => delivery.lead.id === heldItem.leadId,
      )
      expect(created.map((delivery) => [delivery.kind, delivery.booking?.event])).toEqual([
        ['booking-invite', 'created'],
        ['booking-notice', 'created'],
      ])

      // Unconfirmed past its hold: it cannot be confirmed, and its slot is free again.
      const late = mondayMorning + 30 * 60_000
      expect(await store.confirmBooking({ id: second.bookingId, now: late, deliveries: [] })).toEqual({
        ok: false,
        reason: 'expired',
      })
      expect(await store.bookedCalls('2026-11-30T00:00:00.000Z', late)).not.toContainEqual({
        start: '2026-12-03T14:00:00.000Z',
        end: '2026-12-03T14:30:00.000Z',
      })
      const retaken = await store.insertBooking(newBooking('2026-12-03T14:00:00.000Z', { limits, createdAt: late }), {
        ...rules,
        now: late,
      })
      expect(retaken).toMatchObject({ ok: true, booking: { status: 'held' } })
      expect((await store.getBooking(second.bookingId))!.status).toBe('expired')
      await store.close()
    })

    test("a form's key books once: sent again it gives its own booking back, for another time it is refused; an address and a time alone give nothing", async () => {
      const { store } = await under.fresh()
      const item = newBooking(nine, { formKey: 'form-key-1' })
      const first = await store.insertBooking(item, rules)
      expect(first).toMatchObject({ ok: true, booking: { id: item.bookingId } })
      expect(first.ok && first.repeated).toBeFalsy()
      // The same form sent again (a double click, a retry): the same booking, stored once.
      const again = await store.insertBooking(
        {
          ...newBooking(nine, { formKey: 'form-key-1' }),
          lead: { ...item.lead, email: item.lead.email.toUpperCase() },
        },
        rules,
      )
      expect(again).toMatchObject({ ok: true, repeated: true, booking: { id: item.bookingId } })
      expect(await store.countLeads()).toBe(1)
      expect(await store.insertBooking(newBooking(ten, { formKey: 'form-key-1', lead: item.lead }), rules)).toEqual({
        ok: false,
        reason: 'form-used',
      })
      // Without the key, the booker's own address and time is refused (the address has a call ahead, said
      // first), never answered with the booking; another address, for the taken time.
      expect(await store.insertBooking(newBooking(nine, { lead: item.lead }), rules)).toEqual({
        ok: false,
        reason: 'has-call',
      })
      expect(await store.insertBooking(newBooking(nine, { lead: item.lead, formKey: 'another-key' }), rules)).toEqual({
        ok: false,
        reason: 'has-call',
      })
      expect(await store.insertBooking(newBooking(nine, { formKey: 'a-third-key' }), rules)).toEqual({
        ok: false,
        reason: 'taken',
      })
      expect(await store.countLeads()).toBe(1)
      await store.close()
    })

    test('once the call has started, it can no longer be moved or cancelled by its links', async () => {
      const { store } = await under.fresh()
      const item = newBooking(nine)
      await store.insertBooking(item, rules)
      const started = Date.parse(nine)
      expect(
        await store.rescheduleBooking(
          { id: item.bookingId, sequence: 0, start: ten, now: started, deliveries: [] },
          { ...rules, now: started },
        ),
      ).toEqual({ ok: false, reason: 'started' })
      expect(
        await store.cancelBooking({ id: item.bookingId, sequence: 0, now: started + 60_000, deliveries: [] }),
      ).toEqual({
        ok: false,
        reason: 'started',
      })
      expect((await store.getBooking(item.bookingId))!).toMatchObject({ status: 'confirmed', sequence: 0, start: nine })
      await store.close()
    })
  })
}
