import { RATE_LIMIT_SWEEP_MS } from '#app/lib/leads/retention.ts'

/** What a limiter decided about one request. */
export interface RateLimitDecision {
  allowed: boolean
  /** When refused: how long until the key may try again. 0 when allowed. */
  retryAfterMs: number
}

/**
 * Counts requests per key (the client's address). Async so that a shared
 * implementation (a database several server processes use) can replace the
 * in-memory one without changing its callers.
 */
export interface RateLimiter {
  /** Counts one request from `key` at time `now` (ms since the epoch) and decides on it. */
  hit(key: string, now: number): Promise<RateLimitDecision>
  /** Stops the timer that forgets finished windows (server/start.ts, on close). */
  close(): void
}

/** What a limiter's sweep needs: how often, and the clock it reads (tests move it). */
export interface SweepOptions {
  /** How often finished windows are forgotten, in ms (RATE_LIMIT_SWEEP_MS). */
  sweepEveryMs?: number
  /** The clock the sweep compares window starts with, in ms since the epoch. */
  now?: () => number
}

/**
 * A fixed-window limit per key: at most `limit` requests in each `windowMs`,
 * the window starting at a key's first request. In memory, so per process;
 * several instances behind a load balancer each count on their own.
 *
 * A key is kept only while its window runs: a timer (unref'd, so it never
 * keeps the process alive; `close()` stops it) forgets every finished window
 * each `sweepEveryMs`, so an address is held at most `windowMs` plus one sweep
 * after its last request (the privacy policy's "one minute",
 * app/lib/leads/retention.ts).
 */
export function createMemoryRateLimiter({
  limit,
  windowMs,
  sweepEveryMs = RATE_LIMIT_SWEEP_MS,
  now: clock = Date.now,
}: {
  limit: number
  windowMs: number
} & SweepOptions): RateLimiter & { keys(): string[] } {
  const windows = new Map<string, { start: number; count: number }>()
  const timer = setInterval(() => {
    const at = clock()
    for (const [key, window] of windows) if (at - window.start >= windowMs) windows.delete(key)
  }, sweepEveryMs)
  timer.unref()
  return {
    /** The keys it holds now. */
    keys: () => [...windows.keys()],
    async hit(key, now) {
      const current = windows.get(key)
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, count: 1 })
        return { allowed: true, retryAfterMs: 0 }
      }
      current.count += 1
      if (current.count <= limit) return { allowed: true, retryAfterMs: 0 }
      return { allowed: false, retryAfterMs: current.start + windowMs - now }
    },
    close() {
      clearInterval(timer)
    },
  }
}

/** Allows every request: a limit turned off (e.g. `LEAD_RATE_LIMIT=0` for a load test). */
export const unlimited: RateLimiter = {
  async hit() {
    return { allowed: true, retryAfterMs: 0 }
  },
  close() {},
}

/** The `Retry-After` value for a refusal: whole seconds, rounded up, at least 1. */
export function retryAfterSeconds(retryAfterMs: number): string {
  return String(Math.max(1, Math.ceil(retryAfterMs / 1000)))
}
