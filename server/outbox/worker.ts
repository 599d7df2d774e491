import { meetingMode } from '#app/lib/booking/call-details.ts'
import type { Lead } from '#app/lib/leads/lead.ts'
import { AUDIT_TOPIC } from '#app/lib/leads/audit-request.ts'
import type { ClaimedDelivery, DeliveryKind, DeliveryOutcome, Store } from '../store/store.ts'
import { bookingInviteMail, bookingNoticeMail } from './booking-mail.ts'
import { checklistMail, notifyMail, type SendMail } from './mail.ts'
import { postLeadWebhook } from './webhook.ts'

/**
 * Whether a lead gets the audit kit's email: a sign-up in the exit popup, and
 * a contact-form lead whose topic is the free marketing audit (`AUDIT_TOPIC`,
 * which the audit's links preselect: app/lib/leads/audit-request.ts).
 */
export function wantsAuditKit(lead: Lead): boolean {
  return lead.kind === 'popup' || (lead.kind === 'contact' && lead.topic === AUDIT_TOPIC)
}

/** The deliveries a lead gets: the team's notice always, the audit kit when `wantsAuditKit`, the webhook when set. */
export function deliveriesFor({ webhook }: { webhook: boolean }) {
  return (lead: Lead): DeliveryKind[] => [
    ...(wantsAuditKit(lead) ? (['checklist-mail'] as const) : []),
    'notify-mail',
    ...(webhook ? (['webhook'] as const) : []),
  ]
}

/** The deliveries of each booking change: the visitor's invitation (or its update), the team's notice, the webhook when set. */
export function bookingDeliveriesFor({ webhook }: { webhook: boolean }): DeliveryKind[] {
  return ['booking-invite', 'booking-notice', ...(webhook ? (['webhook'] as const) : [])]
}

/** Carries out one delivery; throws when it did not go through. */
export type Deliver = (delivery: ClaimedDelivery, now: number) => Promise<{ mailFile?: string }>

export function createDeliver({
  sendMail,
  webhook,
  origin,
  mailFrom,
  notifyTo,
  bookingSecret,
  teamTimeZone,
  meetingUrl,
}: {
  sendMail: SendMail
  /** Signs the reschedule and cancel links of the booking mails (BOOKING_SECRET). */
  bookingSecret?: string
  /** The team's zone (server/booking/availability.yaml): the notice of a booking says the time on its clock. */
  teamTimeZone?: string
  /** MEETING_URL: the video call's link, or none (the host phones the booker). */
  meetingUrl?: string
  webhook?: { url: string; secret: string }
  /** Absolute links in mails start with it. */
  origin: string
  mailFrom: string
  notifyTo: string
}): Deliver {
  return async (delivery, now) => {
    const name = `${new Date(now).toISOString().replace(/[:.]/g, '-')}-${delivery.id}-${delivery.kind}`
    switch (delivery.kind) {
      case 'webhook':
        if (!webhook) throw new Error('LEAD_WEBHOOK_URL is not set')
        await postLeadWebhook({
          ...webhook,
          lead: delivery.lead,
          booking: delivery.booking,
          delivery: delivery.id,
          now,
        })
        return {}
      case 'checklist-mail':
        return { mailFile: (await sendMail(checklistMail(delivery.lead, { origin, from: mailFrom }), name)).file }
      case 'notify-mail':
        return {
          mailFile: (await sendMail(notifyMail(delivery.lead, { to: notifyTo, from: mailFrom, origin }), name)).file,
        }
      case 'booking-invite': {
        if (!delivery.booking) throw new Error('A booking delivery without its booking')
        if (!bookingSecret) throw new Error('No secret to sign the booking links with')
        const mail = bookingInviteMail(delivery.booking, {
          origin,
          from: mailFrom,
          secret: bookingSecret,
          mode: meetingMode(meetingUrl),
        })
        return { mailFile: (await sendMail(mail, name)).file }
      }
      case 'booking-notice': {
        if (!delivery.booking) throw new Error('A booking delivery without its booking')
        const mail = bookingNoticeMail(delivery.booking, delivery.lead, {
          to: notifyTo,
          from: mailFrom,
          teamTimeZone: teamTimeZone ?? 'UTC',
        })
        return { mailFile: (await sendMail(mail, name)).file }
      }
    }
  }
}

export interface OutboxSettings {
  /** Tries before a delivery is `failed` for good (OUTBOX_MAX_ATTEMPTS). */
  maxAttempts: number
  /** Wait after the first failed try; doubled after each one (OUTBOX_RETRY_BASE_MS). */
  retryBaseMs: number
  /** Longest wait between two tries. */
  retryMaxMs: number
  /** How long a try may take before the delivery is taken again (a worker that died mid-try). */
  leaseMs: number
  /** How often the worker looks for due deliveries when nothing wakes it. */
  pollMs: number
  /** Deliveries under way at once. */
  concurrency: number
  /** Deliveries taken per round; their results are recorded together. */
  batchSize: number
  /**
   * Pause before a round that a new lead asked for, and between rounds while
   * more are due: during a burst of submissions the requests go first, and
   * the deliveries follow in larger rounds.
   */
  yieldMs: number
  /**
   * Wait after a round that failed (the store could not claim or record:
   * a full disk, a database gone); doubled after each failed round in a row,
   * up to `failedRoundMaxMs`. A round that succeeds ends it.
   */
  failedRoundMs: number
  failedRoundMaxMs: number
}

export const defaultOutboxSettings: OutboxSettings = {
  maxAttempts: 8,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
  pollMs: 1000,
  concurrency: 8,
  batchSize: 50,
  yieldMs: 25,
  failedRoundMs: 1000,
  failedRoundMaxMs: 60_000,
}

/**
 * The wait before try `attempt + 1`: exponential (`base * 2^(attempt-1)`,
 * capped), with "equal jitter": half of it fixed, half random, so the retries
 * of many deliveries that failed together spread out.
 */
export function backoffMs(attempt: number, { retryBaseMs, retryMaxMs }: OutboxSettings, random = Math.random): number {
  const ceiling = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** The wait after `failedRounds` failed rounds in a row: 1, 2, 4, ... s, capped (no jitter: one worker per instance). */
export function failedRoundWaitMs(failedRounds: number, { failedRoundMs, failedRoundMaxMs }: OutboxSettings): number {
  return Math.min(failedRoundMaxMs, failedRoundMs * 2 ** Math.max(0, failedRounds - 1))
}

/**
 * What the worker is doing, for `/api/health`: `running`, or `failing` since
 * the first of `failedRounds` rounds in a row that the store failed, with what
 * it failed with (its code, such as SQLITE_FULL or a PostgreSQL SQLSTATE, or
 * else its message with addresses masked).
 */
export type OutboxWorkerStatus =
  { state: 'running' } | { state: 'failing'; since: number; failedRounds: number; error: string }

/** E-mail addresses out of a text bound for the logs. */
export function redact(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:/?&=]+@[^\s<>()[\]"',;:/?&=]+/g, '[address]')
}

/**
 * Works the outbox in the server process: takes due deliveries, carries them
 * out, and on failure schedules the next try with backoff, until the last try
 * marks it `failed` (then `npm run leads -- outbox` lists it and
 * `npm run leads -- retry ID` tries again). `wake()` after a commit starts
 * work at once; otherwise it looks every `pollMs`. A delivery is at least
 * once: after a crash mid-try it is tried again once its lease ends.
 */
export function createOutboxWorker({
  store,
  deliver,
  settings = defaultOutboxSettings,
  log,
  now = Date.now,
  random = Math.random,
}: {
  store: Pick<Store, 'claimDue' | 'finishDeliveries' | 'nextDueAt'>
  deliver: Deliver
  settings?: OutboxSettings
  log: Pick<Console, 'info' | 'error'>
  now?: () => number
  random?: () => number
}) {
  let stopped = true
  let timer: NodeJS.Timeout | undefined
  let wakeTimer: NodeJS.Timeout | undefined
  let current: Promise<void> | null = null
  let again = false
  /** The failed rounds in a row, none while the store answers. */
  let failing: { since: number; failedRounds: number; error: string } | null = null
  /** Tries made but not recorded (the store failed): recorded before anything new is claimed. */
  let unrecorded: DeliveryOutcome[] = []

  async function runOne(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    const attempt = delivery.attempts + 1
    try {
      const { mailFile } = await deliver(delivery, now())
      log.info(JSON.stringify({ event: 'delivered', delivery: delivery.id, kind: delivery.kind, attempt }))
      return { id: delivery.id, delivered: true, at: now(), mailFile }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const final = attempt >= settings.maxAttempts
      const retryAt = final ? null : now() + backoffMs(attempt, settings, random)
      log.error(
        JSON.stringify({
          event: final ? 'delivery_failed' : 'delivery_retry',
          delivery: delivery.id,
          kind: delivery.kind,
          attempt,
          error: redact(message).slice(0, 300),
          ...(retryAt === null ? {} : { retryAt: new Date(retryAt).toISOString() }),
        }),
      )
      return { id: delivery.id, delivered: false, error: message, retryAt }
    }
  }

  async function work() {
    if (unrecorded.length > 0) {
      // Recorded before their lease ends, they are not tried again.
      await store.finishDeliveries(unrecorded)
      unrecorded = []
    }
    do {
      again = false
      const claimed = await store.claimDue(now(), now() + settings.leaseMs, settings.batchSize)
      if (claimed.length === 0) break
      // `concurrency` tries under way at once; the round's results in one transaction, one commit.
      const outcomes: DeliveryOutcome[] = []
      const queue = [...claimed]
      await Promise.all(
        Array.from({ length: Math.min(settings.concurrency, queue.length) }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) outcomes.push(await runOne(next))
        }),
      )
      try {
        await store.finishDeliveries(outcomes)
      } catch (error) {
        unrecorded = outcomes
        throw error
      }
      if (claimed.length === settings.batchSize) again = true
      if (again && !stopped) await new Promise((resolve) => setTimeout(resolve, settings.yieldMs))
    } while (again && !stopped)
  }

  /** Runs a round unless one is under way, in which case that one goes round again. */
  function tick(): Promise<void> {
    if (current) {
      again = true
      return current
    }
    clearTimeout(timer)
    current = work()
      .then(
        () => {
          if (!failing) return
          log.info(
            JSON.stringify({
              event: 'outbox_recovered',
              failedRounds: failing.failedRounds,
              since: new Date(failing.since).toISOString(),
            }),
          )
          failing = null
        },
        (error: unknown) => {
          // One line per failed round; the next one waits longer each time (failedRoundWaitMs).
          const failedRounds = (failing?.failedRounds ?? 0) + 1
          failing = { since: failing?.since ?? now(), failedRounds, error: errorKind(error) }
          log.error(
            JSON.stringify({
              event: 'outbox_error',
              error: redact(String(error)).slice(0, 300),
              failedRounds,
              retryInMs: failedRoundWaitMs(failedRounds, settings),
            }),
          )
        },
      )
      .finally(() => {
        current = null
        if (!stopped) void scheduleNext()
      })
    return current
  }

  /**
   * Next round when the next delivery is due, or after `pollMs` at the latest;
   * after a failed round, once its wait is over, without asking the store.
   */
  async function scheduleNext() {
    if (failing) {
      clearTimeout(timer)
      timer = setTimeout(() => void tick(), failedRoundWaitMs(failing.failedRounds, settings))
      return
    }
    const due = await store.nextDueAt().catch(() => null)
    if (stopped || current) return
    // At least 10 ms, so rows due now that another worker holds are not asked for in a tight loop.
    const wait = due === null ? settings.pollMs : Math.min(settings.pollMs, Math.max(10, due - now()))
    clearTimeout(timer)
    timer = setTimeout(() => void tick(), wait)
  }

  return {
    start() {
      if (!stopped) return
      stopped = false
      void tick()
    },
    /** A lead was committed: look shortly (after a failed round, when its wait is over). */
    wake() {
      if (stopped || failing) return
      if (current) again = true
      else if (!wakeTimer) {
        clearTimeout(timer)
        wakeTimer = setTimeout(() => {
          wakeTimer = undefined
          void tick()
        }, settings.yieldMs)
      }
    },
    /** `running`, or `failing` since the first of the failed rounds in a row (`/api/health` shows it). */
    status(): OutboxWorkerStatus {
      return failing ? { state: 'failing', ...failing } : { state: 'running' }
    },
    /** One round, for tests and the CLI; resolves when it is done. */
    runOnce: () => tick(),
    /** Stops looking and waits for the tries under way; records what a failed round could not, if it can. */
    async stop() {
      stopped = true
      clearTimeout(timer)
      clearTimeout(wakeTimer)
      await current
      // Not recorded, they are tried again once their lease runs out (at least once).
      if (unrecorded.length > 0) await store.finishDeliveries(unrecorded).catch(() => {})
    },
  }
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>

/** What a failed round failed with, for the health check: the error's code, or its message with addresses masked. */
function errorKind(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && code !== '') return code.slice(0, 100)
  return redact(error instanceof Error ? error.message : String(error)).slice(0, 200)
}
