/**
 * The instant audit's limits (docs/decisions/054-the-instant-audit.md):
 * what keeps the grader from being a free crawler pointed at someone else's
 * site, or from tying up the server. The README and server/README.md state
 * them, and /audit and the privacy policy through their placeholders
 * (app/lib/content/placeholders.ts); the environment may change the first
 * three (server/env.ts).
 */
export const AUDIT_LIMITS = {
  /** Gradings one client address may ask for in an hour (AUDIT_VISITOR_LIMIT). */
  perVisitorPerHour: 10,
  /** Fresh gradings of one website (its host name) in an hour, from all visitors (AUDIT_HOST_LIMIT). */
  perHostPerHour: 6,
  /** Gradings run at once by one process (AUDIT_CONCURRENCY). */
  concurrency: 4,
  /** Gradings that may wait for a turn; past it, a visitor is asked to try again in a minute. */
  queue: 40,
  /** How long a grading may take, pages and PageSpeed Insights together, in ms. */
  deadlineMs: 15_000,
  /** How long a website's result is reused for a new report of the same address, in ms: a day. */
  reuseMs: 24 * 60 * 60 * 1000,
  /** The page's scripts fetched for their weight. */
  scripts: 12,
  /** The page's links asked with HEAD for broken ones. */
  links: 20,
  /** Bytes read of any one response, on the wire and decoded (server/audit/safe-fetch.ts): a larger page is graded on its start. */
  maxBodyBytes: 2 * 1024 * 1024,
  /** Redirects followed by hand, each checked again: as many as crawlers follow (browsers stop at about twenty). */
  redirects: 5,
  /** Requests in flight at once within one grading. */
  requestsPerGrading: 6,
} as const
