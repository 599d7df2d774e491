import { describe, expect, test } from 'vitest'
import { resolvePlaceholders } from '../content/placeholders.ts'
import {
  calculateRoi,
  typicalUplift,
  formatCount,
  formatMoney,
  formatPayback,
  formatRoi,
  parseRoiField,
  readRoiInputs,
  resultRows,
  roiCsv,
  roiDefaults,
  roiDefaultText,
  roiFieldNames,
  roiFields,
  roundCents,
  type RoiInputs,
} from './roi.ts'
import {
  exampleCell as cell,
  exampleColumns,
  exampleInputs,
  exampleTable as table,
  numberIn as number,
  workedExample as example,
} from './roi-example.ts'
import { site } from '../site/site.ts'
import { passagesOf } from '#app/lib/content/test-collections.ts'

// The calculator and the page's explanation must agree: the worked example
// is read from content/pages/roi-calculator.md and checked figure by figure.

/** Every text a result shows, for the checks that no figure is broken. */
function shownTexts(inputs: RoiInputs): string[] {
  return resultRows(calculateRoi(inputs)).flatMap((row) => [row.today, row.withUplift])
}

describe('the worked example on the page', () => {
  for (const [column, name] of exampleColumns) {
    test(`${name}: every result agrees with the table, to the cent`, () => {
      expect(table.size).toBe(13)
      const { today } = calculateRoi(exampleInputs(column))
      expect(formatCount(today.leads)).toBe(cell('Projected leads', column))
      expect(formatCount(today.customers)).toBe(cell('Customers', column))
      // Money: the same figure to the cent, and written the same way.
      expect(today.revenue).toBe(number(cell('Revenue', column)))
      expect(formatMoney(today.revenue)).toBe(cell('Revenue', column))
      expect(today.grossProfit).toBe(number(cell('Gross profit', column)))
      expect(formatMoney(today.grossProfit)).toBe(cell('Gross profit', column))
      expect(today.cac).toBe(number(cell('Customer acquisition cost', column)))
      expect(formatMoney(today.cac!)).toBe(cell('Customer acquisition cost', column))
      expect(formatRoi(today.roi)).toBe(cell('ROI', column))
      expect(formatPayback(today.paybackMonths)).toBe(cell('Payback period', column))
    })
  }

  test("the store's lever: a 25% uplift gives the orders, gross profit and ROI the text states", () => {
    const lever =
      /from ([\d.]+)% to ([\d.]+)% on the same traffic and spend, a (\d+)% uplift in the calculator, orders rise to ([\d,]+), gross profit to (\$[\d,]+) and ROI from (\d+%) to (\d+%)/.exec(
        example,
      )
    expect(lever).not.toBeNull()
    const [, from, to, uplift, orders, grossProfit, roiBefore, roiAfter] = lever!
    expect((Number(from) * (100 + Number(uplift))) / 100).toBeCloseTo(Number(to), 10)
    const result = calculateRoi({ ...exampleInputs(1), uplift: Number(uplift) })
    expect(formatRoi(result.today.roi)).toBe(roiBefore)
    expect(formatCount(result.withUplift.customers)).toBe(orders)
    expect(formatMoney(result.withUplift.grossProfit)).toBe(grossProfit)
    expect(formatRoi(result.withUplift.roi)).toBe(roiAfter)
    expect(result.extraGrossProfit).toBe(57_375 - 45_900)
  })

  test('the calculator opens with the B2B example and a typical uplift, the middle published one, not the average', () => {
    expect({ ...roiDefaults, uplift: 0 }).toEqual(exampleInputs(0))
    expect(`${typicalUplift}%`).toBe(site.claims.publishedUplifts.middle)
    expect(roiDefaults.uplift).toBe(typicalUplift)
    expect(`${roiDefaults.uplift}%`).not.toBe(site.claims.conversionUplift)
  })

  test('the uplift’s default says where it comes from, from the one constant, and that it is no promise', () => {
    const { low, middle, high } = site.claims.publishedUplifts
    const source = `${middle}, the middle of the rises in our published case studies (${low} to ${high})`
    expect(roiFields.uplift.help).toContain(source)
    expect(roiFields.uplift.help).toMatch(/not a promise/)
    // The page's description of the input says the same, through its placeholders.
    const card = passagesOf('content/pages/roi-calculator.md').find(
      (passage) => passage.key === 'title' && passage.text === 'Expected conversion uplift',
    )
    expect(card?.holder).toBeDefined()
    const body = resolvePlaceholders(String(card!.holder!.body))
    expect(body).toContain(source)
    expect(body).toMatch(/not a promise/)
  })
})

describe('calculateRoi', () => {
  test('typical values: the defaults, today and with the uplift', () => {
    const result = calculateRoi(roiDefaults)
    const factor = (100 + typicalUplift) / 100
    expect(result.today).toEqual({
      conversion: 2.5,
      leads: 500,
      customers: 20,
      revenue: 80_000,
      grossProfit: 48_000,
      cac: 900,
      roi: expect.closeTo((100 * (48_000 - 18_000)) / 18_000, 9),
      paybackMonths: 18_000 / 48_000,
    })
    const up = result.withUplift
    expect(up.conversion).toBeCloseTo(2.5 * factor, 12)
    expect(up.leads).toBeCloseTo(500 * factor, 9)
    expect(up.customers).toBeCloseTo(20 * factor, 9)
    expect(up.revenue).toBe(roundCents(80_000 * factor))
    expect(up.grossProfit).toBe(roundCents(48_000 * factor))
    expect(result.extraGrossProfit).toBe(roundCents(up.grossProfit - 48_000))
    expect(up.roi).toBeCloseTo((100 * (up.grossProfit - 18_000)) / 18_000, 9)
    expect(up.paybackMonths).toBeCloseTo(18_000 / up.grossProfit, 12)
  })

  test('the uplift never takes the conversion rate above 100%', () => {
    const result = calculateRoi({ ...roiDefaults, conversion: 60, uplift: 100 })
    expect(result.withUplift.conversion).toBe(100)
    expect(result.withUplift.leads).toBe(roiDefaults.visitors)
  })

  test('zero traffic: no leads or customers, no CAC, all spend lost, no payback; nothing divided by zero', () => {
    const inputs = { ...roiDefaults, visitors: 0 }
    const { today, withUplift, extraGrossProfit } = calculateRoi(inputs)
    for (const scenario of [today, withUplift]) {
      expect(scenario).toMatchObject({ leads: 0, customers: 0, revenue: 0, grossProfit: 0, cac: null, roi: -100 })
      expect(scenario.paybackMonths).toBeNull()
    }
    expect(extraGrossProfit).toBe(0)
    const rows = resultRows(calculateRoi(inputs))
    expect(rows.find((row) => row.label === 'Customer acquisition cost')!.today).toBe('None: no customers')
    expect(rows.find((row) => row.label === 'ROI')!.today).toBe('-100%')
    expect(rows.find((row) => row.label === 'Payback period')!.today).toBe('Never: no gross profit')
  })

  test('zero spend: no ROI to speak of and nothing to pay back; CAC is $0', () => {
    const { today } = calculateRoi({ ...roiDefaults, spend: 0 })
    expect(today.roi).toBeNull()
    expect(today.paybackMonths).toBe(0)
    expect(today.cac).toBe(0)
    expect(formatRoi(today.roi)).toBe('None: no spend')
    expect(formatPayback(today.paybackMonths)).toBe('None needed: no spend')
    expect(formatMoney(today.cac!)).toBe('$0')
  })

  test('zero traffic and zero spend together still read sensibly', () => {
    const texts = shownTexts({ ...roiDefaults, visitors: 0, spend: 0 })
    expect(texts).toContain('None: no spend')
    expect(texts).toContain('None needed: no spend')
  })

  test('the largest allowed inputs stay exact and finite', () => {
    const largest = Object.fromEntries(roiFieldNames.map((name) => [name, roiFields[name].max])) as RoiInputs
    const { today, withUplift } = calculateRoi(largest)
    expect(today.revenue).toBe(10_000_000 * 1_000_000)
    expect(today.grossProfit).toBe(10_000_000 * 1_000_000)
    expect(withUplift.conversion).toBe(100)
    expect(today.cac).toBe(1)
    expect(today.roi).toBe(((10_000_000_000_000 - 10_000_000) / 10_000_000) * 100)
    expect(formatMoney(today.revenue)).toBe('$10,000,000,000,000')
    expect(formatRoi(today.roi)).toBe('99,999,900%')
    expect(formatPayback(today.paybackMonths)).toBe('Under a day')
  })

  test('no result ever shows NaN, Infinity or a negative payback, at any corner of the allowed inputs', () => {
    // Every field at 0, its default and its maximum: 3^7 combinations.
    let combinations: RoiInputs[] = [{} as RoiInputs]
    for (const name of roiFieldNames) {
      combinations = combinations.flatMap((inputs) =>
        [0, roiDefaults[name], roiFields[name].max].map((value) => ({ ...inputs, [name]: value })),
      )
    }
    expect(combinations).toHaveLength(3 ** 7)
    for (const inputs of combinations) {
      const result = calculateRoi(inputs)
      for (const scenario of [result.today, result.withUplift]) {
        for (const value of Object.values(scenario)) if (value !== null) expect(Number.isFinite(value)).toBe(true)
        if (scenario.paybackMonths !== null) expect(scenario.paybackMonths).toBeGreaterThanOrEqual(0)
      }
      for (const text of shownTexts(inputs)) expect(text).not.toMatch(/NaN|Infinity|∞|undefined/)
      const payback = resultRows(result).find((row) => row.label === 'Payback period')!
      expect(payback.today).not.toMatch(/^-/)
      expect(payback.withUplift).not.toMatch(/^-/)
    }
  })
})

describe('rounding', () => {
  test('money rounds half up to the cent, without binary noise', () => {
    expect(roundCents(1.005)).toBe(1.01)
    expect(roundCents(0.1 + 0.2)).toBe(0.3)
    expect(roundCents(2.675)).toBe(2.68)
    expect(roundCents(1234.5649)).toBe(1234.56)
  })

  test('revenue and gross profit go to the nearest cent from the exact figures', () => {
    const { today } = calculateRoi({
      visitors: 300,
      conversion: 1,
      close: 100,
      deal: 19.99,
      margin: 33.33,
      spend: 10,
      uplift: 0,
    })
    expect(today.customers).toBe(3)
    expect(today.revenue).toBe(59.97)
    // 59.97 × 33.33% = 19.988001
    expect(today.grossProfit).toBe(19.99)
    expect(formatMoney(today.revenue)).toBe('$59.97')
    expect(formatMoney(80_000)).toBe('$80,000')
  })

  test('ROI rounds to the whole percent, halves away from zero, as shown and as downloaded', () => {
    const half = calculateRoi({ visitors: 100, conversion: 1, close: 100, deal: 9, margin: 100, spend: 8, uplift: 0 })
    expect(half.today.roi).toBe(12.5)
    expect(formatRoi(half.today.roi)).toBe('13%')
    const down = calculateRoi({ visitors: 100, conversion: 1, close: 100, deal: 7, margin: 100, spend: 8, uplift: 0 })
    expect(down.today.roi).toBe(-12.5)
    expect(formatRoi(down.today.roi)).toBe('-13%')
    const roiRow = resultRows(down).find((row) => row.label === 'ROI')!
    expect(roiRow.todayValue).toBe(-13)
  })

  test('payback shows two decimals of a month and, under a month, the days at 30 a month', () => {
    expect(formatPayback(0.375)).toBe('0.38 months (about 11 days)')
    expect(formatPayback(0.5)).toBe('0.50 months (about 15 days)')
    expect(formatPayback(1 / 30)).toBe('0.03 months (about 1 day)')
    expect(formatPayback(0.01)).toBe('Under a day')
    expect(formatPayback(2.4)).toBe('2.40 months')
  })

  test('counts of people and orders show as whole numbers, halves up', () => {
    expect(formatCount(45.4)).toBe('45')
    expect(formatCount(113.5)).toBe('114')
    expect(formatCount(2837.5)).toBe('2,838')
    expect(formatCount(1135.0000000000002)).toBe('1,135')
    expect(formatCount(0.4)).toBe('0')
  })

  test('no leads or customers are shown or downloaded in fractions; money stays to the cent', () => {
    // 50,000 visitors at the default rates and a 127% uplift: 2,837.5 leads and 113.5 customers a month.
    const inputs = { ...roiDefaults, visitors: 50_000, uplift: 127 }
    const result = calculateRoi(inputs)
    expect(result.withUplift.leads).toBe(2837.5)
    expect(result.withUplift.customers).toBe(113.5)
    const rows = resultRows(result)
    const shown = (label: string) => rows.find((row) => row.label === label)!
    expect(shown('Leads per month')).toMatchObject({ today: '1,250', withUplift: '2,838' })
    expect(shown('Customers per month')).toMatchObject({ today: '50', withUplift: '114' })
    // Revenue is the average month's: 113.5 customers at $4,000.
    expect(shown('Revenue per month').withUplift).toBe('$454,000')
    const csv = roiCsv(inputs, result)
    expect(csv).toContain('Result,Leads per month,leads,1250,2838\r\n')
    expect(csv).toContain('Result,Customers per month,customers,50,114\r\n')
    expect(csv).toContain('Result,Revenue per month,USD,200000,454000\r\n')
    const cents = calculateRoi({ ...roiDefaults, deal: 19.99, visitors: 1_001 })
    expect(resultRows(cents).find((row) => row.label === 'Revenue per month')!.today).toBe(
      formatMoney(roundCents(cents.today.customers * 19.99)),
    )
    for (const text of shownTexts(inputs)) expect(text).not.toMatch(/^\d[\d,]*\.5$/)
  })
})

describe('reading the inputs', () => {
  test('separators, a dollar sign and a percent sign are accepted', () => {
    expect(parseRoiField('visitors', ' 20,000 ')).toEqual({ value: 20_000 })
    expect(parseRoiField('deal', '$4,000.50')).toEqual({ value: 4000.5 })
    expect(parseRoiField('conversion', '2.5%')).toEqual({ value: 2.5 })
    expect(parseRoiField('conversion', '.5')).toEqual({ value: 0.5 })
    expect(parseRoiField('margin', '0')).toEqual({ value: 0 })
  })

  test('each wrong input gets a message that says what to enter', () => {
    expect(parseRoiField('visitors', '')).toEqual({ error: 'Enter a number.' })
    expect(parseRoiField('spend', '-5')).toEqual({ error: 'Enter 0 or more: this figure cannot be negative.' })
    expect(parseRoiField('deal', 'abc')).toEqual({ error: 'Enter a number, such as $4,000.' })
    expect(parseRoiField('conversion', '1e3')).toEqual({ error: 'Enter a number, such as 2.5%.' })
    expect(parseRoiField('conversion', '100.01')).toEqual({ error: 'Enter a percentage from 0 to 100.' })
    expect(parseRoiField('margin', '101')).toEqual({ error: 'Enter a percentage from 0 to 100.' })
    expect(parseRoiField('uplift', '501')).toEqual({ error: 'Enter a percentage from 0 to 500.' })
    expect(parseRoiField('visitors', '2.5')).toEqual({ error: 'Enter a whole number.' })
    expect(parseRoiField('visitors', '10,000,001')).toEqual({ error: 'Enter at most 10,000,000.' })
    expect(parseRoiField('spend', '10000000.01')).toEqual({ error: 'Enter at most $10,000,000.' })
  })

  test('a decimal comma is refused with a word, never read as a larger number', () => {
    const decimalComma = 'Use a point for decimals, such as 2.5%: a comma only separates thousands.'
    expect(parseRoiField('conversion', '2,5')).toEqual({ error: decimalComma })
    expect(parseRoiField('conversion', '2,5%')).toEqual({ error: decimalComma })
    expect(parseRoiField('visitors', '20,00')).toEqual({
      error: 'Use a point for decimals, such as 20,000: a comma only separates thousands.',
    })
    expect(parseRoiField('deal', '4,0000')).toEqual({
      error: 'Use a point for decimals, such as $4,000: a comma only separates thousands.',
    })
    expect(parseRoiField('visitors', '1,500,000')).toEqual({ value: 1_500_000 })
    expect(parseRoiField('deal', '$ 4,000')).toEqual({ value: 4000 })
  })

  test('the default texts read back as the defaults; one wrong field is reported alone', () => {
    expect(readRoiInputs(roiDefaultText)).toEqual({ ok: true, inputs: roiDefaults })
    expect(readRoiInputs({ ...roiDefaultText, close: '120' })).toEqual({
      ok: false,
      errors: { close: 'Enter a percentage from 0 to 100.' },
    })
  })
})

describe('roiCsv', () => {
  test('the inputs and every result, to the precision shown, one row each', () => {
    const result = calculateRoi(roiDefaults)
    const lines = roiCsv(roiDefaults, result).split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(lines[0]).toBe(`Section,Item,Unit,Today,With ${site.claims.publishedUplifts.middle} uplift`)
    expect(lines).toContain('Input,Monthly visitors,visitors,20000,20000')
    expect(lines).toContain(`Input,Expected conversion uplift,%,0,${typicalUplift}`)
    expect(lines).toContain('Result,Leads per month,leads,500,730')
    expect(lines).toContain('Result,Revenue per month,USD,80000,116800')
    expect(lines).toContain('Result,ROI,%,167,289')
    expect(lines).toContain('Result,Payback period,months,0.38,0.26')
    expect(lines).toHaveLength(1 + roiFieldNames.length + resultRows(result).length + 1)
  })

  test('a result that is a sentence is written as that sentence', () => {
    const inputs = { ...roiDefaults, visitors: 0 }
    const csv = roiCsv(inputs, calculateRoi(inputs))
    expect(csv).toContain('Result,Payback period,months,Never: no gross profit,Never: no gross profit')
  })
})
