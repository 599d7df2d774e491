import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './test-postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway cluster's own database (test-database.ts creates one per test file from it). */
    postgresAdminUrl: string
  }
}

/**
 * Vitest's global setup (vitest.config.ts): one PostgreSQL cluster for the
 * whole run, stopped and removed at its end. Without fsync: the tests check
 * behaviour, not durability, which `npm run bench:leads -- --postgres` keeps.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster({ durable: false })
  project.provide('postgresAdminUrl', cluster.adminUrl)
  return () => cluster.stop()
}
