import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { cachePolicy, HASHED_ASSETS } from './cache-policy.ts'
import { commonSecurityHeaders, fallbackCsp, pageCsp, type CspOptions } from './security-policy.ts'
import { builtPages, HEADERS_JSON, HEADERS_TEXT } from './static-files.ts'

/**
 * The build's security headers file, `_headers.json` in the client folder:
 * written by scripts/postbuild.ts, read by the server at start, so the server
 * never hashes HTML itself and a static host can get the very same headers
 * (from `_headers` beside it, or converted as server/README.md shows).
 */
const securityHeadersSchema = z.object({
  /** Headers every response carries. */
  common: z.record(z.string(), z.string()),
  /** Content-Security-Policy of every response that is not a page. */
  fallbackCsp: z.string().min(1),
  /** Content-Security-Policy of each page, by URL path ("/", "/about", "/404"). */
  pages: z.record(z.string(), z.string().min(1)),
})

export type SecurityHeaders = z.infer<typeof securityHeadersSchema>

const generatedNote = 'Written by scripts/postbuild.ts from the built pages; do not edit.'

/** The headers of a build's pages, as `pages` lists them (scripts/postbuild.ts passes the build's). */
export function computeSecurityHeaders(
  pages: { urlPath: string; html: string }[],
  options: CspOptions,
): SecurityHeaders {
  return {
    common: commonSecurityHeaders,
    fallbackCsp,
    pages: Object.fromEntries(
      pages
        .toSorted((a, b) => a.urlPath.localeCompare(b.urlPath))
        .map(({ urlPath, html }) => [urlPath, pageCsp(html, options)]),
    ),
  }
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
 * Computes the headers of the build in `clientDir`, its files' pages and
 * `rendered`, the pages it renders on demand as they render, and writes both
 * headers files there.
 */
export function writeSecurityHeaders(
  clientDir: string,
  options: CspOptions,
  rendered: { urlPath: string; html: string }[] = [],
): SecurityHeaders {
  const headers = computeSecurityHeaders([...builtPages(clientDir), ...rendered], options)
  writeFileSync(path.join(clientDir, HEADERS_JSON), `${JSON.stringify({ '//': generatedNote, ...headers }, null, 2)}\n`)
  writeFileSync(path.join(clientDir, HEADERS_TEXT), `${headersText(headers)}\n`)
  return headers
}

/** Reads the headers file of the build in `clientDir`, stopping the server with a clear message when it is missing or wrong. */
export function readSecurityHeaders(clientDir: string): SecurityHeaders {
  const file = path.join(clientDir, HEADERS_JSON)
  if (!existsSync(file)) {
    throw new Error(`${clientDir} has no ${HEADERS_JSON} (written by scripts/postbuild.ts): run the build first`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    parsed = undefined
  }
  const result = securityHeadersSchema.safeParse(parsed)
  if (!result.success) throw new Error(`${file} is not what scripts/postbuild.ts writes: run the build again`)
  return result.data
}
