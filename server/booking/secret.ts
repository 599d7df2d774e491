import { randomBytes } from 'node:crypto'
import * as nodeFs from 'node:fs'
import path from 'node:path'

/** The file under DATA_DIR that keeps the generated secret when BOOKING_SECRET is not set. */
export const GENERATED_SECRET_FILE = 'booking-secret'

/** The shortest secret that signs links: BOOKING_SECRET in characters, the generated file in bytes. */
export const MIN_SECRET_LENGTH = 32

/** The file functions `bookingSecret` uses; a test gives one that fails as a full disk does. */
export type SecretFs = Pick<
  typeof nodeFs,
  'closeSync' | 'fsyncSync' | 'linkSync' | 'mkdirSync' | 'openSync' | 'readFileSync' | 'unlinkSync' | 'writeSync'
>

/**
 * The secret that signs the bookings' links (./tokens.ts): BOOKING_SECRET when
 * set. Without it, on a laptop, one is generated once and kept in
 * `<DATA_DIR>/booking-secret` (0600), so the links mailed before a restart keep
 * working. Instances sharing a PostgreSQL database must share one
 * BOOKING_SECRET: with DATABASE_URL and none set, the start logs a warning
 * (server/start.ts).
 *
 * A secret shorter than 32 characters stops the start, and so does a kept file
 * of fewer than 32 bytes: a key of zero bytes would make any link anyone can
 * compute good (issue 38). The file is written whole or not at all
 * (`generate`), so a full disk cannot leave such a file behind.
 */
export function bookingSecret(
  env: { BOOKING_SECRET?: string; DATA_DIR: string },
  { fs = nodeFs }: { fs?: SecretFs } = {},
): { secret: string; generated?: string } {
  if (env.BOOKING_SECRET !== undefined) {
    // server/env.ts refuses it first; this holds for any other caller.
    if (env.BOOKING_SECRET.trim().length < MIN_SECRET_LENGTH) {
      throw new Error(`BOOKING_SECRET is shorter than ${MIN_SECRET_LENGTH} characters`)
    }
    return { secret: env.BOOKING_SECRET }
  }
  const file = path.join(env.DATA_DIR, GENERATED_SECRET_FILE)
  const secret = readKept(file, fs) ?? generate(file, fs)
  return { secret, generated: file }
}

/** The secret kept in `file`; undefined when there is none yet. */
function readKept(file: string, fs: SecretFs): string | undefined {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new Error(`Cannot read the booking secret file ${file}: ${(error as Error).message}`, { cause: error })
  }
  const kept = text.trim()
  const bytes = Buffer.byteLength(kept)
  if (bytes < MIN_SECRET_LENGTH) {
    throw new Error(
      `The booking secret file ${file} holds ${bytes} bytes, fewer than the ${MIN_SECRET_LENGTH} a secret needs (a write cut short, by a full disk say, leaves it so): delete it to have a new one generated (the reschedule and cancel links already mailed then stop working), or set BOOKING_SECRET (${MIN_SECRET_LENGTH} characters or more, the same on every instance).`,
    )
  }
  return kept
}

/**
 * A new secret in `file`, published whole: written to a temporary file in the
 * same folder and fsynced, then linked to its name, which fails if the name is
 * taken (two processes starting at once: the second takes the first one's
 * secret, never overwrites it); then the folder is fsynced, so the name
 * survives a power loss. A write that fails leaves no file under the name.
 */
function generate(file: string, fs: SecretFs): string {
  const folder = path.dirname(file)
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('base64url')
  const temporary = path.join(folder, `.${GENERATED_SECRET_FILE}-${process.pid}-${randomBytes(6).toString('hex')}`)
  let published = false
  try {
    const fd = fs.openSync(temporary, 'wx', 0o600)
    try {
      const data = `${secret}\n`
      // One write is enough for 44 bytes; a short one counts as the failure it is.
      if (fs.writeSync(fd, data) !== Buffer.byteLength(data)) throw new Error('the write was cut short')
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    try {
      fs.linkSync(temporary, file)
      published = true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (published) syncFolder(folder, fs)
  } catch (error) {
    throw new Error(`Cannot write the booking secret to ${file}: ${(error as Error).message}`, { cause: error })
  } finally {
    try {
      fs.unlinkSync(temporary)
    } catch {
      // Not made (the open failed), or already gone.
    }
  }
  // Another process published first: its secret is the one (gone again, which nobody does: start over).
  return published ? secret : (readKept(file, fs) ?? generate(file, fs))
}

function syncFolder(folder: string, fs: SecretFs) {
  const fd = fs.openSync(folder, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}
