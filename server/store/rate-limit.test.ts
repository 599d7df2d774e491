import { afterEach, describe, expect, test, vi } from 'vitest'
import { RATE_LIMIT_SWEEP_MS, RATE_LIMIT_WINDOW_MS } from '#app/lib/leads/retention.ts'
import { createMemoryRateLimiter, retryAfterSeconds } from './rate-limit.ts'

describe('createMemoryRateLimiter', () => {
  test('allows `limit` requests in a window, then refuses until the window ends', async () => {
    const limiter = createMemoryRateLimiter({ limit: 3, windowMs: 60_000 })
    const start = 1_000_000
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.hit('a', start + i * 1000)).toEqual({ allowed: true, retryAfterMs: 0 })
    }
    // The window opened at `start`, so 10 s in, 50 s remain.
    expect(await limiter.hit('a', start + 10_000)).toEqual({ allowed: false, retryAfterMs: 50_000 })
    expect(await limiter.hit('a', start + 59_999)).toEqual({ allowed: false, retryAfterMs: 1 })
    expect(await limiter.hit('a', start + 60_000)).toEqual({ allowed: true, retryAfterMs: 0 })
  })

  test('counts each key on its own', async () => {
    const limiter = createMemoryRateLimiter({ limit: 1, windowMs: 1000 })
    expect((await limiter.hit('a', 0)).allowed).toBe(true)
    expect((await limiter.hit('a', 1)).allowed).toBe(false)
    expect((await limiter.hit('b', 2)).allowed).toBe(true)
  })
})

test('Retry-After is whole seconds, rounded up, at least 1', () => {
  expect(retryAfterSeconds(50_000)).toBe('50')
  expect(retryAfterSeconds(50_001)).toBe('51')
  expect(retryAfterSeconds(1)).toBe('1')
  expect(retryAfterSeconds(0)).toBe('1')
})

describe('forgetting', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('an address is forgotten once its window has passed, without any further request', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const limiter = createMemoryRateLimiter({ limit: 3, windowMs: RATE_LIMIT_WINDOW_MS })
    await limiter.hit('198.51.100.7', Date.now())
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_WINDOW_MS / 2)
    await limiter.hit('203.0.113.9', Date.now())
    // Still within the first address's window: both are kept.
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_WINDOW_MS / 2 - 1)
    expect(limiter.keys()).toEqual(['198.51.100.7', '203.0.113.9'])
    // Within a sweep of its window's end, the first is gone; the second still counts.
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_SWEEP_MS + 1)
    expect(limiter.keys()).toEqual(['203.0.113.9'])
    await vi.advanceTimersByTimeAsync(RATE_LIMIT_WINDOW_MS / 2)
    expect(limiter.keys()).toEqual([])
    limiter.close()
  })

  test('close stops its timer', async () => {
    vi.useFakeTimers()
    const limiter = createMemoryRateLimiter({ limit: 3, windowMs: RATE_LIMIT_WINDOW_MS })
    expect(vi.getTimerCount()).toBe(1)
    limiter.close()
    expect(vi.getTimerCount()).toBe(0)
  })
})
