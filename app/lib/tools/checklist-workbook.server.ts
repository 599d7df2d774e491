import ExcelJS from 'exceljs'
import { getPage } from '../content/queries.server.ts'
import { checklistPath } from '../site/navigation.ts'
import { page } from '../site/registry.ts'
import { site } from '../site/site.ts'
import { checklistPointValues, checklistStatuses } from './checklist-score.ts'

/**
 * The 47-point audit checklist as a workbook to score (docs/product.md#downloads),
 * written at build by app/pages/downloads/marketing-audit-checklist.xlsx.ts
 * from the same content file as /resources/audit-checklist: one row per
 * point with its section, how to check it and what good looks like, a Status
 * to choose (Pass, Partial or Fail) and Notes; a Scores sheet counts them per
 * section and scores them by the page's rule (checklist-score.ts), so the page
 * and the workbook give the same score for the same answers. A workbook rather than a text file because scoring is what the
 * page asks the reader to do, and a spreadsheet can filter, sort and count
 * the scores; the page itself stays the printable version.
 */

export interface ChecklistSection {
  title: string
  items: { title: string; how: string; good: string }[]
}

export const checklistSheetNames = { points: 'Checklist', scores: 'Scores' } as const

/** The checklist groups of the checklist page, as the content loader checked them. */
export async function auditChecklistSections(): Promise<ChecklistSection[]> {
  return (await getPage(page(checklistPath))).sections.flatMap((section) =>
    section.type === 'checklist' ? [{ title: section.title, items: section.items }] : [],
  )
}

const bold = { bold: true }
const wrap: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' }

/**
 * A row tall enough for its wrapped text: spreadsheet programs do not all fit
 * rows to their text when they open a file, so the height is written. A
 * column fits about as many characters a line as its width; 15 points a line.
 */
function fitHeight(row: ExcelJS.Row, widths: number[]) {
  const lines = Math.max(
    1,
    ...widths.map((width, index) => {
      const text = String(row.getCell(index + 1).value ?? '')
      return Math.ceil(text.length / width)
    }),
  )
  row.height = lines * 15 + 3
}

/** The workbook of `sections`, as the bytes of an .xlsx file. */
export async function checklistWorkbook(sections: ChecklistSection[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.creator = site.name
  book.title = `Marketing audit checklist`
  book.company = site.name
  book.calcProperties.fullCalcOnLoad = true

  const sheet = book.addWorksheet(checklistSheetNames.points, { views: [{ state: 'frozen', ySplit: 1 }] })
  const widths = [5, 24, 36, 60, 50, 11, 40]
  sheet.columns = ['#', 'Section', 'Point', 'How to check', 'What good looks like', 'Status', 'Notes'].map(
    (header, index) => ({ header, width: widths[index] }),
  )
  sheet.getRow(1).font = bold
  let number = 0
  for (const section of sections) {
    for (const item of section.items) {
      number += 1
      const row = sheet.addRow([number, section.title, item.title, item.how, item.good, null, null])
      row.alignment = wrap
      fitHeight(row, widths)
      row.getCell(3).font = bold
      row.getCell(6).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${checklistStatuses.join(',')}"`],
        showErrorMessage: true,
        errorTitle: 'Status',
        error: `Choose ${checklistStatuses.slice(0, -1).join(', ')} or ${checklistStatuses.at(-1)}.`,
        showInputMessage: true,
        promptTitle: 'Status',
        prompt: 'Score the point against what good looks like.',
      }
    }
  }
  const last = 1 + number
  sheet.autoFilter = `A1:G${last}`
  sheet.pageSetup = {
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: '1:1',
  }

  const scores = book.addWorksheet(checklistSheetNames.scores)
  scores.columns = [{ width: 28 }, { width: 9 }, { width: 9 }, { width: 9 }, { width: 9 }, { width: 12 }, { width: 9 }]
  scores.addRow(['Section', 'Points', ...checklistStatuses, 'Not scored', 'Score']).font = bold
  // The score of row `row`: each status's count (columns C to E, in the order of
  // checklistStatuses) times what it earns (checklistPointValues).
  const score = (row: number) =>
    checklistStatuses.map((status, index) => `${'CDE'[index]}${row}*${checklistPointValues[status]}`).join('+')
  const column = (letter: string) => `${checklistSheetNames.points}!$${letter}$2:$${letter}$${last}`
  const count = (criteria: string, status?: string) =>
    `COUNTIFS(${column('B')},${criteria}${status ? `,${column('F')},"${status}"` : ''})`
  sections.forEach((section, index) => {
    const row = index + 2
    scores.addRow([
      section.title,
      { formula: count(`$A${row}`), result: section.items.length },
      ...checklistStatuses.map((status) => ({ formula: count(`$A${row}`, status), result: 0 })),
      { formula: `B${row}-C${row}-D${row}-E${row}`, result: section.items.length },
      { formula: score(row), result: 0 },
    ])
  })
  const first = 2
  const end = 1 + sections.length
  const total = scores.addRow([
    'All sections',
    ...['B', 'C', 'D', 'E', 'F', 'G'].map((letter) => ({
      formula: `SUM(${letter}${first}:${letter}${end})`,
      result: letter === 'B' || letter === 'F' ? number : 0,
    })),
  ])
  total.font = bold
  scores.addRow([])
  for (const line of [
    'Score each point on the Checklist sheet, in its Status column; this sheet counts them. A Pass earns the point, a Partial half of it, a Fail or a point not scored nothing.',
    (await getPage(page(checklistPath))).lede,
    `The checklist online, to read or print: ${site.origin}${checklistPath}`,
  ]) {
    const row = scores.addRow([line])
    scores.mergeCells(`A${row.number}:G${row.number}`)
    row.getCell(1).alignment = wrap
    // The merged cell is as wide as the seven columns.
    row.height = Math.ceil(line.length / 85) * 15 + 3
  }
  return Buffer.from(await book.xlsx.writeBuffer())
}
