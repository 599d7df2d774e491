import { afterEach, describe, expect, test, vi } from 'vitest'
import { LEAD_PURGE_EVERY_MS } from '#app/lib/leads/retention.ts'
import { cutoffBefore, describePeriod, parsePeriod, startPurgeSchedule } from './retention.ts'
import { openTestStore } from '../store/test-store.ts'

const at = (iso: string) => new Date(cutoffBefore(Date.parse(iso), { months: 1 })).toISOString()

test('a period in months counts calendar months, the day kept or the month’s last', () => {
  expect(new Date(cutoffBefore(Date.parse('2026-11-25T12:00:00Z'), { months: 24 })).toISOString()).toBe(
    '2024-11-25T12:00:00.000Z',
  )
  expect(at('2026-03-31T08:00:00Z')).toBe('2026-02-28T08:00:00.000Z')
  expect(at('2028-03-31T08:00:00Z')).toBe('2028-02-29T08:00:00.000Z')
  expect(at('2026-01-15T00:00:00Z')).toBe('2025-12-15T00:00:00.000Z')
  expect(new Date(cutoffBefore(Date.parse('2026-11-25T12:00:00Z'), { days: 30 })).toISOString()).toBe(
    '2026-10-26T12:00:00.000Z',
  )
})

test('periods read as the CLI takes them', () => {
  expect(parsePeriod('24m')).toEqual({ months: 24 })
  expect(parsePeriod('400d')).toEqual({ days: 400 })
  for (const bad of [undefined, '', '24', '0m', '-3m', '2y', '24 m', '024m', '10000d'])
    expect(parsePeriod(bad)).toBeNull()
  expect(describePeriod({ months: 24 })).toBe('24 months')
  expect(describePeriod({ days: 1 })).toBe('one day')
})

describe('the server’s purge schedule', () => {
  const { dir, store } = openTestStore()
  afterEach(() => {
    vi.useRealTimers()
  })

  test('runs at start and then once a day, logging counts only', async () => {
    const day = 24 * 60 * 60 * 1000
    const start = Date.parse('2026-11-25T12:00:00Z')
    vi.useFakeTimers({ now: start, toFake: ['setInterval', 'clearInterval', 'Date'] })
    // 24 months old in two days' time.
    await store.insertLead({
      lead: { kind: 'popup', email: 'soon-gone@example.com' },
      id: 'soon-gone',
      createdAt: Date.parse('2024-11-27T11:00:00Z'),
      deliveries: ['notify-mail'],
    })
    const lines: string[] = []
    const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) }
    const schedule = startPurgeSchedule({ store, mailDir: `${dir}/mail`, log })
    await schedule.first
    expect(lines).toEqual([
      '{"event":"leads_purged","olderThan":"24 months","leads":0,"deliveries":0,"mailFiles":0,"auditReports":0}',
    ])

    // Nothing more until a day has passed.
    await vi.advanceTimersByTimeAsync(LEAD_PURGE_EVERY_MS - 1)
    expect(lines).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(lines).toHaveLength(2)
    expect(await store.countLeads()).toBe(1)
    // The next day's run finds the lead 24 months old, and deletes it.
    await vi.advanceTimersByTimeAsync(day)
    expect(lines).toHaveLength(3)
    expect(lines[2]).toBe(
      '{"event":"leads_purged","olderThan":"24 months","leads":1,"deliveries":1,"mailFiles":0,"auditReports":0}',
    )
    expect(await store.countLeads()).toBe(0)
    expect(lines.join('\n')).not.toContain('@')

    await schedule.stop()
    await vi.advanceTimersByTimeAsync(3 * day)
    expect(lines).toHaveLength(3)
  })

  test('a failed run is logged, without an address, and the next day tries again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const lines: string[] = []
    const failing = {
      ...store,
      purgeLeads: vi
        .fn()
        .mockRejectedValueOnce(new Error('could not delete lead of ada@example.com'))
        .mockResolvedValue({ leads: [], deliveries: [], mailFiles: [], auditReports: [], emails: [] }),
    }
    const schedule = startPurgeSchedule({
      store: failing,
      mailDir: `${dir}/mail`,
      log: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
    })
    await schedule.first
    expect(lines).toEqual(['{"event":"purge_failed","error":"could not delete lead of [address]"}'])
    await vi.advanceTimersByTimeAsync(LEAD_PURGE_EVERY_MS)
    expect(lines[1]).toBe(
      '{"event":"leads_purged","olderThan":"24 months","leads":0,"deliveries":0,"mailFiles":0,"auditReports":0}',
    )
    await schedule.stop()
  })
})
