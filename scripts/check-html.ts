// `npm run check:html [-- DIR]`: the HTML validity gate over a build
// (docs/decisions/022-release-gates.md). Every pre-rendered page must pass
// html-validate (.htmlvalidate.mjs) and the Nu Html Checker with no error;
// exits 1 and lists each problem otherwise. Run after `npm run build`.
import { existsSync } from 'node:fs'
import {
  builtPages,
  formatProblem,
  htmlValidateProblems,
  vnuProblems,
  type HtmlProblem,
} from '#tests/gates/html-validity.ts'

const clientDir = process.argv[2] ?? 'build/client'
if (!existsSync(clientDir)) {
  console.error(`check:html: ${clientDir} does not exist: run the build first`)
  process.exit(1)
}
const files = builtPages(clientDir)
if (files.length === 0) {
  console.error(`check:html: no pages (index.html) under ${clientDir}: run the build first`)
  process.exit(1)
}

function summary(problems: readonly HtmlProblem[]): string[] {
  const counts = new Map<string, number>()
  for (const problem of problems) {
    const key = `${problem.rule}: ${problem.message.replace(/ \(.*\)$/, '')}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, count]) => `  ${count} x ${key}`)
}

const started = performance.now()
const [htmlValidate, vnu] = await Promise.all([htmlValidateProblems(files), vnuProblems(files)])
const seconds = ((performance.now() - started) / 1000).toFixed(1)

const failures = [...htmlValidate, ...vnu.errors]
for (const problem of failures) console.error(formatProblem(problem))
if (vnu.warnings.length > 0) {
  console.log(`check:html: ${vnu.warnings.length} warnings of the Nu Html Checker (not failures):`)
  console.log(summary(vnu.warnings).join('\n'))
}
console.log(
  `check:html: ${files.length} pages in ${seconds} s: html-validate ${htmlValidate.length} problems, ` +
    `Nu Html Checker ${vnu.errors.length} errors (${vnu.filtered} known-wrong CSS messages left out)`,
)
if (failures.length > 0) {
  console.error(`check:html: failed\n${summary(failures).join('\n')}`)
  process.exit(1)
}
