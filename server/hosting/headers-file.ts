import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { cachePolicy, HASHED_ASSETS } from './cache-policy.ts'
import { commonSecurityHeaders, fallbackCsp } from './security-policy.ts'
import { HEADERS_JSON, HEADERS_TEXT, REDIRECTS_TEXT } from './static-files.ts'

/**
 * The build's security headers file, `_headers.json` in the client folder:
 * written by the build's adapter from the policies Astro gives each
 * pre-rendered page (server/astro/adapter.ts), read by the server at start,
 * so that a static host can get the very same headers (from `_headers` beside
 * it, or converted as server/README.md shows).
 */
const securityHeadersSchema = z.object({
  /** Headers every response carries. */
  common: z.record(z.string(), z.string()),
  /** Content-Security-Policy of every response that is not a page. */
  fallbackCsp: z.string().min(1),
  /** Content-Security-Policy of each page, by URL path ("/", "/about", "/404"). */
  pages: z.record(z.string(), z.string().min(1)),
  /**
   * Addresses that moved, answered 301 with the address they moved to (a path
   * of this site): Astro's `redirects` (astro.config.ts), as the adapter is
   * given them.
   */
  redirects: z.record(z.string().regex(/^\/[^/]/), z.string().regex(/^\/(?![/\\])/)).default({}),
})

export type SecurityHeaders = z.infer<typeof securityHeadersSchema>

const generatedNote =
  'Written by the build (server/astro/adapter.ts) from the policies Astro gives each page; do not edit.'

/** The headers of a build whose pre-rendered pages have the policies `pages` (by URL path), and its `redirects`. */
export function computeSecurityHeaders(
  pages: Record<string, string>,
  redirects: Record<string, string> = {},
): SecurityHeaders {
  const sorted = (record: Record<string, string>) =>
    Object.fromEntries(Object.entries(record).toSorted(([a], [b]) => a.localeCompare(b)))
  return { common: commonSecurityHeaders, fallbackCsp, pages: sorted(pages), redirects: sorted(redirects) }
}

/** The redirects as a Netlify / Cloudflare Pages `_redirects` file: one permanent redirect a line. */
export function redirectsText(headers: SecurityHeaders): string {
  return [`# ${generatedNote}`, ...Object.entries(headers.redirects).map(([from, to]) => `${from} ${to} 301`)].join(
    '\n',
  )
}

/**
 * The same headers as a Netlify / Cloudflare Pages `_headers` file, with the
 * server's caching: hashed assets immutable, pages revalidated. A request
 * matching several rules gets all their headers, and a header two rules set
 * may arrive with both values joined by a comma, which for a CSP enforces both
 * policies and for Cache-Control is ambiguous: so no rule sets what another
 * matching one does. `/*` has the common headers only; each page has its CSP
 * and Cache-Control; `/assets/*` its Cache-Control. Other files get the host's
 * default caching (both revalidate).
 */
export function headersText(headers: SecurityHeaders): string {
  const block = (urlPath: string, lines: Record<string, string>) =>
    [urlPath, ...Object.entries(lines).map(([name, value]) => `  ${name}: ${value}`)].join('\n')
  return [
    `# ${generatedNote}`,
    block('/*', headers.common),
    block(`${HASHED_ASSETS}*`, { 'Cache-Control': cachePolicy.hashedAsset }),
    ...Object.entries(headers.pages).map(([urlPath, csp]) =>
      block(urlPath, { 'Content-Security-Policy': csp, 'Cache-Control': cachePolicy.revalidate }),
    ),
  ].join('\n\n')
}

/** Cloudflare Pages reads at most this many rules of `_headers`. */
export const HEADERS_RULE_LIMIT = 100

/** How many rules `headersText` writes for these headers. */
export function headersRuleCount(headers: SecurityHeaders): number {
  return 2 + Object.keys(headers.pages).length
}

/**
 * Writes the headers files of the build in `clientDir`, whose pre-rendered
 * pages have the policies `pages`, and the redirects file for static hosts.
 */
export function writeSecurityHeaders(
  clientDir: string,
  pages: Record<string, string>,
  redirects: Record<string, string> = {},
): SecurityHeaders {
  const headers = computeSecurityHeaders(pages, redirects)
  writeFileSync(path.join(clientDir, HEADERS_JSON), `${JSON.stringify({ '//': generatedNote, ...headers }, null, 2)}\n`)
  writeFileSync(path.join(clientDir, HEADERS_TEXT), `${headersText(headers)}\n`)
  writeFileSync(path.join(clientDir, REDIRECTS_TEXT), `${redirectsText(headers)}\n`)
  return headers
}

/** Reads the headers file of the build in `clientDir`, stopping the server with a clear message when it is missing or wrong. */
export function readSecurityHeaders(clientDir: string): SecurityHeaders {
  const file = path.join(clientDir, HEADERS_JSON)
  if (!existsSync(file)) {
    throw new Error(`${clientDir} has no ${HEADERS_JSON} (written by the build): run the build first`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    parsed = undefined
  }
  const result = securityHeadersSchema.safeParse(parsed)
  if (!result.success) throw new Error(`${file} is not what the build writes: run the build again`)
  return result.data
}
