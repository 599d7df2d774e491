import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { renderCspContent } from 'astro/runtime/server/render/csp.js'
import { describe, expect, test } from 'vitest'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { themeScript } from '#app/lib/browser/theme.ts'
import { readSecurityHeaders } from '#server/hosting/headers-file.ts'
import { commonSecurityHeaders, fallbackCsp, pageCspConfig, type CspOptions } from '#server/hosting/security-policy.ts'
import { pageFile } from '#server/hosting/static-files.ts'
import { builtClientDir } from '#server/test-server.ts'
import { attribute, findElements, parseHtml, textOf } from './html-dom.ts'
import { inlineScriptSources, securityHeaderProblems } from './security-headers.ts'

// The server's own headers pass; each planted weakness is named. The pages
// and their policies are the site's real build (`npm run build`): Astro
// hashes each page's scripts into its policy (server/hosting/security-policy.ts,
// docs/decisions/045-astro-owns-pages-forms-and-content.md).

const clientDir = builtClientDir()
const { pages } = readSecurityHeaders(clientDir)
const htmlOf = (urlPath: string) =>
  readFileSync(path.join(clientDir, urlPath === NOT_FOUND_PATH ? NOT_FOUND_PATH : pageFile(urlPath)), 'utf8')
const page = htmlOf('/about')
const csp = pages['/about']!

/**
 * The policy Astro's own renderer of the header (the one the build runs)
 * writes for /about under `pageCspConfig(options)`: the build has analytics
 * off, so this is how the gate sees a page of a build with it on.
 */
function astroPolicy(options: CspOptions): string {
  const config = pageCspConfig(options)
  const hashes = [...csp.matchAll(/'(sha256-[^']+)'/g)].map((match) => match[1]!)
  return renderCspContent({
    directives: [...(config.directives ?? [])],
    scriptDirective: { resources: [...(config.scriptDirective?.resources ?? [])], hashes, strictDynamic: false },
    styleDirective: { resources: [...(config.styleDirective?.resources ?? [])], hashes: [] },
    _metadata: { extraScriptHashes: [], extraStyleHashes: [] },
  } as unknown as Parameters<typeof renderCspContent>[0])
}

const lowerCase = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

const headersOf = (policy: string) => lowerCase({ ...commonSecurityHeaders, 'Content-Security-Policy': policy })

describe('securityHeaderProblems', () => {
  test("passes the server's headers of every page of the build, with its HTML, and of any other response", () => {
    expect(Object.keys(pages).length).toBeGreaterThan(0)
    for (const [urlPath, policy] of Object.entries(pages)) {
      expect(securityHeaderProblems(headersOf(policy), { analytics: false, html: htmlOf(urlPath) }), urlPath).toEqual(
        [],
      )
    }
    expect(securityHeaderProblems(headersOf(fallbackCsp), { analytics: false })).toEqual([])
  })

  test("passes a page's headers with analytics on, as Astro writes the policy then", () => {
    // Astro's renderer, given the build's configuration, writes the build's very policy.
    expect(astroPolicy({ analytics: false })).toBe(csp)
    expect(
      securityHeaderProblems(headersOf(astroPolicy({ analytics: true })), { analytics: true, html: page }),
    ).toEqual([])
  })

  test("names 'unsafe-inline' or 'unsafe-eval' for scripts, and an inline script the policy does not allow", () => {
    expect(csp).toContain("script-src 'self' ")
    expect(
      securityHeaderProblems(headersOf(csp.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")), {
        analytics: false,
      }),
    ).toEqual(["CSP: scripts allow 'unsafe-inline'"])
    expect(
      securityHeaderProblems(headersOf(csp.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'")), {
        analytics: false,
      }),
    ).toEqual(["CSP: scripts allow 'unsafe-eval'", "CSP: script-src allows 'unsafe-eval'"])
    const withAnother = page.replace('</body>', '<script>alert(1)</script></body>')
    expect(securityHeaderProblems(headersOf(csp), { analytics: false, html: withAnother })).toEqual([
      `CSP: an inline script of the page (${inlineScriptSources('<script>alert(1)</script>')[0]}) is not allowed`,
    ])
  })

  test('names analytics hosts while analytics is off, and any other host at all', () => {
    const withAnalytics = astroPolicy({ analytics: true })
    expect(securityHeaderProblems(headersOf(withAnalytics), { analytics: false })).toContain(
      'CSP: script-src allows https://www.googletagmanager.com, though analytics is off',
    )
    expect(
      securityHeaderProblems(headersOf(withAnalytics.replace('img-src', 'img-src https://pixel.example')), {
        analytics: true,
      }),
    ).toEqual(['CSP: img-src allows https://pixel.example'])
  })

  test('names framing allowed, and each missing or weak header', () => {
    expect(csp).toContain("frame-ancestors 'none'")
    const headers = headersOf(csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
    delete headers['strict-transport-security']
    headers['referrer-policy'] = 'unsafe-url'
    headers['permissions-policy'] = 'camera=()'
    delete headers['x-content-type-options']
    expect(securityHeaderProblems(headers, { analytics: false })).toEqual([
      "CSP: frame-ancestors is not 'none'",
      'Strict-Transport-Security missing or max-age under one year',
      'X-Content-Type-Options is not nosniff',
      'Referrer-Policy unsafe-url sends more than the origin across sites',
      'Permissions-Policy does not turn off microphone',
      'Permissions-Policy does not turn off geolocation',
    ])
    expect(securityHeaderProblems({}, { analytics: false })).toContain('no Content-Security-Policy')
  })
})

describe('inlineScriptSources', () => {
  test('hashes the inline scripts of a page only: neither its JSON-LD nor its scripts with a src', () => {
    const scripts = findElements(parseHtml(page), (node) => node.name === 'script')
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    const jsonLd = scripts.filter((script) => attribute(script, 'type') === 'application/ld+json')
    const withSrc = scripts.filter((script) => attribute(script, 'src') !== undefined)
    // The page has each kind: its JSON-LD, its module scripts and its inline scripts, the theme's among them.
    expect(jsonLd.length).toBeGreaterThan(0)
    expect(withSrc.length).toBeGreaterThan(0)
    const sources = inlineScriptSources(page)
    expect(sources).toHaveLength(scripts.length - jsonLd.length - withSrc.length)
    expect(sources).toContain(hashOf(themeScript()))
    for (const script of jsonLd) expect(sources).not.toContain(hashOf(textOf(script)))
    for (const source of sources) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
  })
})
