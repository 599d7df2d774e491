import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { formatDate } from './queries.server.ts'

// The privacy policy and the terms say when they last changed, in the first
// line of their body ("**Last updated: <Month D, YYYY>**"). That date must be
// the day of the file's last change in git, or today while it has changes not
// yet committed (docs/product.md#brand-and-business-facts).

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()

function lastChanged(file: string): string {
  if (git('status', '--porcelain', '--', file) !== '') return new Date().toISOString().slice(0, 10)
  return git('log', '-1', '--format=%ad', '--date=short', '--', file)
}

describe.each(['content/pages/privacy.md', 'content/pages/terms.md'])('%s', (file) => {
  test('states the date of its last change', () => {
    const stated = /^\*\*Last updated: ([A-Z][a-z]+ \d{1,2}, \d{4})\*\*$/m.exec(readFileSync(file, 'utf8'))?.[1]
    expect(stated, 'a "**Last updated: <Month D, YYYY>**" line').toBeDefined()
    expect(stated).toBe(formatDate(lastChanged(file)))
  })
})
