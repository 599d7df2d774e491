import { execFile } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { freePort } from '../free-port.ts'

const run = promisify(execFile)

/**
 * A throwaway PostgreSQL cluster for the tests and `npm run bench:leads --
 * --postgres`: Debian's `postgresql` package, `initdb` in a new temporary
 * folder, the server on a free loopback port with its socket in that folder,
 * trust authentication (docs/stack.md, "Real servers in tests"). `initdb`
 * refuses to run as root: as root, the folder goes to the `postgres` user and
 * every command runs through `runuser -u postgres --`. Without PostgreSQL
 * installed this throws, naming the package: the tests fail, they do not skip.
 */
export async function startPostgresCluster({ durable = true }: { durable?: boolean } = {}) {
  const bin = postgresBinDir()
  const asRoot = userInfo().uid === 0
  const dir = mkdtempSync(path.join(tmpdir(), 'northpeak-pg-'))
  const command = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args], { cwd: dir })
      : run(path.join(bin, name), args, { cwd: dir })
  try {
    if (asRoot) {
      const { stdout } = await run('id', ['-u', 'postgres'])
      const { stdout: group } = await run('id', ['-g', 'postgres'])
      chownSync(dir, Number(stdout.trim()), Number(group.trim()))
    }
    chmodSync(dir, 0o700)
    const data = path.join(dir, 'data')
    await command('initdb', ['-D', data, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync'])
    // A port nobody holds right now; another process may take it first, so try a few.
    let port = 0
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort()
      const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...(durable ? [] : ['-c fsync=off'])]
      try {
        await command('pg_ctl', ['-D', data, '-o', options.join(' '), '-l', path.join(dir, 'log'), '-w', 'start'])
        break
      } catch (error) {
        if (attempt === 3) throw error
      }
    }
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`
    return {
      dir,
      port,
      /** The cluster's own database, to create others from. */
      adminUrl,
      /** Creates an empty database and gives its URL. */
      async createDatabase(name: string): Promise<string> {
        const client = new pg.Client({ connectionString: adminUrl })
        await client.connect()
        try {
          await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
        } finally {
          await client.end()
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`
      },
      /** Stops the server (open connections are cut) and removes the folder. */
      async stop() {
        await command('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {})
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

export type PostgresCluster = Awaited<ReturnType<typeof startPostgresCluster>>

/** Debian's binaries of the newest PostgreSQL installed, or `PG_BIN` when set. */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0) {
    throw new Error(
      `PostgreSQL is not installed (no ${root}/*/bin/initdb): apt-get install postgresql (.ci/run does), or set PG_BIN`,
    )
  }
  return path.join(root, versions[0]!, 'bin')
}
