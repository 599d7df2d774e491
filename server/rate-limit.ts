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
}

/**
 * A fixed-window limit per key: at most `limit` requests in each `windowMs`,
 * the window starting at a key's first request. In memory, so per process;
 * several instances behind a load balancer each count on their own.
 */
export function createMemoryRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    async hit(key, now) {
      const current = windows.get(key)
      if (!current || now - current.start >= windowMs) {
        // Drop finished windows now and then so the map cannot grow without bound.
        if (windows.size > 10_000) {
          for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k)
        }
        windows.set(key, { start: now, count: 1 })
        return { allowed: true, retryAfterMs: 0 }
      }
      current.count += 1
      if (current.count <= limit) return { allowed: true, retryAfterMs: 0 }
      return { allowed: false, retryAfterMs: current.start + windowMs - now }
    },
  }
}

/** Allows every request: a limit turned off (e.g. `LEAD_RATE_LIMIT=0` for a load test). */
export const unlimited: RateLimiter = {
  async hit() {
    return { allowed: true, retryAfterMs: 0 }
  },
}

/** The `Retry-After` value for a refusal: whole seconds, rounded up, at least 1. */
export function retryAfterSeconds(retryAfterMs: number): string {
  return String(Math.max(1, Math.ceil(retryAfterMs / 1000)))
}
