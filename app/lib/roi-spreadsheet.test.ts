import type { HyperFormula } from 'hyperformula'
import { describe, expect, test } from 'vitest'
import {
  calculateRoi,
  formatCount,
  formatPayback,
  formatRoi,
  resultRows,
  roiDefaults,
  roiFieldNames,
  roiFields,
  type RoiInputs,
  type RoiResult,
  type RoiResultKey,
} from './tools/roi.ts'
import { exampleCell, exampleColumns, exampleInputs, numberIn } from './tools/roi-example.ts'
import { inputCells, modelCells, roiSheetNames, roiWorkbook } from './tools/roi-spreadsheet.server.ts'
import { engineFor, openWorkbook } from './tools/test-spreadsheets.ts'
import { readFields } from './content/test-collections.ts'

// The ROI calculator spreadsheet, opened as a visitor's spreadsheet program
// would open it, and its formulas evaluated by a formula engine of their own
// (HyperFormula), never by the code that wrote them: so the file is checked
// against the calculator (app/lib/tools/roi.ts) and against the worked example the
// page states (content/pages/roi-calculator.md).

function at(engine: HyperFormula, sheet: string, cell: string) {
  const address = engine.simpleCellAddressFromString(cell, engine.getSheetId(sheet)!)
  if (!address) throw new Error(`No cell ${sheet}!${cell}`)
  return address
}

const evaluate = (engine: HyperFormula, sheet: string, cell: string) => engine.getCellValue(at(engine, sheet, cell))

function setInputs(engine: HyperFormula, inputs: RoiInputs) {
  for (const name of roiFieldNames)
    engine.setCellContents(at(engine, roiSheetNames.inputs, inputCells[name]), inputs[name])
}

const resultKeys = Object.keys(modelCells) as RoiResultKey[]
const columns = ['today', 'withUplift'] as const
const moneyKeys: RoiResultKey[] = ['revenue', 'grossProfit', 'extraGrossProfit', 'cac']

/** What the calculator computes for a result: its number, or the sentence it shows where there is none. */
function calculated(result: RoiResult, key: RoiResultKey, column: (typeof columns)[number]): number | string {
  const row = resultRows(result).find((entry) => entry.key === key)!
  if (key === 'extraGrossProfit') return column === 'today' ? 0 : result.extraGrossProfit
  const value = result[column][key]
  return value ?? (column === 'today' ? row.today : row.withUplift)
}

/** Every result of the engine against the calculator's, money to the cent. */
function expectCalculatorResults(engine: HyperFormula, inputs: RoiInputs) {
  const result = calculateRoi(inputs)
  for (const key of resultKeys) {
    for (const column of columns) {
      const value = evaluate(engine, roiSheetNames.model, modelCells[key][column])
      const expected = calculated(result, key, column)
      const where = `${key}, ${column}, for ${JSON.stringify(inputs)}`
      if (typeof expected === 'string' || moneyKeys.includes(key)) expect(value, where).toBe(expected)
      else expect(value, where).toBeCloseTo(expected, 9)
    }
  }
}

const book = await openWorkbook(await roiWorkbook())

describe('the ROI calculator spreadsheet', () => {
  test('has an Inputs sheet, a Model sheet and a How it works sheet', () => {
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      roiSheetNames.inputs,
      roiSheetNames.model,
      roiSheetNames.notes,
    ])
  })

  test("the Inputs sheet holds the calculator's seven inputs, labeled, with their units, defaults and help", () => {
    const sheet = book.getWorksheet(roiSheetNames.inputs)!
    expect(sheet.getRow(1).values).toEqual([undefined, 'Input', 'Value', 'Unit', 'What to enter'])
    for (const name of roiFieldNames) {
      const row = sheet.getCell(inputCells[name]).row
      const [, label, value, unit, help] = sheet.getRow(Number(row)).values as unknown[]
      expect([label, value, unit, help]).toEqual([
        roiFields[name].label,
        roiDefaults[name],
        roiFields[name].unit,
        roiFields[name].help,
      ])
      expect(sheet.getCell(inputCells[name]).formula).toBeUndefined()
    }
  })

  test("the Model sheet's rows are the calculator's results, each a formula", () => {
    const sheet = book.getWorksheet(roiSheetNames.model)!
    const labels = resultRows(calculateRoi(roiDefaults)).map((row) => row.label)
    expect(resultKeys.map((key) => sheet.getCell(modelCells[key].today).row)).toEqual(
      labels.map((_, index) => index + 2),
    )
    expect(
      resultKeys.map((key) => sheet.getRow(Number(sheet.getCell(modelCells[key].today).row)).getCell(1).value),
    ).toEqual(labels)
    for (const key of resultKeys) {
      expect(sheet.getCell(modelCells[key].withUplift).formula, key).toMatch(/\w/)
      // Today's extra gross profit is nil by definition; every other result is computed.
      if (key !== 'extraGrossProfit') expect(sheet.getCell(modelCells[key].today).formula, key).toMatch(/\w/)
    }
  })

  test("evaluated, the formulas give the calculator's results for its defaults, money to the cent", () => {
    expectCalculatorResults(engineFor(book), roiDefaults)
  })

  test('the results written into the formula cells are the evaluated ones', () => {
    const engine = engineFor(book)
    const sheet = book.getWorksheet(roiSheetNames.model)!
    for (const key of resultKeys) {
      for (const column of columns) {
        const cell = sheet.getCell(modelCells[key][column])
        if (!cell.formula) continue
        const evaluated = evaluate(engine, roiSheetNames.model, modelCells[key][column])
        if (typeof evaluated === 'number') expect(cell.result, `${key}, ${column}`).toBeCloseTo(evaluated, 9)
        else expect(cell.result, `${key}, ${column}`).toBe(evaluated)
      }
    }
  })

  for (const [column, name] of exampleColumns) {
    test(`the worked example's ${name}: the page's figures, to the cent`, () => {
      const engine = engineFor(book)
      setInputs(engine, exampleInputs(column))
      const today = (key: RoiResultKey) => evaluate(engine, roiSheetNames.model, modelCells[key].today) as number
      expect(formatCount(today('leads'))).toBe(exampleCell('Projected leads', column))
      expect(formatCount(today('customers'))).toBe(exampleCell('Customers', column))
      expect(today('revenue')).toBe(numberIn(exampleCell('Revenue', column)))
      expect(today('grossProfit')).toBe(numberIn(exampleCell('Gross profit', column)))
      expect(today('cac')).toBe(numberIn(exampleCell('Customer acquisition cost', column)))
      expect(formatRoi(today('roi'))).toBe(exampleCell('ROI', column))
      expect(formatPayback(today('paybackMonths'))).toBe(exampleCell('Payback period', column))
    })
  }

  test('changing the inputs changes every result as the calculator does', () => {
    const engine = engineFor(book)
    const cases: RoiInputs[] = [
      { ...exampleInputs(1), uplift: 25 },
      { visitors: 300, conversion: 1, close: 100, deal: 19.99, margin: 33.33, spend: 10, uplift: 15 },
      { ...roiDefaults, visitors: 50_000 },
      { ...roiDefaults, conversion: 60, uplift: 100 },
      { ...roiDefaults, visitors: 0 },
      { ...roiDefaults, spend: 0 },
    ]
    for (const inputs of cases) {
      setInputs(engine, inputs)
      expectCalculatorResults(engine, inputs)
    }
  })

  test('a file written for other inputs holds their results', async () => {
    const inputs = { ...exampleInputs(1), uplift: 25 }
    const other = await openWorkbook(await roiWorkbook(inputs))
    const sheet = other.getWorksheet(roiSheetNames.model)!
    expect(sheet.getCell(modelCells.grossProfit.withUplift).result).toBe(57_375)
    expectCalculatorResults(engineFor(other), inputs)
  })

  test("How it works gives the page's formulas, step by step", () => {
    const { sections } = readFields('content/pages/roi-calculator.md').fields as {
      sections: { title?: string; body?: string }[]
    }
    const steps = sections
      .find((section) => section.title === 'How each result is calculated')!
      .body!.split('\n')
      .filter((line) => /^\d+\. /.test(line))
      .map((line) => line.replace(/^\d+\. /, '').replaceAll('**', ''))
    expect(steps).toHaveLength(9)
    const notes = book.getWorksheet(roiSheetNames.notes)!
    const texts: string[] = []
    notes.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))))
    for (const step of steps)
      expect(
        texts.some((text) => text.endsWith(step)),
        step,
      ).toBe(true)
  })
})
