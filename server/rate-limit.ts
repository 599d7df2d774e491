/**
 * A fixed-window limit per key (the client's address): at most `limit`
 * requests in each `windowMs`. In memory, so per process; several instances
 * behind a load balancer each count on their own.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>()
  return function allow(key: string, now = Date.now()): boolean {
    const current = windows.get(key)
    if (!current || now - current.start >= windowMs) {
      // Drop finished windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k)
      }
      windows.set(key, { start: now, count: 1 })
      return true
    }
    current.count += 1
    return current.count <= limit
  }
}
