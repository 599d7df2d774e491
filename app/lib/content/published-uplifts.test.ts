import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { parseFrontmatter } from '#app/lib/content/files.ts'
import { schemas } from '#app/lib/content/schemas.ts'
import { pageFiles } from '#app/lib/content/test-collections.ts'
import { site } from '#app/lib/site/site.ts'

// The rises the site quotes from its published case studies (the home page's
// figures, the ROI calculator's first uplift: `claims.publishedUplifts` in
// app/lib/site/site.ts) follow from what the case studies report: the one
// conversion rate each set out to raise, before and after.

const resultOf = (name: string, label: RegExp) => {
  const file = `content/case-studies/${name}.md`
  const study = schemas['case-studies'].parse(parseFrontmatter(readFileSync(file, 'utf8')).data)
  const result = study.results.find((candidate) => label.test(candidate.label))
  if (!result) throw new Error(`${file}: no result labeled ${label}`)
  return result
}

const percent = (figure: string) => Number(/^\+?(\d+(?:\.\d+)?)%$/.exec(figure)?.[1])
/** A rate's relative rise, as a whole percent: 9% to 14% is 56%. */
const rise = ({ before, value }: { before?: string; value: string }) =>
  before === undefined ? percent(value) : Math.round((percent(value) / percent(before) - 1) * 100)

test('the published rises are the case studies’ own: lowest, middle and highest', () => {
  const rises = [
    rise(resultOf('saas-startup', /^Trials converting to paid/)),
    rise(resultOf('medtech-client', /^Patient-app activation/)),
    rise(resultOf('fitness-brand', /^Repeat purchase rate/)),
  ].sort((a, b) => a - b)
  expect(rises).toEqual([43, 46, 56])
  const { low, middle, high } = site.claims.publishedUplifts
  expect([low, middle, high]).toEqual(rises.map((value) => `${value}%`))
})

test('the 127% average stands under no heading that promises what a visitor can expect', () => {
  const promising = pageFiles().flatMap((file) => {
    const source = readFileSync(file, 'utf8')
    const sections = (parseFrontmatter(source).data as { sections?: { value?: { title?: string } }[] }).sections ?? []
    return sections
      .filter((section) => /expect/i.test(section.value?.title ?? ''))
      .filter((section) => JSON.stringify(section).includes('{{conversionUplift}}'))
      .map((section) => `${file}: ${section.value!.title}`)
  })
  expect(promising).toEqual([])
})
