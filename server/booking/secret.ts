import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The file under DATA_DIR that keeps the generated secret when BOOKING_SECRET is not set. */
export const GENERATED_SECRET_FILE = 'booking-secret'

/**
 * The secret that signs the bookings' links (./tokens.ts): BOOKING_SECRET when
 * set. Without it, on a laptop, one is generated once and kept in
 * `<DATA_DIR>/booking-secret` (readable by the server's user only), so the
 * links mailed before a restart keep working. Instances sharing a PostgreSQL
 * database must share one BOOKING_SECRET: with DATABASE_URL and none set, the
 * start logs a warning (server/start.ts).
 */
export function bookingSecret(env: { BOOKING_SECRET?: string; DATA_DIR: string }): {
  secret: string
  generated?: string
} {
  if (env.BOOKING_SECRET) return { secret: env.BOOKING_SECRET }
  const file = path.join(env.DATA_DIR, GENERATED_SECRET_FILE)
  try {
    const kept = readFileSync(file, 'utf8').trim()
    if (kept.length >= 32) return { secret: kept, generated: file }
  } catch {
    // Not there yet: made below.
  }
  mkdirSync(env.DATA_DIR, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  // `wx`: two processes starting at once do not overwrite each other's; the loser reads the winner's.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
    return { secret, generated: file }
  } catch {
    return { secret: readFileSync(file, 'utf8').trim(), generated: file }
  }
}
