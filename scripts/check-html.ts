// `npm run check:html [-- DIR]`: the HTML validity gate over a build
// (docs/decisions/022-release-gates.md). Every page must pass html-validate
// (.htmlvalidate.mjs) and the Nu Html Checker with no error: each pre-rendered
// file, and each page rendered on demand as the build renders it, fresh and
// showing a refused form; exits 1 and lists each problem otherwise. Run after
// `npm run build`.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import '#server/build-globals.ts'
import { pages } from '#app/lib/registry.ts'
import { bookingPreview } from '#server/booking-pages.ts'
import { loadRenderer, renderEach } from '#server/rendered-pages.ts'
import { pageFile } from '#server/static-files.ts'
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
const built = builtPages(clientDir)
if (built.length === 0) {
  console.error(`check:html: no pages (.html) under ${clientDir}: run the build first`)
  process.exit(1)
}

// The pages rendered on demand, written out for the checkers: as a first
// visit gets them, and showing a refused form (every error, typed values kept).
const onDemand = pages.filter((entry) => !existsSync(path.join(clientDir, pageFile(entry.path)))).map((e) => e.path)
const renderPage = await loadRenderer(path.dirname(clientDir))
const refused: App.Locals = {
  contactForm: {
    status: 400,
    state: {
      errors: {
        form: 'Too many messages from your address: try again in a minute.',
        name: 'Enter your name',
        email: 'Enter a valid email address, like name@company.com',
        service: 'Choose the service you are interested in',
        message: 'Tell us a little about your project',
      },
      values: { name: 'Ada <Lovelace>', email: 'ada@', message: 'Line one\nLine "two" & more' },
    },
  },
}
const renderedDir = mkdtempSync(path.join(tmpdir(), 'rendered-'))
process.on('exit', () => rmSync(renderedDir, { recursive: true, force: true }))
const rendered = [
  ...(await renderEach(renderPage, onDemand, 'http://localhost', (urlPath) => bookingPreview(urlPath))).map((page) => ({
    ...page,
    name: page.urlPath,
  })),
  ...(
    await renderEach(renderPage, onDemand, 'http://localhost', (urlPath) => ({
      ...refused,
      ...bookingPreview(urlPath, true),
    }))
  ).map((page) => ({
    ...page,
    name: `${page.urlPath}-refused`,
  })),
].map(({ name, html }) => {
  const file = path.join(renderedDir, `${name.slice(1)}.html`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, html)
  return file
})
const files = [...built, ...rendered]

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
