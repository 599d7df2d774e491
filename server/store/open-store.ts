import { createMemoryRateLimiter, type RateLimiter } from './rate-limit.ts'
import type { Store } from './store.ts'
import { createPostgresRateLimiter } from './postgres-rate-limit.ts'
import { openPostgresStore } from './postgres.ts'
import { openSqliteStore } from './sqlite.ts'

/** Makes the limiter of one endpoint (`scope`), counting `limit` requests per key in each `windowMs`. */
export type RateLimiterFactory = (options: { scope: string; limit: number; windowMs: number }) => RateLimiter

export interface OpenedStore {
  store: Store
  /** In memory with SQLite (one process); in the database with PostgreSQL, shared by every instance. */
  rateLimiter: RateLimiterFactory
  /** `sqlite` or `postgres`, for the start-up line. */
  kind: 'sqlite' | 'postgres'
}

/**
 * The lead store the settings ask for: PostgreSQL when `DATABASE_URL` is set
 * (several instances share it, rate limits included), otherwise the SQLite
 * file `DATABASE_PATH` (docs/decisions/020-postgresql-for-several-instances.md).
 */
export async function openLeadStore(
  env: { DATABASE_URL?: string; DATABASE_PATH: string },
  { log = console, thread = true }: { log?: Pick<Console, 'error'>; thread?: boolean } = {},
): Promise<OpenedStore> {
  if (env.DATABASE_URL) {
    const store = await openPostgresStore({ url: env.DATABASE_URL, log })
    return {
      store,
      kind: 'postgres',
      rateLimiter: (options) => createPostgresRateLimiter(store.pool, options, log),
    }
  }
  return {
    store: openSqliteStore({ file: env.DATABASE_PATH, thread }),
    kind: 'sqlite',
    rateLimiter: ({ limit, windowMs }) => createMemoryRateLimiter({ limit, windowMs }),
  }
}
