import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { auditKit } from './audit-kit.ts'
import { parseFrontmatter } from '../content/files.ts'
import { placeholders } from '../content/placeholders.ts'
import { getPage } from '../content/queries.server.ts'
import { downloads } from '../site/downloads.ts'
import { aiGuidePath, checklistPath } from '../site/navigation.ts'
import { findPage, page } from '../site/registry.ts'
import { site } from '../site/site.ts'
import { passagesOf } from '#app/lib/content/test-collections.ts'

// The free audit's kit (docs/product.md#brand-and-business-facts): three
// parts, each real, each named the same way and said what it is wherever
// the kit is listed with its value.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

describe('the audit kit', () => {
  test('names its parts without articles; sentences add their own', () => {
    expect(site.auditOffer.kit.map((part) => part.name)).toEqual([
      '47-point audit checklist',
      'ROI calculator spreadsheet',
      'AI optimization guide',
    ])
    expect(placeholders.auditItems).toBe(
      'a 47-point audit checklist, an ROI calculator spreadsheet and an AI optimization guide',
    )
    expect(placeholders.auditChecklist).toBe(site.auditOffer.kit[0].name)
  })

  test('links each part to its page or download', () => {
    expect(auditKit.map((part) => part.links.map((link) => link.path))).toEqual([
      [checklistPath, downloads.auditChecklist.path],
      [downloads.roiSpreadsheet.path],
      [aiGuidePath],
    ])
    expect(aiGuidePath).toBe('/resources/ai-optimization-guide')
    expect(downloads.roiSpreadsheet.path).toBe('/downloads/roi-calculator.xlsx')
  })

  test('/resources lists each part with what it is, its links, and the value of the whole', async () => {
    const resources = await getPage(page('/resources'))
    const kit = resources.sections.find(
      (section) => section.type === 'prose' && section.body.html.includes(site.auditOffer.kit[0].name),
    )
    expect(kit).toBeDefined()
    const html = (kit as { body: { html: string } }).body.html
    expect(html).toContain(`valued at ${site.auditOffer.worth}`)
    for (const part of auditKit) {
      expect(html).toContain(`<li><strong>The ${part.name}</strong>: ${escapeHtml(part.what)}.`)
      for (const link of part.links) expect(html).toContain(`<a href="${link.path}">${link.label}</a>`)
    }
  })

  test('the terms list each part as the config says it', () => {
    const terms = readFileSync('content/pages/terms.md', 'utf8')
    for (const part of site.auditOffer.kit) expect(terms).toContain(`\n- **The ${part.name}**: ${part.what}.\n`)
  })
})

describe('the AI optimization guide', () => {
  const entry = findPage('/resources/ai-optimization-guide')
  const file = readFileSync('content/pages/resources/ai-optimization-guide.md', 'utf8')
  const body = parseFrontmatter(file).content

  test('is a page of its own under /resources, in the sitemap, not a blog post', () => {
    expect(entry).toMatchObject({ name: 'AI Optimization Guide', group: 'tools', collection: 'pages', route: 'page' })
    expect(entry!.noIndex).toBeUndefined()
  })

  test('goes through research, briefs, ad variants, reporting, email and QA, each with prompts, checks and a measure', () => {
    const parts = body.split(/^## /m).slice(1)
    const areas = ['Research', 'Briefs', 'Ad variants', 'Reporting', 'Email', 'QA']
    for (const area of areas) {
      const part = parts.find((text) => text.split('\n')[0]!.includes(area))
      expect(part, area).toBeDefined()
      const headings = [...part!.matchAll(/^### (.+)$/gm)].map((match) => match[1])
      expect(headings, area).toEqual([
        'The prompts we use',
        'What a person checks before it ships',
        'How we know it worked',
      ])
      const prompts = part!.slice(part!.indexOf('### The prompts we use'), part!.indexOf('### What a person checks'))
      // Each prompt is written out in full, ready to paste.
      const blocks = [...prompts.matchAll(/^```text\n([\s\S]*?)\n```$/gm)].map((match) => match[1]!)
      expect(blocks.length, area).toBeGreaterThanOrEqual(1)
      for (const block of blocks) expect(block.split(/\s+/).length, area).toBeGreaterThanOrEqual(40)
    }
  })

  test('is the length of an article', () => {
    expect(body.split(/\s+/).filter(Boolean).length).toBeGreaterThanOrEqual(2500)
  })

  test('is linked from /resources', () => {
    const links = passagesOf('content/pages/resources.md').filter((passage) => passage.key === 'href')
    expect(links.map((link) => link.text)).toContain('/resources/ai-optimization-guide')
  })
})
