import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { site } from '#app/lib/site/site.ts'
import { pageFiles } from './test-collections.ts'
import { placeholders, resolvePlaceholders } from './placeholders.ts'

// The offer and the claims have one source, app/lib/site/site.ts; copy refers to
// them through placeholders (docs/product.md#brand-and-business-facts). This
// test fails when a file under content/ types one of those figures out
// instead, so that a change of offer cannot miss a page.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const minutes = String(site.strategySession.minutes)

/** Each claim as copy might type it out, built from the config's own values. */
const claims: Record<string, RegExp> = {
  conversionUplift: new RegExp(`${escape(placeholders.conversionUplift.replace('%', ''))}\\s?%`),
  adSpendManaged: new RegExp(`${escape(site.claims.adSpendManaged.replace('+', ''))}(?![\\d.])`, 'i'),
  sessionMinutes: new RegExp(`\\b${minutes}(?:-minute|\\s+(?:free\\s+)?min(?:ute)?s?\\b)`, 'i'),
  sessionWorth: new RegExp(`${escape(placeholders.sessionWorth)}(?!\\d|,\\d)`),
  auditWorth: new RegExp(`${escape(placeholders.auditWorth)}(?!\\d|,\\d)`),
  auditChecklist: new RegExp(`\\b${escape(placeholders.auditChecklist.split(' ')[0]!)}\\b`, 'i'),
}

/**
 * Lines that hold one of those figures on purpose, each with the reason.
 * A line is allowed when it contains `line`; an entry that matches nothing
 * fails too, so the list cannot go stale.
 */
const allowed: { file: string; line: string; reason: string }[] = [
  {
    file: 'content/blog/saas-development-guide.md',
    line: 'a customer on a $300 monthly plan upgrades to a $500 plan',
    reason: 'a worked proration example with made-up plan prices, not the offer',
  },
  {
    file: 'content/blog/customer-retention-strategies.md',
    line: 'A 30-minute setup call for accounts above a revenue threshold',
    reason: "a client's onboarding call, not our strategy call",
  },
  {
    file: 'content/blog/content-marketing-guide.md',
    line: 'A 30-minute recorded conversation with a product lead',
    reason: 'an interview for content, not our strategy call',
  },
  {
    file: 'content/blog/b2b-marketing-guide.md',
    line: 'a 30-minute pipeline meeting',
    reason: "a client's weekly meeting, not our strategy call",
  },
  {
    file: 'content/blog/social-media-strategy.md',
    line: '20 to 30 minutes of community work',
    reason: 'daily time for community management, not our strategy call',
  },
  {
    file: 'content/blog/ai-workflows-save-time.md',
    line: '| Style and SEO check | 30 min |',
    reason: 'time a content task takes, not our strategy call',
  },
  {
    file: 'content/pages/terms.md',
    line: 'We offer a free 30-minute strategy session and a free marketing audit',
    reason:
      'legal text states the offer as it stood on its "Last updated" date, so a change of offer is a dated change of the terms (checked against the config below)',
  },
  {
    file: 'content/pages/terms.md',
    line: '- **The 47-point audit checklist**: ',
    reason: 'legal text, as above: the kit part by part (checked against the config in app/lib/leads/audit-kit.test.ts)',
  },
  {
    file: 'content/pages/terms.md',
    line: 'figures such as the 127% average lift in the conversion rate each client program set out to raise',
    reason: 'legal text, as above',
  },
]

function rawClaims(file: string, source: string) {
  return source.split('\n').flatMap((text, index) =>
    Object.entries(claims)
      .filter(([, pattern]) => pattern.test(text))
      .map(([claim]) => ({ file, line: index + 1, claim, text })),
  )
}

// Every page's copy; content/README.md documents the placeholders with their values.
const files = pageFiles()

describe('claims in content/', () => {
  const found = files.flatMap((file) => rawClaims(file, readFileSync(file, 'utf8')))
  const isAllowed = (hit: { file: string; text: string }) =>
    allowed.some((entry) => entry.file === hit.file && hit.text.includes(entry.line))

  test('are written as placeholders, never as the figure itself', () => {
    const raw = found
      .filter((hit) => !isAllowed(hit))
      .map((hit) => `${hit.file}:${hit.line}: ${hit.claim} typed out; write {{${hit.claim}}}`)
    expect(raw).toEqual([])
  })

  test('the allow list holds only lines that are still there', () => {
    const unused = allowed.filter(
      (entry) => !found.some((hit) => hit.file === entry.file && hit.text.includes(entry.line)),
    )
    expect(unused).toEqual([])
  })

  test('the scan finds a figure typed out in copy', () => {
    const hits = rawClaims('content/pages/x.md', 'A free call, worth $300, and a 30-minute review.\nUplift of 127 %, in 30 min.')
    expect(hits.map((hit) => hit.claim)).toEqual(['sessionMinutes', 'sessionWorth', 'conversionUplift', 'sessionMinutes'])
    expect(rawClaims('content/pages/x.md', 'Leads rose 127, spend $3,000 and $5,000; a 300-minute read.')).toEqual([])
  })

  test('the terms state the offer, and the uplift with what it measures, exactly as the config does', () => {
    const terms = readFileSync('content/pages/terms.md', 'utf8')
    expect(terms).toContain(
      resolvePlaceholders(
        'We offer a free {{sessionMinutes}}-minute strategy session and a free marketing audit, with materials we value at {{auditWorth}} ({{auditItems}}).',
      ),
    )
    expect(terms).toContain(resolvePlaceholders('the {{conversionUplift}} {{conversionUpliftMeaning}}'))
  })
})
