/**
 * For tests: the worked example of content/pages/roi-calculator.md, read
 * from the page itself, so that the calculator (roi.test.ts) and the
 * spreadsheet (roi-spreadsheet.test.ts) are checked against what a visitor
 * reads, figure by figure.
 */
import { readFileSync } from 'node:fs'
import { parseFrontmatter } from '../content/files.ts'
import { flattened } from '../content/schemas.ts'
import type { RoiInputs } from './roi.ts'

const source = readFileSync('content/pages/roi-calculator.md', 'utf8')
const sections = (parseFrontmatter(source).data as { sections: unknown[] }).sections.map(
  (section) => flattened('type', section) as { title?: string; body?: string },
)

/** The body of the page's "A worked example" section, as written. */
export const workedExample = sections.find((section) => section.title === 'A worked example')!.body!

/** The example's table: row label (bold stripped) to its two columns. */
export const exampleTable = new Map(
  workedExample
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---') && !line.startsWith('| Input or result'))
    .map((line) => {
      const [label, first, second] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim().replaceAll('**', ''))
      return [label!, [first!, second!]] as const
    }),
)

/** The two businesses of the example, by their column. */
export const exampleColumns = [
  [0, 'B2B services firm'],
  [1, 'online store'],
] as const

export type ExampleColumn = (typeof exampleColumns)[number][0]

/** One cell of the example's table, as written. */
export function exampleCell(label: string, column: ExampleColumn): string {
  const row = exampleTable.get(label)
  if (!row) throw new Error(`The worked example has no row "${label}"`)
  return row[column]
}

/** "2.5% (visitor to lead)" -> 2.5, "$4,000" -> 4000, "20,000" -> 20000. */
export function numberIn(text: string): number {
  const match = /-?[\d,]+(?:\.\d+)?/.exec(text)
  if (!match) throw new Error(`No number in "${text}"`)
  return Number(match[0].replaceAll(',', ''))
}

/** The inputs of one business of the example, without uplift. */
export function exampleInputs(column: ExampleColumn): RoiInputs {
  const input = (label: string) => numberIn(exampleCell(label, column))
  return {
    visitors: input('Monthly visitors'),
    conversion: input('Conversion rate'),
    close: input('Lead-to-customer rate'),
    deal: input('Average deal or order value'),
    margin: input('Gross margin'),
    spend: input('Monthly marketing spend'),
    uplift: 0,
  }
}
