import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const migrationsDir = path.join(import.meta.dirname, 'migrations')

export type Dialect = 'sqlite' | 'postgres'

export interface Migration {
  /** Its number, recorded in `schema_migrations` once applied. */
  version: number
  /** `001-leads`: the file name without its dialect. */
  name: string
  sql: string
}

/**
 * The numbered migrations of one dialect, in order. Both databases share one
 * numbering: every number has a file per dialect, `NNN-name.sqlite.sql` and
 * `NNN-name.postgres.sql`, so a number means the same change on either
 * (docs/decisions/020-postgresql-for-several-instances.md). A number with one
 * dialect missing, or two names for one number, stops the start.
 */
export function migrationsFor(dialect: Dialect, dir = migrationsDir): Migration[] {
  const byVersion = new Map<number, { name: string; dialects: Map<Dialect, string> }>()
  for (const file of readdirSync(dir)) {
    const match = /^(\d{3})-([a-z0-9-]+)\.(sqlite|postgres)\.sql$/.exec(file)
    if (!match) {
      if (file.endsWith('.sql'))
        throw new Error(`${file}: a migration is named NNN-name.sqlite.sql or NNN-name.postgres.sql`)
      continue
    }
    const version = Number(match[1])
    const name = `${match[1]}-${match[2]}`
    const entry = byVersion.get(version) ?? { name, dialects: new Map() }
    if (entry.name !== name) throw new Error(`Migration ${match[1]} has two names: ${entry.name} and ${name}`)
    entry.dialects.set(match[3] as Dialect, file)
    byVersion.set(version, entry)
  }
  return [...byVersion.entries()]
    .sort(([a], [b]) => a - b)
    .map(([version, { name, dialects }]) => {
      for (const needed of ['sqlite', 'postgres'] as const) {
        if (!dialects.has(needed)) throw new Error(`Migration ${name} has no ${needed} file (${name}.${needed}.sql)`)
      }
      return { version, name, sql: readFileSync(path.join(dir, dialects.get(dialect)!), 'utf8') }
    })
}
