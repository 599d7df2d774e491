import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { parseFrontmatter } from './files.ts'
import { copyOf, editFields, pageFiles, passagesOf, type Fields } from './test-collections.ts'
import { resolvePlaceholders } from './placeholders.ts'

// What the agency offers, told one way on every page
// (docs/product.md#brand-and-business-facts): the strategy call has one
// label and one destination, the free audit kit and the free marketing
// audit are named apart, every claim of the conversion uplift says what it
// measures, and what every client can have is no plan's feature.

const files = pageFiles()
const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]))

// ---------------------------------------------------------------------------
// The strategy call: one label, one destination.

interface ContentLink {
  label: string
  /** `booking` (the strategy call), a path, or where an article's button goes. */
  href: string
}

/** The links of a file: Markdown links, `{ label, href }` fields and an article's button (to /contact). */
function linksOf(file: string, source: string): ContentLink[] {
  const links: ContentLink[] = []
  for (const { text, holder, key } of passagesOf(file, source)) {
    for (const match of text.matchAll(/\[([^\]\n]+)\]\(([^)\s]+)\)/g)) {
      links.push({ label: resolvePlaceholders(match[1]!), href: match[2]! })
    }
    if (holder && key === 'label') {
      const href = typeof holder.href === 'string' ? holder.href : file.startsWith('content/blog/') ? '/contact' : ''
      if (href) links.push({ label: resolvePlaceholders(text), href })
    }
  }
  return links
}

/** A sentence may start the label in lower case: "[book your free strategy call](booking) for...". */
const sameLabel = (label: string) => label === strategyCall.label || label === `b${strategyCall.label.slice(1)}`

function strategyCallProblems(file: string, source: string): string[] {
  return linksOf(file, source).flatMap(({ label, href }) => {
    const isCall = href === 'booking' || /strategy (?:call|session)/i.test(label)
    if (!isCall) return []
    const problems: string[] = []
    if (!sameLabel(label)) problems.push(`${file}: "${label}" (${href}) reads other than "${strategyCall.label}"`)
    if (href !== 'booking' && href !== strategyCall.href) {
      problems.push(`${file}: "${label}" goes to ${href}, not to the strategy call ("booking")`)
    }
    return problems
  })
}

describe('the strategy call in content/', () => {
  test(`every link to it reads "${strategyCall.label}" and goes to "booking" or ${strategyCall.href}`, () => {
    expect([...sources].flatMap(([file, source]) => strategyCallProblems(file, source))).toEqual([])
  })

  test('a link with another label, or to another place, is caught', () => {
    const planted =
      '[Book Your Strategy Call](booking), [a free strategy call](/about) or [Book your free strategy call](booking).'
    expect(strategyCallProblems('content/x.md', `---\ntitle: x\n---\n${planted}\n`)).toEqual([
      `content/x.md: "Book Your Strategy Call" (booking) reads other than "${strategyCall.label}"`,
      `content/x.md: "a free strategy call" (/about) reads other than "${strategyCall.label}"`,
      'content/x.md: "a free strategy call" goes to /about, not to the strategy call ("booking")',
    ])
  })
})

// ---------------------------------------------------------------------------
// The free audit kit (e-mailed materials) and the free marketing audit (our
// two-week review): two things, each named for what it is.

/**
 * The pages that describe the kit part by part: its own pages, and the terms,
 * which state the offer as dated legal text (app/lib/content/claims.test.ts
 * and app/lib/leads/audit-kit.test.ts check them against the config).
 */
const kitPages = ['content/pages/resources.md', 'content/pages/terms.md']
const isKitPage = (file: string) => kitPages.includes(file) || file.startsWith('content/pages/resources/')

function auditProblems(file: string, source: string): string[] {
  const problems: string[] = []
  for (const { text, holder, key } of passagesOf(file, source)) {
    // A figure of a stats list: its label says what it is.
    const said = key === 'value' && typeof holder?.label === 'string' ? holder.label : text
    if (/\{\{(?:auditItems|auditWorth)\}\}/.test(text) && !/audit kit/i.test(said)) {
      problems.push(`${file}: the kit's parts or worth without naming the free audit kit: "${said.trim().slice(0, 140)}"`)
    }
    const paid = /\bpaid audit\b/i.exec(text)
    if (paid) problems.push(`${file}: "${paid[0]}": no audit is sold, the free marketing audit is the only one`)
  }
  return problems
}

describe('the free audit kit and the free marketing audit', () => {
  test('the kit is named wherever its parts or its worth are, and no paid audit is offered', () => {
    expect([...sources].filter(([file]) => !isKitPage(file)).flatMap(([file, source]) => auditProblems(file, source))).toEqual(
      [],
    )
  })

  test('copy that gives the audit the kit, or sells a deeper audit, is caught', () => {
    const planted = [
      'The free marketing audit includes {{auditItems}}, valued at {{auditWorth}}.',
      'Larger accounts get a deeper, paid audit.',
      'The audit comes with the free audit kit: {{auditItems}}.',
    ].join('\n')
    expect(auditProblems('content/x.md', `---\ntitle: x\n---\n${planted}\n`)).toEqual([
      'content/x.md: the kit\'s parts or worth without naming the free audit kit: "The free marketing audit includes {{auditItems}}, valued at {{auditWorth}}."',
      'content/x.md: "paid audit": no audit is sold, the free marketing audit is the only one',
    ])
  })
})

// ---------------------------------------------------------------------------
// The conversion uplift says what it measures wherever it is claimed.

function upliftProblems(file: string, source: string): string[] {
  return passagesOf(file, source).flatMap(({ text, holder, key }) => {
    if (!/\{\{conversionUplift\}\}/.test(text)) return []
    // A figure of a stats list: its label says what it is.
    const said = key === 'value' && typeof holder?.label === 'string' ? holder.label : text
    return said.includes('{{conversionUpliftMeaning}}')
      ? []
      : [`${file}: {{conversionUplift}} without {{conversionUpliftMeaning}}: "${said.trim().slice(0, 140)}"`]
  })
}

describe('the conversion uplift claim', () => {
  test('says what it measures ({{conversionUpliftMeaning}}) wherever copy claims it', () => {
    expect([...sources].flatMap(([file, source]) => upliftProblems(file, source))).toEqual([])
  })

  test('a claim without its meaning is caught, in a stat and in a sentence', () => {
    const planted = [
      '---',
      'outcomes:',
      '  - value: "{{conversionUplift}}"',
      '    label: "average conversion uplift across client programs"',
      '---',
      "Northpeak's average conversion uplift is {{conversionUplift}}.",
    ].join('\n')
    expect(upliftProblems('content/x.md', planted)).toEqual([
      'content/x.md: {{conversionUplift}} without {{conversionUpliftMeaning}}: "average conversion uplift across client programs"',
      'content/x.md: {{conversionUplift}} without {{conversionUpliftMeaning}}: "Northpeak\'s average conversion uplift is {{conversionUplift}}."',
    ])
  })
})

// ---------------------------------------------------------------------------
// On-site workshops: any client may ask for one, quoted apart; so no plan
// lists them as its own.

interface PricingSection {
  type: string
  plans?: { name: string; features: string[] }[]
}

function planWorkshops(source: string): string[] {
  const { data } = parseFrontmatter(source) as { data: { sections?: PricingSection[] } }
  return (data.sections ?? [])
    .flatMap((section) => section.plans ?? [])
    .flatMap((plan) => plan.features.filter((feature) => /workshop/i.test(feature)).map((feature) => `${plan.name}: ${feature}`))
}

describe('on-site workshops', () => {
  const pricing = sources.get('content/pages/pricing.md')!

  test('are no plan feature on /pricing, which says any client can ask for one, quoted apart', () => {
    expect(planWorkshops(pricing)).toEqual([])
    expect(copyOf('content/pages/pricing.md', pricing)).toMatch(/on-site workshops?[^\n]*any (?:client|plan)[^\n]*quote|any (?:client|plan)[^\n]*on-site workshops?[^\n]*quote/i)
  })

  test('a plan that lists a workshop is caught', () => {
    const planted = editFields((fields) => {
      fields.sections
        .flatMap((section: Fields) => section.plans ?? [])
        .find((plan: Fields) => plan.name === 'Scale')
        .features.unshift('Quarterly on-site planning workshop on request')
    })(pricing, 'content/pages/pricing.md')
    expect(planWorkshops(planted)).toEqual(['Scale: Quarterly on-site planning workshop on request'])
  })
})
