import { randomBytes } from 'node:crypto'
import { AUDIT_REPORT_DAYS, type AuditReport, type AuditResult, type FieldData } from '#app/lib/audit/report.ts'
import type { RateLimiter } from '../store/rate-limit.ts'
import type { Store } from '../store/store.ts'
import type { AuditFetch } from './fetched.ts'
import { gradeWebsite, turns } from './grader.ts'
import { AUDIT_LIMITS } from '#app/lib/audit/limits.ts'
import { checkTarget, type AuditFetchPolicy } from './safe-fetch.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** What a visitor reads when the report could not be stored: nothing was kept, they may try again. */
export const AUDIT_UNAVAILABLE = 'Your report could not be saved. Please try again in a moment.'

/** What a grading asked for came to: a stored report, or why not, for the visitor to read. */
export type GradingOutcome =
  | { ok: true; report: AuditReport }
  | {
      ok: false
      /**
       * `refused`: the address (the visitor may fix it); `busy`: a limit or the queue (try later);
       * `failed`: the site did not answer as a web page; `unavailable`: the store could not keep the report.
       */
      reason: 'refused' | 'busy' | 'failed' | 'unavailable'
      message: string
      /** With `busy`: when to try again, ms. */
      retryAfterMs?: number
    }

/**
 * The instant audit (docs/decisions/054-the-instant-audit.md), as the audit
 * action uses it (app/actions/index.ts): checks the address before anything
 * is fetched, counts the visitor's gradings, reuses a result of the same
 * address younger than a day, else counts the website's gradings, waits for
 * one of the process's turns and grades under the deadline; stores each
 * report under a new unguessable id, kept 30 days.
 */
export function auditService({
  store,
  fetch,
  policy,
  fieldData,
  visitorLimiter,
  hostLimiter,
  concurrency = AUDIT_LIMITS.concurrency,
  deadlineMs = AUDIT_LIMITS.deadlineMs,
  now = Date.now,
  log,
}: {
  store: Store
  /** The grader's fetch (safe-fetch.ts `createAuditFetch`), under `policy`. */
  fetch: AuditFetch
  policy: AuditFetchPolicy
  fieldData?: (url: string, signal: AbortSignal) => Promise<FieldData | null>
  /** Gradings per client address (AUDIT_VISITOR_LIMIT an hour). */
  visitorLimiter: RateLimiter
  /** Fresh gradings per website host (AUDIT_HOST_LIMIT an hour). */
  hostLimiter: RateLimiter
  concurrency?: number
  /** How long one grading may take (AUDIT_LIMITS.deadlineMs; tests ask for less). */
  deadlineMs?: number
  now?: () => number
  log: Pick<Console, 'info'>
}) {
  const inTurn = turns(concurrency)
  let queued = 0

  /** The result stored as a new report; a store that cannot take it (a full disk) says so, and nothing is kept. */
  async function saved(result: AuditResult): Promise<GradingOutcome> {
    const createdAt = now()
    const report = {
      id: randomBytes(16).toString('base64url'),
      result,
      createdAt,
      expiresAt: createdAt + AUDIT_REPORT_DAYS * DAY_MS,
    }
    try {
      await store.insertAuditReport(report)
    } catch {
      log.info(JSON.stringify({ event: 'audit_store_failed' }))
      return { ok: false, reason: 'unavailable', message: AUDIT_UNAVAILABLE }
    }
    return { ok: true, report }
  }

  return {
    /** Grades `url` for the visitor at `client` (their address, as rate limits count it). */
    async grade(url: string, client: string): Promise<GradingOutcome> {
      const target = await checkTarget(url, policy)
      if (!target.ok) return { ok: false, reason: 'refused', message: target.failure.message }
      const address = target.url.href
      const visitor = await visitorLimiter.hit(client, now())
      if (!visitor.allowed) {
        return {
          ok: false,
          reason: 'busy',
          message: 'You have asked for many audits in the last hour: try again later.',
          retryAfterMs: visitor.retryAfterMs,
        }
      }
      const recent = await store.recentAuditResult(address, now() - AUDIT_LIMITS.reuseMs)
      if (recent && recent.checkedAt >= now() - AUDIT_LIMITS.reuseMs) return saved(recent)

      const host = await hostLimiter.hit(target.url.hostname, now())
      if (!host.allowed) {
        return {
          ok: false,
          reason: 'busy',
          message: `${target.url.hostname} has been audited many times in the last hour: try again later.`,
          retryAfterMs: host.retryAfterMs,
        }
      }
      if (queued >= AUDIT_LIMITS.queue) {
        return {
          ok: false,
          reason: 'busy',
          message: 'Many audits are running right now: try again in a minute.',
          retryAfterMs: 60_000,
        }
      }
      queued += 1
      const graded = await inTurn(() =>
        gradeWebsite(address, { fetch, fieldData, now, signal: AbortSignal.timeout(deadlineMs) }),
      ).finally(() => (queued -= 1))
      // The address is a visitor's input: logged is only how it went.
      log.info(
        JSON.stringify({ event: 'audit_graded', ok: graded.ok, ...(graded.ok ? {} : { kind: graded.failure.kind }) }),
      )
      if (!graded.ok)
        return {
          ok: false,
          reason: graded.failure.kind === 'refused' ? 'refused' : 'failed',
          message: graded.failure.message,
        }
      return saved(graded.result)
    },

    /** The report with this id, while it is kept. */
    report: (id: string) => store.getAuditReport(id, now()),
  }
}

export type AuditService = ReturnType<typeof auditService>
