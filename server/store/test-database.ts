import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { whenDone } from '../test-teardown.ts'

/**
 * For tests: new, empty databases on the run's PostgreSQL cluster
 * (postgres-global-setup.ts), dropped when what called it is over
 * (`whenDone`): the test that called it, or the file's or the describe's tests
 * where it was called at their top level; `create()` then works in any of
 * their tests and gives what `DATABASE_URL` would hold.
 */
export function testDatabases() {
  const adminUrl = inject('postgresAdminUrl')
  const created: string[] = []
  whenDone(async () => {
    for (const name of created) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })
  return {
    async create(): Promise<string> {
      const name = `leads_${randomBytes(6).toString('hex')}`
      await adminQuery(adminUrl, `CREATE DATABASE ${name}`)
      created.push(name)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      return url.toString()
    },
  }
}

/** One database for the file's tests; see `testDatabases`. */
export function createTestDatabase(): Promise<string> {
  return testDatabases().create()
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
