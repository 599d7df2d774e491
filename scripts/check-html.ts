// `npm run check:html [-- DIR]`: the HTML validity gate over a build
// (docs/decisions/022-release-gates.md). Every page must pass html-validate
// (.htmlvalidate.mjs) and the Nu Html Checker with no error: each pre-rendered
// file, and each page rendered on demand as the real server answers it, fresh
// and showing a refused form; exits 1 and lists each problem otherwise. Run
// after `npm run build`.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import '#server/build-globals.ts'
import { pages } from '#app/lib/site/registry.ts'
import { readServerEnv } from '#server/env.ts'
import { startServer } from '#server/start.ts'
import { pageFile } from '#server/hosting/static-files.ts'
import {
  builtPages,
  formatProblem,
  htmlValidateProblems,
  vnuProblems,
  type HtmlProblem,
} from '#tests/gates/html-validity.ts'
import { GOOD_SITE_HOST, goodSiteRoutes, startFixtureSite } from '#server/audit/test-fixture-sites.ts'

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

// The pages rendered on demand, as the real server answers them (its store in a
// folder of its own): as a first visit gets them, and showing each refused form
// (errors beside fields, what was typed kept); /book/manage as its links show a
// call just booked and the form that moves it.
const onDemand = pages.filter((entry) => !existsSync(path.join(clientDir, pageFile(entry.path)))).map((e) => e.path)
const dataDir = mkdtempSync(path.join(tmpdir(), 'check-html-'))
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))
// The instant audit's report of a fixture website on this machine (server/audit/test-fixture-sites.ts),
// which the server reaches in a test run only.
const fixture = await startFixtureSite(goodSiteRoutes())
const server = await startServer(
  {
    ...readServerEnv({
      CLIENT_DIR: clientDir,
      DATA_DIR: dataDir,
      LEAD_RATE_LIMIT: '0',
      NODE_ENV: 'test',
      AUDIT_ALLOW_HOSTS: `${GOOD_SITE_HOST}=127.0.0.1:${fixture.port}`,
    }),
    PORT: 0,
  },
  { log: { info: () => {}, error: () => {} } },
)
const origin = `http://127.0.0.1:${server.port}`
async function answer(name: string, urlPath: string, status: number, form?: Record<string, string>) {
  const response = await fetch(`${origin}${urlPath}`, {
    redirect: 'manual',
    ...(form ? { method: 'POST', body: new URLSearchParams(form) } : {}),
  })
  if (response.status !== status) throw new Error(`check:html: ${urlPath} answered ${response.status}, not ${status}`)
  return { name, html: await response.text(), location: response.headers.get('location') ?? '' }
}
const fresh = await Promise.all(onDemand.map((urlPath) => answer(urlPath, urlPath, 200)))
const bookPage = fresh.find((page) => page.name === '/book')!.html
const start = /name="start"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="start"/.exec(bookPage)
// The key the form makes as it wakes in a browser (app/components/booking-form.tsx): a refused form shows it.
const formKey = crypto.randomUUID()
if (!start) throw new Error('check:html: /book offers no time to book')
// This server sets no MEETING_URL, so its calls are phone calls and the form asks for the number
// (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
const booker = {
  name: 'Ada <Lovelace>',
  email: 'ada@example.com',
  phone: '+1 512 555 0142',
  company: 'Engines & "Co"',
  timeZone: 'Europe/Berlin',
}
const booked = await answer('/book-booked', '/book?_action=book', 303, {
  ...booker,
  start: (start[1] ?? start[2])!,
  formKey,
})
const manage = booked.location.replace(/&?booked=/, '')
const report = (await answer('/audit-graded', '/audit?_action=audit', 303, { url: `http://${GOOD_SITE_HOST}/` }))
  .location
const rendered = [
  ...fresh,
  await answer('/contact-refused', '/contact?_action=contact', 400, {
    kind: 'contact',
    email: 'ada@',
    message: 'Line one\nLine "two" & <more>',
  }),
  await answer('/book-refused', '/book?_action=book', 400, { ...booker, email: 'ada@', formKey }),
  await answer('/audit-refused', '/audit?_action=audit', 400, { url: 'http://localhost/<admin>' }),
  await answer('/audit/report', report, 200),
  await answer('/audit/report-refused', `${report}?_action=contact`, 400, {
    kind: 'contact',
    topic: 'audit',
    auditReport: report.split('/').at(-1)!,
    email: 'ada@',
  }),
  await answer('/book/manage-booked', booked.location, 200),
  await answer('/book/manage-move', manage, 200),
  await answer('/book/manage-refused', `${manage}&_action=reschedule`, 400, {
    token: new URL(manage, origin).searchParams.get('token') ?? '',
    start: 'not a time',
  }),
].map(({ name, html }) => {
  const file = path.join(dataDir, 'pages', `${name.slice(1)}.html`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, html)
  return file
})
await server.close()
await fixture.close()
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
