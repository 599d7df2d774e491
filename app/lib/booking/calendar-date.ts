/**
 * Calendar dates written "YYYY-MM-DD", without a clock or a zone: the booking
 * engine's days (server/booking/zoned-time.ts) and the weeks the booking page
 * shows (app/lib/booking/booking-days.ts) count them with the same functions.
 */

/** A real calendar date in the form "YYYY-MM-DD" (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** `date` moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = splitDate(date)
  const moved = new Date(Date.UTC(year, month - 1, day + days))
  return formatDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate())
}

/** Day of the week of `date`: 0 Sunday to 6 Saturday. */
export function weekdayOf(date: string): number {
  const [year, month, day] = splitDate(date)
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay()
}

/** The year, month (1-12) and day of `date`. */
export function splitDate(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number)
  return [year!, month!, day!]
}

/** The date of `year`, `month` (1-12) and `day`, written "YYYY-MM-DD". */
export function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
