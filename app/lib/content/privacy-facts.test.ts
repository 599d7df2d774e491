import { readFileSync } from 'node:fs'
import { parseDocument } from 'htmlparser2'
import { describe, expect, test } from 'vitest'
import { browserStorageOf } from '#app/lib/browser/browser-storage.ts'
import { page } from '#app/lib/site/registry.ts'
import {
  BACKUP_DAYS,
  LEAD_PURGE_EVERY_MS,
  LEAD_RETENTION_MONTHS,
  RATE_LIMIT_WINDOW_MS,
  SERVER_LOG_DAYS,
} from '#app/lib/leads/retention.ts'
import { placeholders } from './placeholders.ts'
import { getPage } from './queries.server.ts'

// The privacy policy states what the code does (docs/product.md#lead-capture):
// its numbers and its list of browser storage come from the constants the
// code reads (app/lib/leads/retention.ts, app/lib/browser/browser-storage.ts) through
// placeholders, and the settings of the machines it depends on (log and
// backup retention) are those docs/deploy.md gives.

const policyFile = 'content/pages/privacy.md'
const policy = (await getPage(page('/privacy'))).html
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;|&rsquo;/g, '’')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')

test('the numbers read as the constants the server acts on', () => {
  expect(placeholders.leadRetention).toBe(`${LEAD_RETENTION_MONTHS} months`)
  expect(LEAD_PURGE_EVERY_MS).toBe(24 * 60 * 60 * 1000)
  expect(placeholders.purgeSchedule).toBe('every day')
  expect(RATE_LIMIT_WINDOW_MS).toBe(60_000)
  expect(placeholders.rateLimitWindow).toBe('one minute')
  expect(placeholders.logRetention).toBe(`${SERVER_LOG_DAYS} days`)
  expect(placeholders.backupRetention).toBe(`${BACKUP_DAYS} days`)

  const said = text(policy)
  expect(said).toContain(
    `Messages and audit requests sent through this site, with the page and campaign details sent with them, and the emails about them our server keeps ${placeholders.leadRetention} after our last contact with you, then deleted: our server checks ${placeholders.purgeSchedule}.`,
  )
  expect(said).toContain(
    `forgets the address within seconds once ${placeholders.rateLimitWindow} has passed since its last request`,
  )
  expect(said).toContain(`delete them after at most ${placeholders.logRetention}`)
  expect(said).toContain(`each backup is deleted after ${placeholders.backupRetention}`)
})

test('the policy types none of those numbers out: each comes through its placeholder', () => {
  const source = readFileSync(policyFile, 'utf8')
  // Each fact as a sentence might type it out (the 30 days to answer a request are another fact).
  const typedOut = {
    leadRetention: new RegExp(`\\b${LEAD_RETENTION_MONTHS} months\\b`),
    purgeSchedule: /\b(checks|purges|deletes)\b[^.|\n]*\b(every day|daily)\b/i,
    rateLimitWindow: /\b(one|1) minute\b|\b60 seconds\b/i,
    logRetention: /\blogs?\b[^.|\n]*\b\d+ days\b/i,
    backupRetention: /\bbackups?\b[^.|\n]*\b\d+ days\b/i,
  }
  for (const [name, pattern] of Object.entries(typedOut)) {
    expect(source.includes(`{{${name}}}`), `${policyFile} uses {{${name}}}`).toBe(true)
    expect(source.split('\n').filter((line) => pattern.test(line)), `${name} typed out`).toEqual([])
  }
})

describe('what this site keeps in your browser', () => {
  const document = parseDocument(policy)
  const nodes = document.children.filter((node) => node.type === 'tag')
  const heading = nodes.findIndex((node) => 'attribs' in node && node.attribs.id === 'what-this-site-keeps-in-your-browser')
  const list = nodes.slice(heading + 1).find((node) => 'name' in node && node.name === 'ul')

  test('lists each key of the constant for this build, in order, with its storage and how long it stays', () => {
    expect(heading).toBeGreaterThan(-1)
    const items = list && 'children' in list ? list.children.filter((node) => node.type === 'tag') : []
    const entries = browserStorageOf({ analytics: false })
    expect(items.map((item) => text(readInner(item)).split(',')[0])).toEqual(entries.map((entry) => entry.key))
    items.forEach((item, index) => {
      const entry = entries[index]!
      const storage = entry.storage === 'localStorage' ? 'local storage' : 'session storage'
      expect(text(readInner(item))).toContain(`${entry.key}, in ${storage}, ${entry.lasts}:`)
    })
  })
})

/** The HTML inside a parsed element, enough to read its text. */
function readInner(node: unknown): string {
  const element = node as { children?: unknown[]; data?: string; name?: string }
  if (typeof element.data === 'string') return element.data
  return (element.children ?? []).map(readInner).join('')
}

test('docs/deploy.md keeps logs and backups as long as the policy says', () => {
  const deploy = readFileSync('docs/deploy.md', 'utf8')
  // journald keeps the Node server's log lines that long; nginx's logrotate keeps fewer days.
  const says = (phrase: string) => expect(deploy.includes(phrase), `docs/deploy.md says "${phrase}"`).toBe(true)
  says(`MaxRetentionSec=${SERVER_LOG_DAYS}day`)
  // The daily backup job deletes the copies older than that.
  says(`-mtime +${BACKUP_DAYS - 1} -delete`)
  says(`${BACKUP_DAYS} days`)
})
