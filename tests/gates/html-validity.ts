import { spawn, spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { HtmlValidate, StaticConfigLoader, type ConfigData } from 'html-validate'

/**
 * The HTML validity gate (docs/decisions/022-release-gates.md): every
 * pre-rendered page passes html-validate's recommended rules (configured in
 * .htmlvalidate.mjs) and the Nu Html Checker, the W3C's validator, with no
 * error. `scripts/check-html.ts` runs it over the build.
 */

export interface HtmlProblem {
  file: string
  line?: number
  column?: number
  /** The html-validate rule, or "vnu" for the Nu Html Checker. */
  rule: string
  message: string
}

export function formatProblem(problem: HtmlProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}:${problem.column ?? 0}`
  return `${where} ${problem.rule}: ${problem.message}`
}

/** Every pre-rendered page of a build: each HTML file under its client folder (`404.html` too), sorted. */
export function builtPages(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(clientDir, file))
    .sort()
}

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** The repository's html-validate configuration (.htmlvalidate.mjs), for files wherever they are. */
export async function htmlValidateConfig(): Promise<ConfigData> {
  const module = (await import(pathToFileURL(path.join(repoRoot, '.htmlvalidate.mjs')).href)) as {
    default: ConfigData
  }
  return module.default
}

/** What html-validate finds in these files, with the repository's configuration. */
export async function htmlValidateProblems(files: readonly string[]): Promise<HtmlProblem[]> {
  const validator = new HtmlValidate(new StaticConfigLoader(await htmlValidateConfig()))
  const problems: HtmlProblem[] = []
  for (const file of files) {
    const report = await validator.validateFile(file)
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push({
          file,
          line: message.line,
          column: message.column,
          rule: message.ruleId,
          message: message.selector ? `${message.message} (${message.selector})` : message.message,
        })
      }
    }
  }
  return problems
}

/**
 * Messages of the Nu Html Checker that are wrong about our pages, each with
 * why. Its CSS checker predates some CSS that every supported browser reads
 * (Tailwind v4 writes it into the inline stylesheet), so it calls that CSS
 * errors. Everything else it reports counts.
 */
export const vnuFilters: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^CSS: Unrecognized at-rule '@(property|container)'/,
    reason: '@property and @container queries: CSS Baseline since 2023-2024; Tailwind v4 is built on them',
  },
  {
    pattern: /^CSS: '(container-type|margin-trim)': Property '\1' doesn't exist/,
    reason: 'container-type (container queries) and margin-trim (inside @supports) are real properties',
  },
  {
    pattern: /^CSS: 'transition-property': '--tw-[\w-]+' is not a 'transition-property' value/,
    reason: 'custom properties registered with @property can be transitioned',
  },
  {
    pattern: /^CSS: Unrecognized at-rule '@starting-style'/,
    reason: '@starting-style: the menus fade in as they open; CSS Baseline since 2024',
  },
  {
    pattern:
      /^CSS: ('(anchor-name|position-anchor|position-try-fallbacks)': Property '\2' doesn't exist|'left': 'anchor\(left\)' is not a 'left' value|'top': Parse Error)/,
    reason:
      'CSS anchor positioning places the desktop menus under their buttons (app/app.css, .nav-menu), inside @supports; "top: calc(anchor(...))" is what the checker cannot parse',
  },
  {
    pattern: /^CSS: '(animation-timeline|animation-range)': Property '\1' doesn't exist/,
    reason:
      "scroll-driven animation moves each section's content into place as it scrolls in (docs/brand.md#motion), inside @supports (animation-timeline: view())",
  },
]

export interface VnuResult {
  errors: HtmlProblem[]
  warnings: HtmlProblem[]
  /** Messages left out by `vnuFilters`. */
  filtered: number
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: 'warning' | 'fatal' | 'io' | 'schema' | 'internal'
  url?: string
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
  message: string
}

/** The Java that runs the checker: `java` on PATH, version 11 or later. */
export function findJava(): string {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' })
  const version = /version "(\d+)/.exec(`${probe.stderr ?? ''}${probe.stdout ?? ''}`)?.[1]
  if (probe.error || !version || Number(version) < 11) {
    throw new Error(
      'The Nu Html Checker needs Java 11 or later on PATH: apt-get install default-jre-headless (.ci/run does it)',
    )
  }
  return 'java'
}

/** The checker's jar, shipped by the vnu-jar package (it downloads nothing when Java is installed). */
function vnuJar(): string {
  return String(createRequire(import.meta.url)('vnu-jar'))
}

/**
 * The Nu Html Checker over all files in one run: one JVM start for the
 * whole site. Errors fail the gate; warnings are reported; info messages
 * (such as "trailing slash on void elements", React's way) are left out.
 */
export async function vnuProblems(files: readonly string[]): Promise<VnuResult> {
  if (files.length === 0) return { errors: [], warnings: [], filtered: 0 }
  const args = ['-jar', vnuJar(), '--format', 'json', '--stdout', '--exit-zero-always', '--asciiquotes', ...files]
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(findJava(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`the Nu Html Checker exited with ${code}: ${stderr}`)),
    )
  })
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] }
  const result: VnuResult = { errors: [], warnings: [], filtered: 0 }
  for (const message of messages) {
    if (message.type === 'info' && message.subType !== 'warning') continue
    if (vnuFilters.some((filter) => filter.pattern.test(message.message))) {
      result.filtered += 1
      continue
    }
    const problem: HtmlProblem = {
      file: message.url ? path.relative(process.cwd(), new URL(message.url).pathname) : '(vnu)',
      line: message.lastLine,
      column: message.firstColumn ?? message.lastColumn,
      rule: 'vnu',
      message: message.message,
    }
    if (message.type === 'info') result.warnings.push(problem)
    else result.errors.push(problem)
  }
  return result
}
