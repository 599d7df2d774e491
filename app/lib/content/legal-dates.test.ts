import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { formatDate } from './queries.server.ts'

// The privacy policy and the terms say when they last changed, in the first
// line of their body ("**Last updated: <Month D, YYYY>**"). That date must be
// the day of the file's last change in git, or today while it has changes not
// yet committed (docs/product.md#brand-and-business-facts).

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()

/**
 * The day of the file's last change, and whether that day is exact. In a
 * shallow clone (as CI may make) the oldest commit present stands for all the
 * history cut off before it: a file last changed there may have changed on
 * that day or earlier.
 */
function lastChange(file: string): { day: string; exact: boolean } {
  if (git('status', '--porcelain', '--', file) !== '') return { day: new Date().toISOString().slice(0, 10), exact: true }
  const [hash = '', day = ''] = git('log', '-1', '--format=%H %ad', '--date=short', '--', file).split(' ')
  const shallow = git('rev-parse', '--is-shallow-repository') === 'true'
  const boundary = shallow && readFileSync(git('rev-parse', '--git-path', 'shallow'), 'utf8').includes(hash)
  return { day, exact: !boundary }
}

describe.each(['content/pages/privacy.md', 'content/pages/terms.md'])('%s', (file) => {
  test('states the date of its last change', () => {
    const stated = /^\*\*Last updated: ([A-Z][a-z]+ \d{1,2}, \d{4})\*\*$/m.exec(readFileSync(file, 'utf8'))?.[1]
    expect(stated, 'a "**Last updated: <Month D, YYYY>**" line').toBeDefined()
    const { day, exact } = lastChange(file)
    if (exact) expect(stated).toBe(formatDate(day))
    else expect(new Date(`${stated} UTC`).toISOString().slice(0, 10) <= day, `${stated} is on or before ${day}`).toBe(true)
  })
})
