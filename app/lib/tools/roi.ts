/**
 * The ROI calculator's arithmetic (docs/product.md#roi-calculator):
 * the formulas that content/pages/roi-calculator.md explains, one month at a
 * time, for the visitor's figures today and again with the conversion uplift
 * they expect, and how each figure is written. Pure: no React, no DOM; the
 * calculator (app/components/roi-calculator.tsx) renders what this returns.
 *
 * Rates and percentages are kept as the visitor types them, in percent
 * (2.5 means 2.5%). Money is kept to the cent, half up; counts, ROI and the
 * payback period keep their full precision until `resultRows` and the
 * format helpers write them for the page, the announcement and the CSV.
 * Leads and customers are averages of a month, so the model keeps their
 * fractions (45.4 customers at $4,000 is $181,600) and only their display
 * rounds them to whole people and orders. The spreadsheet
 * (roi-spreadsheet.server.ts) writes the same formulas, and rounds the same
 * way: in its number formats, not in its cells.
 */
import { site } from '../site/site.ts'

export const roiFieldNames = ['visitors', 'conversion', 'close', 'deal', 'margin', 'spend', 'uplift'] as const

export type RoiField = (typeof roiFieldNames)[number]

export type RoiInputs = Record<RoiField, number>

/** The text of each input as typed (or as read from the page address). */
export type RoiRawInputs = Record<RoiField, string>

export interface RoiFieldSpec {
  /** The input's label, also its row in the CSV. */
  label: string
  /** How the value is measured, shown beside the input and in the CSV. */
  unit: 'visitors' | '%' | 'USD'
  min: number
  max: number
  /** Whole numbers only (visitors). */
  integer?: true
  /** What to enter, under the input and beside it in the spreadsheet. */
  help: string
}

/**
 * Bounds are wide enough for any business the model fits and small enough
 * that money stays exact to the cent in a double: the largest revenue
 * (10 million visitors, 100% converting and closing, $1 million deals) is
 * $10 trillion, well inside 2^53 cents.
 */
export const roiFields: Record<RoiField, RoiFieldSpec> = {
  visitors: {
    label: 'Monthly visitors',
    unit: 'visitors',
    min: 0,
    max: 10_000_000,
    integer: true,
    help: 'Sessions or users in an average month, from your analytics.',
  },
  conversion: {
    label: 'Conversion rate',
    unit: '%',
    min: 0,
    max: 100,
    help: 'Visitors who become a lead; for a store, visitors who place an order.',
  },
  close: {
    label: 'Lead-to-customer rate',
    unit: '%',
    min: 0,
    max: 100,
    help: 'Leads who become paying customers; 100% for a store.',
  },
  deal: {
    label: 'Average deal or order value',
    unit: 'USD',
    min: 0,
    max: 1_000_000,
    help: "Revenue from one new customer's first purchase, or first 12 months of a subscription.",
  },
  margin: {
    label: 'Gross margin',
    unit: '%',
    min: 0,
    max: 100,
    help: 'Revenue left after the direct cost of delivering what you sold.',
  },
  spend: {
    label: 'Monthly marketing spend',
    unit: 'USD',
    min: 0,
    max: 10_000_000,
    help: 'Ads, agency fees, software and content: everything marketing costs in a month.',
  },
  uplift: {
    label: 'Expected conversion uplift',
    unit: '%',
    min: 0,
    max: 500,
    // The default is a typical case: say where it comes from, from the one
    // constant that defines it, and that it is no promise.
    help:
      `Applied in the second column. It starts at ${site.claims.publishedUplifts.middle}, the middle of the rises in our published case studies ` +
      `(${site.claims.publishedUplifts.low} to ${site.claims.publishedUplifts.high}). A typical case, not a promise: try a cautious figure too.`,
  },
}

/**
 * The uplift the calculator opens on, as a number: the middle of the published
 * case studies' rises, "46%" in app/lib/site/site.ts, gives 46. A typical case,
 * not the site's average, which a few programs pull up
 * (docs/product.md#roi-calculator).
 */
export const typicalUplift = parsePercentClaim(site.claims.publishedUplifts.middle)

function parsePercentClaim(claim: string): number {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(claim)
  if (!match) throw new Error(`The uplift "${claim}" is not a percentage such as "50%"`)
  return Number(match[1])
}

/**
 * The figures the calculator opens with: the B2B services firm of the worked
 * example on the page, and a typical uplift (`typicalUplift`). The pre-rendered page
 * shows these, so it agrees with the example below it.
 */
export const roiDefaults: RoiInputs = {
  visitors: 20_000,
  conversion: 2.5,
  close: 4,
  deal: 4_000,
  margin: 60,
  spend: 18_000,
  uplift: typicalUplift,
}

/** The defaults as input text. */
export const roiDefaultText: RoiRawInputs = Object.fromEntries(
  roiFieldNames.map((name) => [name, String(roiDefaults[name])]),
) as RoiRawInputs

const numberPattern = /^\d+(?:\.\d*)?$|^\.\d+$/
/** A comma where a thousands separator stands: after one to three digits, then before every group of three. */
const thousandsPattern = /^\$?\d{1,3}(?:,\d{3})+(?:\.\d*)?%?$/

/**
 * Reads one input: thousands separators, spaces, a leading "$" and a
 * trailing "%" are allowed, since visitors type them. A comma anywhere else
 * ("2,5", a decimal comma) is refused with a word, never read as 25. Returns
 * the number, or the message to show beside the field.
 */
export function parseRoiField(name: RoiField, text: string): { value: number } | { error: string } {
  const spec = roiFields[name]
  const compact = text.trim().replace(/\s/g, '')
  if (compact.includes(',') && !thousandsPattern.test(compact)) {
    return { error: `Use a point for decimals, such as ${example(name)}: a comma only separates thousands.` }
  }
  const cleaned = text.trim().replace(/[,\s]/g, '').replace(/^\$/, '').replace(/%$/, '')
  if (cleaned === '') return { error: 'Enter a number.' }
  if (cleaned.startsWith('-')) return { error: 'Enter 0 or more: this figure cannot be negative.' }
  if (!numberPattern.test(cleaned)) return { error: `Enter a number, such as ${example(name)}.` }
  const value = Number(cleaned)
  if (spec.integer && !Number.isInteger(value)) return { error: 'Enter a whole number.' }
  if (value > spec.max) {
    if (spec.unit === '%') return { error: `Enter a percentage from ${spec.min} to ${spec.max}.` }
    return { error: `Enter at most ${formatPlain(spec.max, spec.unit)}.` }
  }
  return { value }
}

function example(name: RoiField): string {
  return formatPlain(roiDefaults[name], roiFields[name].unit)
}

function formatPlain(value: number, unit: RoiFieldSpec['unit']): string {
  const number = value.toLocaleString('en-US', { maximumFractionDigits: 2 })
  if (unit === 'USD') return `$${number}`
  if (unit === '%') return `${number}%`
  return number
}

export type RoiReading = { ok: true; inputs: RoiInputs } | { ok: false; errors: Partial<Record<RoiField, string>> }

/** Every input read, or the message for each one that is wrong. */
export function readRoiInputs(raw: RoiRawInputs): RoiReading {
  const inputs = {} as RoiInputs
  const errors: Partial<Record<RoiField, string>> = {}
  for (const name of roiFieldNames) {
    const result = parseRoiField(name, raw[name])
    if ('error' in result) errors[name] = result.error
    else inputs[name] = result.value
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, inputs }
}

/** One month under one conversion rate: the formulas of the page, in their order. */
export interface RoiScenario {
  /** The conversion rate used, in percent (with the uplift, at most 100). */
  conversion: number
  leads: number
  customers: number
  revenue: number
  grossProfit: number
  /** Customer acquisition cost; null without customers (nothing to divide by). */
  cac: number | null
  /** (gross profit − spend) ÷ spend, in percent; null without spend. */
  roi: number | null
  /**
   * Months of gross profit that earn back a month's spend: 0 without spend,
   * null when there is spend but no gross profit (it never pays back).
   */
  paybackMonths: number | null
}

export interface RoiResult {
  today: RoiScenario
  withUplift: RoiScenario
  /** Gross profit a month with the uplift, minus gross profit today. */
  extraGrossProfit: number
}

/** `value` to `digits` decimals, half away from zero, as the page's number formats round. */
export function roundHalfUp(value: number, digits: number): number {
  const scale = 10 ** digits
  return (Math.sign(value) * Math.round(Number((Math.abs(value) * scale).toPrecision(15)))) / scale + 0 // never -0
}

/** Rounds money to the cent, half up, after dropping binary noise: 1.005 is 1.01, not 1.00. */
export function roundCents(value: number): number {
  return roundHalfUp(value, 2)
}

function scenario(inputs: RoiInputs, conversion: number): RoiScenario {
  // Percentages are divided by 100 last, so 20,000 × 2.5 ÷ 100 is exactly 500.
  const leads = (inputs.visitors * conversion) / 100
  const customers = (leads * inputs.close) / 100
  const revenueExact = customers * inputs.deal
  const revenue = roundCents(revenueExact)
  const grossProfit = roundCents((revenueExact * inputs.margin) / 100)
  const spend = inputs.spend
  return {
    conversion,
    leads,
    customers,
    revenue,
    grossProfit,
    cac: customers > 0 ? roundCents(spend / customers) : null,
    roi: spend > 0 ? ((grossProfit - spend) / spend) * 100 : null,
    paybackMonths: spend === 0 ? 0 : grossProfit > 0 ? spend / grossProfit : null,
  }
}

/**
 * Today's month and the month with the expected uplift on the conversion
 * rate (capped at 100%: no more leads than visitors). Spend, traffic and the
 * other rates stay as they are.
 */
export function calculateRoi(inputs: RoiInputs): RoiResult {
  const today = scenario(inputs, inputs.conversion)
  const withUplift = scenario(inputs, Math.min(100, (inputs.conversion * (100 + inputs.uplift)) / 100))
  return { today, withUplift, extraGrossProfit: roundCents(withUplift.grossProfit - today.grossProfit) }
}

// Display. The page, the announcement and the CSV all use these, so what the
// visitor reads, hears and downloads is the same figure.

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  trailingZeroDisplay: 'stripIfInteger',
})
const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const rate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const wholePercent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const months = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** "$80,000", "$25.50": cents only where there are some. */
export function formatMoney(value: number): string {
  return money.format(value)
}

/**
 * "1,135", "45" (for 45.4), "114" (for 113.5): leads and customers as whole
 * people and orders, halves up. Only the display rounds: the money figures
 * use the month's unrounded average.
 */
export function formatCount(value: number): string {
  return count.format(roundHalfUp(value, 0))
}

/** "5.68%": a rate to two decimals. */
export function formatRate(value: number): string {
  return `${rate.format(value)}%`
}

/**
 * What a result shows where it has no figure, on the page, in the CSV and in
 * the spreadsheet's cells.
 */
export const noFigure = {
  cac: 'None: no customers',
  roi: 'None: no spend',
  paybackNever: 'Never: no gross profit',
} as const

/** "167%" (ROI to the whole percent), or why there is none. */
export function formatRoi(roi: number | null): string {
  return roi === null ? noFigure.roi : `${wholePercent.format(roi)}%`
}

/** Days in a month, as the page counts them ("0.5 months is about 15 days"). */
export const DAYS_PER_MONTH = 30

/** "0.38 months (about 11 days)", "2.40 months", "Under a day", or why there is none. */
export function formatPayback(paybackMonths: number | null): string {
  if (paybackMonths === null) return noFigure.paybackNever
  if (paybackMonths === 0) return 'None needed: no spend'
  // Below half a day, "0.01 months" would claim a precision the model lacks.
  const days = Math.round(paybackMonths * DAYS_PER_MONTH)
  if (days < 1) return 'Under a day'
  const text = `${months.format(paybackMonths)} months`
  return paybackMonths >= 1 ? text : `${text} (about ${days} ${days === 1 ? 'day' : 'days'})`
}

/** "No customers" where CAC has nothing to divide by. */
export function formatCac(cac: number | null): string {
  return cac === null ? noFigure.cac : formatMoney(cac)
}

/** The results, each a row of the table, the CSV and the spreadsheet's Model sheet. */
export type RoiResultKey = keyof RoiScenario | 'extraGrossProfit'

/** The rows of the results table, the announcement and the CSV. */
export interface RoiRow {
  key: RoiResultKey
  label: string
  /** The CSV's unit column. */
  unit: string
  today: string
  withUplift: string
  /** Rounded as shown, for the CSV; null where the figure is a sentence. */
  todayValue: number | null
  withUpliftValue: number | null
}

export function resultRows(result: RoiResult): RoiRow[] {
  const { today, withUplift } = result
  const row = (
    key: keyof RoiScenario,
    label: string,
    unit: string,
    format: (value: number | null) => string,
    digits: number,
  ): RoiRow => {
    const a = today[key]
    const b = withUplift[key]
    return {
      key,
      label,
      unit,
      today: format(a),
      withUplift: format(b),
      todayValue: a === null ? null : roundHalfUp(a, digits),
      withUpliftValue: b === null ? null : roundHalfUp(b, digits),
    }
  }
  const nonNull = (format: (value: number) => string) => (value: number | null) => format(value ?? 0)
  return [
    row('conversion', 'Conversion rate', '%', nonNull(formatRate), 2),
    // Whole people and orders, as formatCount shows them.
    row('leads', 'Leads per month', 'leads', nonNull(formatCount), 0),
    row('customers', 'Customers per month', 'customers', nonNull(formatCount), 0),
    row('revenue', 'Revenue per month', 'USD', nonNull(formatMoney), 2),
    row('grossProfit', 'Gross profit per month', 'USD', nonNull(formatMoney), 2),
    {
      key: 'extraGrossProfit',
      label: 'Extra gross profit per month',
      unit: 'USD',
      today: formatMoney(0),
      withUplift: formatMoney(result.extraGrossProfit),
      todayValue: 0,
      withUpliftValue: result.extraGrossProfit,
    },
    row('cac', 'Customer acquisition cost', 'USD', formatCac, 2),
    row('roi', 'ROI', '%', formatRoi, 0),
    row('paybackMonths', 'Payback period', 'months', formatPayback, 2),
  ]
}

function csvCell(value: string | number | null): string {
  if (value === null) return ''
  const text = String(value)
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The inputs and the results as CSV (RFC 4180, CRLF line ends): numbers
 * to the precision the page shows, without currency signs or separators, so
 * a spreadsheet reads them as numbers; a result that is a sentence ("Never:
 * no gross profit") is written as that sentence.
 */
export function roiCsv(inputs: RoiInputs, result: RoiResult): string {
  const lines: (string | number | null)[][] = [
    ['Section', 'Item', 'Unit', 'Today', `With ${formatRate(inputs.uplift)} uplift`],
  ]
  // The inputs are the same in both columns, but for the uplift itself.
  for (const name of roiFieldNames) {
    const spec = roiFields[name]
    lines.push(['Input', spec.label, spec.unit, name === 'uplift' ? 0 : inputs[name], inputs[name]])
  }
  for (const row of resultRows(result)) {
    lines.push(['Result', row.label, row.unit, row.todayValue ?? row.today, row.withUpliftValue ?? row.withUplift])
  }
  return lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n'
}
