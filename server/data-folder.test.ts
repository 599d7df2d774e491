import * as fs from 'node:fs'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, test, vi } from 'vitest'
import { prepareDatabaseFile, prepareDataFolder } from './data-folder.ts'
import { readServerEnv } from './env.ts'
import { runLeadsCli } from './leads/cli.ts'
import { startServer } from './start.ts'
import { openSqliteStore } from './store/sqlite.ts'
import { testDatabases } from './store/test-database.ts'
import { builtClientDir, postLead } from './test-server.ts'

// The server's data folder (issue 38): readable by the server's user only, and a folder it cannot
// use stops the start with the path and what is wrong. Real starts in real folders; the tests may
// run as root, whom no permission refuses, so the refusal a permission gives is also checked with
// the error injected.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 20_000 })

const clientDir = builtClientDir()
const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})
function scratch() {
  const folder = mkdtempSync(path.join(tmpdir(), 'data-folder-'))
  folders.push(folder)
  return folder
}
const silent = { info: () => {}, error: () => {} }
const envOf = (settings: Record<string, string>) => ({
  ...readServerEnv({ CLIENT_DIR: clientDir, HOST: '127.0.0.1', ...settings }),
  PORT: 0,
})
const uid = process.getuid!()

/** Every file and folder under `dir` with its permission bits, folders marked with a slash. */
function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = { '/': (statSync(dir).mode & 0o777).toString(8) }
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(path.join(dir, name))
    found[stat.isDirectory() ? `${name}/` : name] = (stat.mode & 0o777).toString(8)
  }
  return found
}

async function mailFiles(dir: string, count: number) {
  const mailDir = path.join(dir, 'mail')
  for (let waited = 0; waited < 5000; waited += 50) {
    const names = fs.existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : []
    if (names.length >= count) return names
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no ${count} mail files in ${mailDir}`)
}

test('a first start makes the data folder 0700 and every file in it 0600: database, -wal, -shm, secret, mails', async () => {
  const dataDir = path.join(scratch(), 'data')
  const server = await startServer(envOf({ DATA_DIR: dataDir }), { log: silent })
  try {
    const response = await postLead(`http://127.0.0.1:${server.port}`, { kind: 'popup', email: 'ada@example.com' })
    expect(response.status).toBe(201)
    // The audit kit to the visitor and the notice to the team.
    const mails = await mailFiles(dataDir, 2)
    expect(modes(dataDir)).toEqual({
      '/': '700',
      'booking-secret': '600',
      'leads.sqlite': '600',
      'leads.sqlite-wal': '600',
      'leads.sqlite-shm': '600',
      'mail/': '700',
      ...Object.fromEntries(mails.map((name) => [path.join('mail', name), '600'])),
    })
  } finally {
    await server.close()
  }
})

test('a data folder and database of an earlier release (0755, 0644) are made 0700 and 0600 as the server starts', async () => {
  const dataDir = scratch()
  chmodSync(dataDir, 0o755)
  const file = path.join(dataDir, 'leads.sqlite')
  const earlier = new Database(file)
  earlier.pragma('journal_mode = WAL')
  earlier.exec('CREATE TABLE kept (x)')
  earlier.close()
  chmodSync(file, 0o644)
  expect(modes(dataDir)).toEqual({ '/': '755', 'leads.sqlite': '644' })

  const server = await startServer(envOf({ DATA_DIR: dataDir }), { log: silent })
  try {
    expect(modes(dataDir)).toEqual({
      '/': '700',
      'booking-secret': '600',
      'leads.sqlite': '600',
      'leads.sqlite-wal': '600',
      'leads.sqlite-shm': '600',
    })
  } finally {
    await server.close()
  }
})

test('a folder shared on purpose (sticky, as /tmp) is left as it is; the files the server writes in it are 0600', async () => {
  const shared = scratch()
  chmodSync(shared, 0o1777)
  const server = await startServer(envOf({ DATA_DIR: shared }), { log: silent })
  await server.close()
  expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777')
  expect(modes(shared)).toMatchObject({ 'booking-secret': '600', 'leads.sqlite': '600' })
})

test('a data folder that is a file, or under a file, stops the start with the path and what is wrong', async () => {
  const root = scratch()
  const file = path.join(root, 'not-a-folder')
  writeFileSync(file, 'a file\n')
  await expect(startServer(envOf({ DATA_DIR: file }), { log: silent })).rejects.toThrow(
    `DATA_DIR: ${file} is a file, not a folder`,
  )
  const under = path.join(file, 'data')
  await expect(startServer(envOf({ DATA_DIR: under }), { log: silent })).rejects.toThrow(
    `DATA_DIR: ${under} does not exist and cannot be created: ${file} is a file, not a folder`,
  )
  const deeper = path.join(file, 'srv', 'data')
  await expect(startServer(envOf({ DATA_DIR: deeper }), { log: silent })).rejects.toThrow(
    `DATA_DIR: ${deeper} does not exist and cannot be created: ${file} is a file, not a folder`,
  )
  // The same with PostgreSQL, whose instances keep the mails and a generated secret there too.
  const url = await testDatabases().create()
  await expect(startServer(envOf({ DATA_DIR: under, DATABASE_URL: url }), { log: silent })).rejects.toThrow(
    `DATA_DIR: ${under} does not exist and cannot be created: ${file} is a file, not a folder`,
  )
  // Nothing was made on the way.
  expect(readdirSync(root)).toEqual(['not-a-folder'])
})

test('a database path that is a folder, or under a file, stops the start with the path and what is wrong', async () => {
  const root = scratch()
  const dataDir = path.join(root, 'data')
  const file = path.join(root, 'not-a-folder')
  writeFileSync(file, 'a file\n')
  const under = path.join(file, 'leads.sqlite')
  await expect(startServer(envOf({ DATA_DIR: dataDir, DATABASE_PATH: under }), { log: silent })).rejects.toThrow(
    `DATABASE_PATH: ${file} is a file, not a folder`,
  )
  const folder = path.join(root, 'a-folder')
  mkdirSync(folder)
  await expect(startServer(envOf({ DATA_DIR: dataDir, DATABASE_PATH: folder }), { log: silent })).rejects.toThrow(
    `DATABASE_PATH: ${folder} is a folder, not a file`,
  )
})

test('a booking secret file of 0 bytes (a write cut short by a full disk) stops the start, saying what to do', async () => {
  const dataDir = scratch()
  const secret = path.join(dataDir, 'booking-secret')
  writeFileSync(secret, '', { mode: 0o600 })
  await expect(startServer(envOf({ DATA_DIR: dataDir }), { log: silent })).rejects.toThrow(
    `The booking secret file ${secret} holds 0 bytes, fewer than the 32 a secret needs`,
  )
})

test('a backup copy of the database is 0600 too, wherever it is written', async () => {
  const dataDir = scratch()
  const file = path.join(dataDir, 'leads.sqlite')
  const store = openSqliteStore({ file, thread: false })
  await store.close()
  const target = path.join(scratch(), 'leads-copy.sqlite')
  const out = { log: () => {}, error: (text: string) => expect.fail(text) }
  expect(await runLeadsCli(['backup', target], { DATA_DIR: dataDir, DATABASE_PATH: file }, out)).toBe(0)
  expect((statSync(target).mode & 0o777).toString(8)).toBe('600')
})

// Root passes every permission check, so what the server says when the system refuses it
// (a read-only folder, a folder of another user) is checked with the system's answer injected.
const refused = (code: string) => () => {
  throw Object.assign(new Error(`${code}: permission denied`), { code })
}

test('a data folder this user cannot write to is named, with the user', () => {
  const dataDir = scratch()
  expect(() => prepareDataFolder(dataDir, 'DATA_DIR', { fs: { ...fs, accessSync: refused('EACCES') } })).toThrow(
    `DATA_DIR: ${dataDir} is not writable by this user (uid ${uid})`,
  )
  expect(() => prepareDataFolder(dataDir, 'DATA_DIR', { fs: { ...fs, accessSync: refused('EROFS') } })).toThrow(
    `DATA_DIR: ${dataDir} is on a read-only file system`,
  )
  const missing = path.join(dataDir, 'data')
  expect(() => prepareDataFolder(missing, 'DATA_DIR', { fs: { ...fs, mkdirSync: refused('EACCES') } })).toThrow(
    `DATA_DIR: ${missing} does not exist and cannot be created: ${dataDir} is not writable by this user (uid ${uid})`,
  )
})

test('a database file this user cannot write to is named, with the user', () => {
  const file = path.join(scratch(), 'leads.sqlite')
  writeFileSync(file, '')
  // Its folder is writable; the file is not (another user's, or read-only).
  const accessSync = (name: fs.PathLike, mode?: number) =>
    name === file ? refused('EACCES')() : fs.accessSync(name, mode)
  expect(() => prepareDatabaseFile(file, { fs: { ...fs, accessSync } })).toThrow(
    `DATABASE_PATH: ${file} is not writable by this user (uid ${uid})`,
  )
})
