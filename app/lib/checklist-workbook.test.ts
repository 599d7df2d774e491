import { describe, expect, test } from 'vitest'
import { resolvePlaceholders } from './content/placeholders.ts'
import { getPage } from './content/queries.server.ts'
import { checklistScore, checklistStatuses, tallyChecklist } from './tools/checklist-score.ts'
import { auditChecklistSections, checklistSheetNames, checklistWorkbook } from './tools/checklist-workbook.server.ts'
import { downloads } from './site/downloads.ts'
import { checklistPath } from './site/navigation.ts'
import { page } from './site/registry.ts'
import { engineFor, openWorkbook } from './tools/test-spreadsheets.ts'
import { readFields } from './content/test-collections.ts'

// The checklist as a download: the workbook is written at build from the
// same content file as /resources/audit-checklist, one row per point. Read
// back as a spreadsheet program reads it, and its score formulas evaluated
// by a formula engine of their own (HyperFormula).

interface Point {
  title: string
  how: string
  good: string
}

/** The checklist's sections as the content file writes them. */
const source = readFields('content/pages/resources/audit-checklist.md').fields as {
  sections: { type: string; title: string; items?: Point[] }[]
}
const written = source.sections
  .filter((section) => section.type === 'checklist')
  .map((section) => ({
    title: section.title,
    items: section.items!.map((item) => ({
      title: resolvePlaceholders(item.title.trim()),
      how: resolvePlaceholders(item.how.trim()),
      good: resolvePlaceholders(item.good.trim()),
    })),
  }))

const book = await openWorkbook(await checklistWorkbook(await auditChecklistSections()))
const points = book.getWorksheet(checklistSheetNames.points)!
const scores = book.getWorksheet(checklistSheetNames.scores)!

describe('the audit checklist workbook', () => {
  test('holds every point of the page, one row each, numbered as the page numbers them', () => {
    expect(points.getRow(1).values).toEqual([
      undefined,
      '#',
      'Section',
      'Point',
      'How to check',
      'What good looks like',
      'Status',
      'Notes',
    ])
    const expected = written.flatMap((section) => section.items.map((item) => [section.title, item]))
    expect(expected).toHaveLength(47)
    expect(points.rowCount).toBe(1 + 47)
    expected.forEach(([section, item], index) => {
      const values = points.getRow(index + 2).values as unknown[]
      expect(values.slice(1, 6)).toEqual([
        index + 1,
        section,
        (item as Point).title,
        (item as Point).how,
        (item as Point).good,
      ])
      expect(values[6] ?? null).toBeNull()
      expect(values[7] ?? null).toBeNull()
    })
  })

  test('each Status cell offers Pass, Partial and Fail, and refuses anything else', () => {
    expect(checklistStatuses).toEqual(['Pass', 'Partial', 'Fail'])
    for (let row = 2; row <= 48; row += 1) {
      expect(points.getCell(row, 6).dataValidation).toMatchObject({
        type: 'list',
        allowBlank: true,
        formulae: ['"Pass,Partial,Fail"'],
        showErrorMessage: true,
      })
    }
  })

  test('the Scores sheet counts the points, passes, partials, fails and those not yet scored, and scores them, per section', () => {
    const engine = engineFor(book)
    const sheet = engine.getSheetId(checklistSheetNames.points)!
    const set = (row: number, status: string) => engine.setCellContents({ sheet, row: row - 1, col: 5 }, status)
    // Points 1 and 2 pass, 3 partly, 9 (the first of the second section) fails.
    set(2, 'Pass')
    set(3, 'Pass')
    set(4, 'Partial')
    const secondSection = 2 + written[0]!.items.length
    set(secondSection, 'Fail')
    const scoresId = engine.getSheetId(checklistSheetNames.scores)!
    const table = engine.getSheetValues(scoresId)
    expect(table[0]).toEqual(['Section', 'Points', 'Pass', 'Partial', 'Fail', 'Not scored', 'Score'])
    expect(table.slice(1, 1 + written.length).map((row) => row.slice(0, 2))).toEqual(
      written.map((section) => [section.title, section.items.length]),
    )
    expect(table[1]!.slice(2)).toEqual([2, 1, 0, written[0]!.items.length - 3, 2.5])
    expect(table[2]!.slice(2)).toEqual([0, 0, 1, written[1]!.items.length - 1, 0])
    expect(table[1 + written.length]).toEqual(['All sections', 47, 2, 1, 1, 43, 2.5])
    expect(scores.getCell(2, 3).formula).toMatch(/COUNTIFS/)
  })

  test('scores the same answers as the page does (checklist-score.ts), section by section and in all', () => {
    const engine = engineFor(book)
    const sheet = engine.getSheetId(checklistSheetNames.points)!
    // Every point answered in turn Pass, Partial, Fail, then left without an answer.
    const cycle = [...checklistStatuses, undefined]
    const answers = Array.from({ length: 47 }, (_, index) => cycle[index % cycle.length])
    answers.forEach((answer, index) => {
      if (answer) engine.setCellContents({ sheet, row: index + 1, col: 5 }, answer)
    })
    const table = engine.getSheetValues(engine.getSheetId(checklistSheetNames.scores)!)
    let first = 0
    written.forEach((section, index) => {
      const own = answers.slice(first, first + section.items.length)
      first += section.items.length
      expect(table[1 + index]![6], section.title).toBe(checklistScore(tallyChecklist(own)))
    })
    expect(table[1 + written.length]![6]).toBe(checklistScore(tallyChecklist(answers)))
  })

  test('is linked from the checklist page and listed as a download', async () => {
    expect(downloads.auditChecklist.path).toBe('/downloads/marketing-audit-checklist.xlsx')
    const checklist = await getPage(page(checklistPath))
    expect(checklist.actions).toContainEqual({ label: 'Download the workbook', href: downloads.auditChecklist.path })
  })
})
