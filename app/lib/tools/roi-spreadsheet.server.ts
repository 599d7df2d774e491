import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { contentFileOf, parseFrontmatter } from '../content/files.ts'
import { flattened } from '../content/schemas.ts'
import { page } from '../site/registry.ts'
import {
  calculateRoi,
  DAYS_PER_MONTH,
  formatRate,
  noFigure,
  resultRows,
  roiDefaults,
  roiFieldNames,
  roiFields,
  type RoiField,
  type RoiInputs,
  type RoiResult,
  type RoiResultKey,
} from './roi.ts'
import { site } from '../site/site.ts'

/**
 * The ROI calculator spreadsheet (docs/product.md#downloads): the model of
 * app/lib/tools/roi.ts as an Excel workbook with live formulas, written at build by
 * app/pages/downloads/roi-calculator.xlsx.ts. Its inputs, labels, units,
 * help and defaults are the calculator's; its formulas are written here,
 * once, one per result and column, in the order and with the rounding of
 * `calculateRoi`; roi-spreadsheet.test.ts evaluates them with a formula engine
 * of its own and compares them with the calculator.
 *
 * Each formula cell also holds its result for the inputs written, computed
 * by roi.ts, so a viewer that does not recalculate shows the right figures;
 * spreadsheet programs that do recalculate on opening (Excel is told to)
 * agree with it. Like the calculator, the cells keep the month's unrounded
 * leads and customers and only their number format shows whole people.
 *
 * No chart: exceljs, which writes the file, cannot draw one.
 */

export const roiSheetNames = { inputs: 'Inputs', model: 'Model', notes: 'How it works' } as const

/** The Inputs sheet: a heading row, then one row per input in the calculator's order. */
const firstInputRow = 2
export const inputCells = Object.fromEntries(
  roiFieldNames.map((name, index) => [name, `B${firstInputRow + index}`]),
) as Record<RoiField, string>

/** An input as an absolute reference from the Model sheet: "Inputs!$B$2". */
function input(name: RoiField): string {
  const [, column, row] = /^([A-Z]+)(\d+)$/.exec(inputCells[name])!
  return `${roiSheetNames.inputs}!$${column}$${row}`
}

type Column = 'today' | 'withUplift'
const columnLetter: Record<Column, string> = { today: 'B', withUplift: 'C' }

interface ModelRow {
  key: RoiResultKey
  /** The formula of each column, without "=", given the cell of another result in the same column. */
  formula: (cell: (key: RoiResultKey) => string, column: Column) => string | null
  /** How the result is worked out, in words, beside it. */
  how: string
  numFmt: string
}

const money = '"$"#,##0.00'
const text = (value: string) => `"${value.replaceAll('"', '""')}"`

/**
 * The Model sheet's rows, in the order of `resultRows`: the steps of
 * content/pages/roi-calculator.md, "How each result is calculated".
 * Percentages are in percent, as the calculator takes them, and divided by
 * 100 last, as roi.ts divides them.
 */
const modelRows: ModelRow[] = [
  {
    key: 'conversion',
    formula: (_, column) =>
      column === 'today' ? input('conversion') : `MIN(100,${input('conversion')}*(100+${input('uplift')})/100)`,
    how: 'Today: yours. With the uplift: conversion rate × (1 + expected uplift), at most 100%.',
    numFmt: '0.00"%"',
  },
  {
    key: 'leads',
    formula: (cell) => `${input('visitors')}*${cell('conversion')}/100`,
    how: 'Monthly visitors × conversion rate; shown whole, kept as the average the rows below use.',
    numFmt: '#,##0',
  },
  {
    key: 'customers',
    formula: (cell) => `${cell('leads')}*${input('close')}/100`,
    how: 'Leads × lead-to-customer rate; shown whole, kept as the average.',
    numFmt: '#,##0',
  },
  {
    key: 'revenue',
    formula: (cell) => `ROUND(${cell('customers')}*${input('deal')},2)`,
    how: 'Customers × average deal or order value, to the cent.',
    numFmt: money,
  },
  {
    key: 'grossProfit',
    formula: (cell) => `ROUND(${cell('customers')}*${input('deal')}*${input('margin')}/100,2)`,
    how: 'Revenue × gross margin, to the cent, from the unrounded revenue.',
    numFmt: money,
  },
  {
    key: 'extraGrossProfit',
    // Today is the baseline: nothing extra by definition.
    formula: (cell, column) =>
      column === 'today' ? null : `ROUND(${cell('grossProfit')}-${columnLetter.today}${rowOf('grossProfit')},2)`,
    how: 'Gross profit with the uplift − gross profit today.',
    numFmt: money,
  },
  {
    key: 'cac',
    formula: (cell) =>
      `IF(${cell('customers')}>0,ROUND(${input('spend')}/${cell('customers')},2),${text(noFigure.cac)})`,
    how: 'Monthly marketing spend ÷ customers, to the cent; none without customers.',
    numFmt: money,
  },
  {
    key: 'roi',
    formula: (cell) =>
      `IF(${input('spend')}>0,(${cell('grossProfit')}-${input('spend')})/${input('spend')}*100,${text(noFigure.roi)})`,
    how: '(Gross profit − spend) ÷ spend, in percent, shown whole; none without spend.',
    numFmt: '#,##0"%"',
  },
  {
    key: 'paybackMonths',
    formula: (cell) =>
      `IF(${input('spend')}=0,0,IF(${cell('grossProfit')}>0,${input('spend')}/${cell('grossProfit')},${text(noFigure.paybackNever)}))`,
    how: `Spend ÷ gross profit, in months of ${DAYS_PER_MONTH} days; 0 without spend, never without gross profit.`,
    numFmt: '0.00" months"',
  },
]

/** The Model sheet: a heading row, then one row per result. */
function rowOf(key: RoiResultKey): number {
  return 2 + modelRows.findIndex((row) => row.key === key)
}

/** Where each result of each column is on the Model sheet: "B3" for today's leads. */
export const modelCells = Object.fromEntries(
  modelRows.map((row) => [
    row.key,
    { today: `${columnLetter.today}${rowOf(row.key)}`, withUplift: `${columnLetter.withUplift}${rowOf(row.key)}` },
  ]),
) as Record<RoiResultKey, Record<Column, string>>

/** The result roi.ts computes for a cell: its number, or what the calculator says where there is none. */
function resultOf(result: RoiResult, key: RoiResultKey, column: Column): number | string {
  if (key === 'extraGrossProfit') return column === 'today' ? 0 : result.extraGrossProfit
  const value = result[column][key]
  if (value !== null) return value
  if (key === 'cac') return noFigure.cac
  if (key === 'roi') return noFigure.roi
  return noFigure.paybackNever
}

/** The numbered steps of the page's "How each result is calculated", as the page writes them. */
function pageSteps(): string[] {
  const file = contentFileOf(page('/roi-calculator'))
  const { data } = parseFrontmatter(readFileSync(file, 'utf8')) as { data: { sections: unknown[] } }
  const sections = data.sections.map((section) => flattened('type', section) as { title?: string; body?: string })
  const body = sections.find((section) => section.title === 'How each result is calculated')?.body
  if (!body) throw new Error(`${file}: no section "How each result is calculated" for the spreadsheet's notes`)
  return body
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => line.replaceAll('**', ''))
}

const inputFill: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF4C2' } }
const bold = { bold: true }

function validation(name: RoiField): ExcelJS.DataValidation {
  const spec = roiFields[name]
  const range = spec.unit === '%' ? `a percentage from ${spec.min} to ${spec.max}` : `${spec.min} to ${spec.max}`
  return {
    type: spec.integer ? 'whole' : 'decimal',
    operator: 'between',
    allowBlank: false,
    formulae: [spec.min, spec.max],
    showErrorMessage: true,
    errorTitle: spec.label,
    error: `Enter ${spec.integer ? 'a whole number' : 'a number'}, ${range}.`,
  }
}

/** The workbook for `inputs` (the calculator's defaults unless given), as the bytes of an .xlsx file. */
export async function roiWorkbook(inputs: RoiInputs = roiDefaults): Promise<Buffer> {
  const result = calculateRoi(inputs)
  const book = new ExcelJS.Workbook()
  book.creator = site.name
  book.title = 'ROI calculator spreadsheet'
  book.company = site.name
  // Excel works every formula out again on opening; the results written below
  // serve viewers that do not.
  book.calcProperties.fullCalcOnLoad = true

  const inputsSheet = book.addWorksheet(roiSheetNames.inputs, { views: [{ state: 'frozen', ySplit: 1 }] })
  inputsSheet.columns = [
    { header: 'Input', width: 30 },
    { header: 'Value', width: 16 },
    { header: 'Unit', width: 10 },
    { header: 'What to enter', width: 90 },
  ]
  inputsSheet.getRow(1).font = bold
  for (const name of roiFieldNames) {
    const spec = roiFields[name]
    const row = inputsSheet.getRow(Number(inputCells[name].slice(1)))
    row.values = [spec.label, inputs[name], spec.unit, spec.help]
    const value = inputsSheet.getCell(inputCells[name])
    value.fill = inputFill
    value.numFmt = spec.unit === 'USD' ? '#,##0.00' : spec.integer ? '#,##0' : 'General'
    value.dataValidation = validation(name)
    row.getCell(4).alignment = { wrapText: true, vertical: 'top' }
    // Room for a help text of two lines (the uplift's), as not every program fits rows to wrapped text.
    if (spec.help.length > 90) row.height = 30
  }
  inputsSheet.addRow([])
  inputsSheet.addRow(['Change the yellow cells; the Model sheet follows. Rates are in percent: 2.5 means 2.5%.']).font =
    { italic: true }

  const model = book.addWorksheet(roiSheetNames.model, { views: [{ state: 'frozen', ySplit: 1, xSplit: 1 }] })
  model.columns = [{ width: 32 }, { width: 20 }, { width: 20 }, { width: 12 }, { width: 90 }]
  const heading = model.getRow(1)
  heading.values = ['Per month', 'Today', null, 'Unit', 'How it is calculated']
  heading.getCell(3).value = {
    formula: `"With "&${input('uplift')}&"% uplift"`,
    result: `With ${formatRate(inputs.uplift)} uplift`,
  }
  heading.font = bold
  for (const column of [2, 3]) heading.getCell(column).alignment = { horizontal: 'right' }
  const labels = new Map(resultRows(result).map((row) => [row.key, row]))
  for (const row of modelRows) {
    const shown = labels.get(row.key)!
    const sheetRow = model.getRow(rowOf(row.key))
    sheetRow.getCell(1).value = shown.label
    sheetRow.getCell(4).value = shown.unit
    sheetRow.getCell(5).value = row.how
    for (const column of ['today', 'withUplift'] as const) {
      const cell = model.getCell(modelCells[row.key][column])
      const formula = row.formula((key) => modelCells[key][column], column)
      const value = resultOf(result, row.key, column)
      cell.value = formula === null ? value : { formula, result: value }
      cell.numFmt = row.numFmt
      cell.alignment = { horizontal: 'right' }
    }
  }

  const notes = book.addWorksheet(roiSheetNames.notes)
  notes.columns = [{ width: 110 }]
  const lines: [string, Partial<ExcelJS.Font>?][] = [
    ['How the ROI calculator spreadsheet works', { bold: true, size: 14 }],
    [`The same model as the ROI calculator at ${site.origin}${page('/roi-calculator').path}, one month at a time.`],
    [
      'Enter your figures in the yellow cells of the Inputs sheet. The Model sheet works out today and the month with the expected conversion uplift, side by side.',
    ],
    [''],
    ['How each result is calculated', bold],
    ...pageSteps().map((step): [string] => [step]),
    [''],
    ['Rounding', bold],
    [
      'Money is rounded to the cent (ROUND in the formulas), ROI is shown to the whole percent and the payback period to two decimals of a month.',
    ],
    [
      'Leads and customers are shown as whole numbers, but the cells keep the month’s averages, and revenue and profit use them unrounded, as the calculator does.',
    ],
    [''],
    ['The expected uplift', bold],
    [roiFields.uplift.help],
    [''],
    ['Limits', bold],
    [
      'An estimate, not a forecast or a promise: it assumes a steady month, counts only the first sale, scales in a straight line, ignores timing and stops at gross profit. The calculator’s page explains each limit.',
    ],
  ]
  for (const [line, font] of lines) {
    const row = notes.addRow([line])
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' }
    if (font) row.font = font
  }

  for (const sheet of [inputsSheet, model, notes]) {
    sheet.pageSetup = { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 }
  }
  return Buffer.from(await book.xlsx.writeBuffer())
}
