import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseFrontmatter } from './files.ts'
import { copyOf, pageFiles } from './test-collections.ts'

// Copy is read long after it is written: "this month" in an article from
// January 2025 means nothing in November 2026. An event gets its date ("in
// January 2025", "since May 2024"); words such as "this year" stay only
// where they mean the reader's own time (a plan to start, last year's sales
// to bring), each on the list below with its reason (content/README.md).

const relative = /\b(?:this (?:month|year)|(?:last|next) year)\b/gi

/** Lines that say "this year" and the like of the reader's own time, each with the reason. */
const allowed: { file: string; line: string; reason: string }[] = [
  {
    file: 'content/cities/denver.md',
    line: "bring last year's sales by month",
    reason: "the reader's own last year, to plan the next season",
  },
  {
    file: 'content/cities/chicago.md',
    line: 'book the same space next year',
    reason: "the reader's next show, whichever year it is",
  },
  {
    file: 'content/blog/b2b-marketing-guide.md',
    line: 'which accounts get attention this month',
    reason: 'a monthly routine the reader runs',
  },
  {
    file: 'content/blog/b2b-marketing-guide.md',
    line: 'Say your target is $3M in new annual recurring revenue this year',
    reason: "a worked example in the reader's planning year",
  },
  {
    file: 'content/blog/b2b-marketing-guide.md',
    line: 'will mostly close next year',
    reason: 'the same worked example',
  },
  {
    file: 'content/blog/linkedin-engagement-playbook.md',
    line: 'whatever format seems favored this month',
    reason: 'advice that holds in any month',
  },
  {
    file: 'content/services/paid-ads.md',
    line: "not on last year's split",
    reason: "the reader's own budget of the year before",
  },
  {
    file: 'content/pages/dashboard.md',
    line: 'the same period last year',
    reason: 'a comparison the dashboard draws for any date',
  },
  {
    file: 'content/pages/resources/ai-optimization-guide.md',
    line: "Below are this month's results by channel",
    reason: 'a prompt the reader pastes into a tool with their own month',
  },
  {
    file: 'content/pages/roi-calculator.md',
    line: 'Leads from this month may close',
    reason: "the reader's own pipeline",
  },
  {
    file: 'content/pages/resources/audit-checklist.md',
    line: 'spend this month to date',
    reason: 'a check the reader runs on the day they use the checklist',
  },
]

function relativeDates(file: string, source: string) {
  return source.split('\n').flatMap((text, index) =>
    [...text.matchAll(relative)].map((match) => ({ file, line: index + 1, words: match[0], text })),
  )
}

const files = pageFiles()
const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]))

describe('dates in content/', () => {
  const found = [...sources].flatMap(([file, source]) => relativeDates(file, copyOf(file, source)))
  const isAllowed = (hit: { file: string; text: string }) =>
    allowed.some((entry) => entry.file === hit.file && hit.text.includes(entry.line))

  test('an event is given its date, not "this month", "this year", "last year" or "next year"', () => {
    const undated = found
      .filter((hit) => !isAllowed(hit))
      .map((hit) => `${hit.file}: "${hit.words}" in "${hit.text}": give the date`)
    expect(undated).toEqual([])
  })

  test('the allow list holds only lines that are still there', () => {
    const unused = allowed.filter(
      (entry) => !found.some((hit) => hit.file === entry.file && hit.text.includes(entry.line)),
    )
    expect(unused).toEqual([])
  })

  test('the scan finds each of the words, in any case', () => {
    const hits = relativeDates('content/x.md', 'This year TikTok left.\nAs last year, and next year; next month.\nThis month; this monthly.')
    expect(hits.map((hit) => `${hit.line}: ${hit.words}`)).toEqual([
      '1: This year',
      '2: last year',
      '2: next year',
      '3: This month',
    ])
  })
})

/** The years an article's closing call to action names that are before its last review. */
function staleYears(source: string): string[] {
  const { data } = parseFrontmatter(source) as {
    data: { date: string; updated?: string; cta: { title: string; body: string; label: string } }
  }
  const reviewed = Number((data.updated ?? data.date).slice(0, 4))
  const { title, body, label } = data.cta
  return [...`${title} ${body} ${label}`.matchAll(/\b20\d\d\b/g)]
    .map((match) => match[0])
    .filter((year) => Number(year) < reviewed)
}

describe("an article's call to action", () => {
  const articles = [...sources].filter(([file]) => file.startsWith('content/blog/'))

  test('names no year before the article was last reviewed', () => {
    const stale = articles.flatMap(([file, source]) => staleYears(source).map((year) => `${file}: ${year}`))
    expect(stale).toEqual([])
  })

  test('a plan for a year gone by is caught', () => {
    const planted = '---\ndate: "2024-01-25"\nupdated: "2026-11-23"\ncta:\n  title: "Turn the trends into a plan"\n  body: "A free call."\n  label: "Plan My 2024 Roadmap"\n---\n'
    expect(staleYears(planted)).toEqual(['2024'])
  })
})
