import { createHash } from 'node:crypto'
import { attribute, findElements, parseHtml, textOf } from './html-dom.ts'

/**
 * The security-header gate (docs/decisions/022-release-gates.md): what a
 * security reviewer checks on every response, independent of the code that
 * writes the headers (server/hosting/security-policy.ts). tests/e2e/security-headers.spec.ts
 * runs it against the real server.
 */

/**
 * The hosts Google documents for GA4 (gtag.js) under a Content-Security-Policy:
 * the only hosts a policy may name, and only when analytics is configured.
 */
export const analyticsHosts = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
] as const

/** A policy's directives: name to sources, as sent. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

/** The `'sha256-…'` source of each inline script of a page (JSON-LD is data, not a script). */
export function inlineScriptSources(html: string): string[] {
  return findElements(parseHtml(html), (node) => node.name === 'script' && attribute(node, 'src') === undefined)
    .filter((script) => attribute(script, 'type') !== 'application/ld+json')
    .map((script) => `'sha256-${createHash('sha256').update(textOf(script)).digest('base64')}'`)
}

const keyword = (source: string) => source.startsWith("'")

export interface HeaderContext {
  /** Whether the build turned analytics on (VITE_GA_MEASUREMENT_ID). */
  analytics: boolean
  /** A page's HTML, whose inline scripts the policy must allow by hash. */
  html?: string
}

/** What is wrong with a response's security headers; empty when nothing is. `headers` keys are lower case. */
export function securityHeaderProblems(headers: Record<string, string>, { analytics, html }: HeaderContext): string[] {
  const problems: string[] = []
  const policy = headers['content-security-policy']
  if (!policy) problems.push('no Content-Security-Policy')
  else {
    const csp = parseCsp(policy)
    const scripts = csp.get('script-src') ?? csp.get('default-src')
    if (!scripts) problems.push('CSP: neither script-src nor default-src')
    for (const bad of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:']) {
      if (scripts?.includes(bad)) problems.push(`CSP: scripts allow ${bad}`)
    }
    for (const [name, sources] of csp) {
      if (sources.includes("'unsafe-eval'")) problems.push(`CSP: ${name} allows 'unsafe-eval'`)
    }
    if (csp.get('frame-ancestors')?.join(' ') !== "'none'") problems.push("CSP: frame-ancestors is not 'none'")
    const objects = csp.get('object-src') ?? csp.get('default-src')
    if (objects?.join(' ') !== "'none'") problems.push("CSP: object-src is not 'none'")
    if (!csp.has('base-uri') && csp.get('default-src')?.join(' ') !== "'none'") problems.push('CSP: no base-uri')
    // Hosts: none but the analytics hosts, and those only when analytics is on.
    const allowed: readonly string[] = analytics ? analyticsHosts : []
    for (const [name, sources] of csp) {
      for (const source of sources) {
        if (keyword(source) || /^[a-z]+:$/.test(source)) continue
        if (!allowed.includes(source)) {
          problems.push(`CSP: ${name} allows ${source}${analytics ? '' : ', though analytics is off'}`)
        }
      }
    }
    if (html !== undefined) {
      for (const hash of inlineScriptSources(html)) {
        if (!scripts?.includes(hash)) problems.push(`CSP: an inline script of the page (${hash}) is not allowed`)
      }
    }
  }

  const maxAge = Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1] ?? 0)
  if (maxAge < 31_536_000) problems.push('Strict-Transport-Security missing or max-age under one year')
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff')
  const referrer = headers['referrer-policy']
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer ?? '')) {
    problems.push(`Referrer-Policy ${referrer ?? 'missing'} sends more than the origin across sites`)
  }
  const permissions = headers['permissions-policy'] ?? ''
  for (const feature of ['camera', 'microphone', 'geolocation']) {
    if (!new RegExp(`(^|,)\\s*${feature}=\\(\\)`).test(permissions))
      problems.push(`Permissions-Policy does not turn off ${feature}`)
  }
  if (headers['x-frame-options'] !== 'DENY') problems.push('X-Frame-Options is not DENY')
  return problems
}
