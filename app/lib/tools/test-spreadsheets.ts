import ExcelJS from 'exceljs'
import { HyperFormula, type RawCellContent } from 'hyperformula'

// For the tests of the spreadsheets written at build (roi-spreadsheet.test.ts,
// checklist-workbook.test.ts): a file opened as a spreadsheet program opens
// it, and its formulas evaluated by a formula engine of their own
// (HyperFormula, a development dependency), never by the code that wrote them.

/** The workbook in `file`, as exceljs reads it. */
export async function openWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(file as unknown as ArrayBuffer)
  return book
}

/** Every sheet as rows of raw contents: a formula as "=...", as a spreadsheet program reads it. */
export function engineFor(book: ExcelJS.Workbook): HyperFormula {
  const sheets: Record<string, RawCellContent[][]> = {}
  book.eachSheet((sheet) => {
    const rows: RawCellContent[][] = []
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: RawCellContent[] = []
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cell.formula ? `=${cell.formula}` : (cell.value as RawCellContent)
      })
      rows[rowNumber - 1] = Array.from(cells, (value) => value ?? null)
    })
    sheets[sheet.name] = Array.from(rows, (row) => row ?? [])
  })
  // Unrounded values, as a spreadsheet keeps them (the engine rounds what it returns to 8 decimals by default).
  return HyperFormula.buildFromSheets(sheets, { licenseKey: 'gpl-v3', smartRounding: false })
}
