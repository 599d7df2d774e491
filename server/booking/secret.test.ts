import * as fs from 'node:fs'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { bookingSecret, GENERATED_SECRET_FILE } from './secret.ts'

// The secret generated into a real data folder, as the server does without BOOKING_SECRET.
const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
function dataDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'booking-secret-'))
  folders.push(folder)
  return folder
}
const failure = (code: string) => Object.assign(new Error(`${code}: simulated`), { code })

test('generated once: 0600, 32 bytes or more, and the same on every later start', () => {
  const DATA_DIR = dataDir()
  const file = path.join(DATA_DIR, GENERATED_SECRET_FILE)
  const first = bookingSecret({ DATA_DIR })
  expect(first.generated).toBe(file)
  expect(statSync(file).mode & 0o777).toBe(0o600)
  const kept = readFileSync(file, 'utf8')
  expect(kept.trim()).toBe(first.secret)
  expect(Buffer.byteLength(first.secret)).toBeGreaterThanOrEqual(32)
  // Nothing else is left in the folder: the temporary file became the secret's.
  expect(readdirSync(DATA_DIR)).toEqual([GENERATED_SECRET_FILE])

  const second = bookingSecret({ DATA_DIR })
  expect(second).toEqual(first)
  expect(readFileSync(file, 'utf8')).toBe(kept)
})

test('a secret file of 0 bytes (a write cut short by a full disk) or too short refuses the start, saying what to do', () => {
  const DATA_DIR = dataDir()
  const file = path.join(DATA_DIR, GENERATED_SECRET_FILE)
  for (const [content, bytes] of [
    ['', 0],
    ['\n', 0],
    ['only-31-characters-of-a-secret!\n', 31],
  ] as const) {
    writeFileSync(file, content, { mode: 0o600 })
    expect(() => bookingSecret({ DATA_DIR }), JSON.stringify(content)).toThrow(
      `The booking secret file ${file} holds ${bytes} bytes, fewer than the 32 a secret needs (a write cut short, by a full disk say, leaves it so): delete it to have a new one generated (the reschedule and cancel links already mailed then stop working), or set BOOKING_SECRET (32 characters or more, the same on every instance).`,
    )
    // The file is left as it was, for the operator to look at.
    expect(readFileSync(file, 'utf8')).toBe(content)
  }
})

test('a write that fails (a full disk) leaves no secret file, so the next start generates a whole one', () => {
  const DATA_DIR = dataDir()
  const file = path.join(DATA_DIR, GENERATED_SECRET_FILE)
  const failing = [
    {
      ...fs,
      writeSync: () => {
        throw failure('ENOSPC')
      },
    },
    {
      ...fs,
      writeSync: (fd: number, data: NodeJS.ArrayBufferView | string) => {
        // Part of it written, then the disk is full.
        fs.writeSync(fd, String(data).slice(0, 5))
        throw failure('ENOSPC')
      },
    },
    {
      ...fs,
      fsyncSync: () => {
        throw failure('EIO')
      },
    },
  ]
  for (const [index, broken] of failing.entries()) {
    expect(() => bookingSecret({ DATA_DIR }, { fs: broken }), `case ${index}`).toThrow(
      new RegExp(`^Cannot write the booking secret to ${file}: (ENOSPC|EIO): simulated`),
    )
    expect(existsSync(file), `case ${index}`).toBe(false)
    // Nor its temporary file.
    expect(readdirSync(DATA_DIR), `case ${index}`).toEqual([])
  }

  const next = bookingSecret({ DATA_DIR })
  expect(next.generated).toBe(file)
  expect(Buffer.byteLength(next.secret)).toBeGreaterThanOrEqual(32)
  expect(readFileSync(file, 'utf8').trim()).toBe(next.secret)
  expect(statSync(file).mode & 0o777).toBe(0o600)
})

test('two processes starting at once: the one that publishes second takes the first one’s secret', () => {
  const DATA_DIR = dataDir()
  const file = path.join(DATA_DIR, GENERATED_SECRET_FILE)
  const theirs = 'the-other-process-secret-of-43-characters-xx'
  const racing = {
    ...fs,
    linkSync: (from: fs.PathLike, to: fs.PathLike) => {
      // The other process publishes its secret between this one's write and its link.
      writeFileSync(file, `${theirs}\n`, { mode: 0o600 })
      fs.linkSync(from, to)
    },
  }
  expect(bookingSecret({ DATA_DIR }, { fs: racing })).toEqual({ secret: theirs, generated: file })
  expect(readFileSync(file, 'utf8')).toBe(`${theirs}\n`)
  expect(readdirSync(DATA_DIR)).toEqual([GENERATED_SECRET_FILE])
})

test('BOOKING_SECRET, when set, is the secret; a short one is refused, naming it', () => {
  const DATA_DIR = dataDir()
  const secret = 'a-booking-secret-of-32-characters-or-more'
  expect(bookingSecret({ DATA_DIR, BOOKING_SECRET: secret })).toEqual({ secret })
  expect(readdirSync(DATA_DIR)).toEqual([])
  for (const short of ['', '   ', 'short']) {
    expect(() => bookingSecret({ DATA_DIR, BOOKING_SECRET: short }), JSON.stringify(short)).toThrow(
      'BOOKING_SECRET is shorter than 32 characters',
    )
  }
})
