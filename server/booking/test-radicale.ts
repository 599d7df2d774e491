import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../free-port.ts'

/**
 * A throwaway CalDAV server for the tests of caldav.ts: Debian's `radicale` package, started
 * on a free loopback port with its collections in a new temporary folder and one user whose
 * password is in a plain htpasswd file (as server/store/test-postgres.ts does for PostgreSQL;
 * docs/stack.md, "Real servers in tests"). Without Radicale installed this throws, naming the
 * package: the tests fail, they do not skip.
 */
export async function startRadicale() {
  const dir = mkdtempSync(path.join(tmpdir(), 'northpeak-radicale-'))
  const username = 'team'
  const password = 'calendar-secret'
  writeFileSync(path.join(dir, 'users'), `${username}:${password}\n`)
  let child: ChildProcess | undefined
  let port: number
  try {
    // A port nobody holds right now; another process may take it first, so try a few.
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort()
      const config = path.join(dir, 'config')
      writeFileSync(
        config,
        [
          '[server]',
          `hosts = 127.0.0.1:${port}`,
          '[auth]',
          'type = htpasswd',
          `htpasswd_filename = ${path.join(dir, 'users')}`,
          'htpasswd_encryption = plain',
          // Radicale waits a second after a wrong password by default; the tests need no wait.
          'delay = 0',
          '[rights]',
          'type = owner_only',
          '[storage]',
          `filesystem_folder = ${path.join(dir, 'collections')}`,
          '[web]',
          'type = none',
          '[logging]',
          'level = warning',
          '',
        ].join('\n'),
      )
      child = await launch(config, port)
      if (child) break
      if (attempt === 3) throw new Error(`Radicale did not start on 127.0.0.1:${port} (three ports tried)`)
    }
    const origin = `http://127.0.0.1:${port}`
    const auth = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
    const send = async (method: string, url: string, body?: string, type?: string) => {
      const response = await fetch(url, {
        method,
        headers: { authorization: auth, ...(type ? { 'content-type': type } : {}) },
        body,
      })
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
    }
    const server = child
    return {
      origin,
      port,
      username,
      password,
      /** Makes a calendar collection of the user (MKCALENDAR) and gives its URL, with a final "/". */
      async createCalendar(name: string): Promise<string> {
        const url = `${origin}/${username}/${encodeURIComponent(name)}/`
        await send('MKCALENDAR', url)
        return url
      },
      /** Stores one calendar object (iCalendar text) in a calendar as `<name>.ics`. */
      async putEvent(calendarUrl: string, name: string, ics: string): Promise<void> {
        await send('PUT', `${calendarUrl}${encodeURIComponent(name)}.ics`, ics, 'text/calendar; charset=utf-8')
      },
      /** Stops the server and removes its folder. */
      async stop() {
        if (server.exitCode === null && server.signalCode === null) {
          server.kill('SIGTERM')
          await once(server, 'exit')
        }
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    child?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

export type Radicale = Awaited<ReturnType<typeof startRadicale>>

/**
 * Starts Radicale and waits until it answers on `port`: the process, or undefined when it
 * exited first (the port was taken). Throws when Radicale is not installed.
 */
async function launch(config: string, port: number): Promise<ChildProcess | undefined> {
  const child = spawn('radicale', ['--config', config], { stdio: ['ignore', 'ignore', 'pipe'] })
  let output = ''
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<'exited'>((resolve) => child.once('exit', () => resolve('exited')))
  const failed = new Promise<never>((_resolve, reject) =>
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('Radicale is not installed (no radicale command): apt-get install radicale (.ci/run does)')
          : error,
      ),
    ),
  )
  const deadline = Date.now() + 20_000
  for (;;) {
    const answer = await Promise.race([
      fetch(`http://127.0.0.1:${port}/`, { method: 'OPTIONS', signal: AbortSignal.timeout(1000) }).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      exited,
      failed,
    ])
    if (answer === 'up') return child
    if (answer === 'exited') {
      if (/address already in use/i.test(output)) return undefined
      throw new Error(`Radicale stopped at start: ${output.trim()}`)
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`Radicale did not answer on 127.0.0.1:${port} within 20 s: ${output.trim()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
