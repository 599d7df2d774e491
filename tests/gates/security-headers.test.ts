import { describe, expect, test } from 'vitest'
import { commonSecurityHeaders, fallbackCsp, pageCsp } from '#server/security-policy.ts'
import { inlineScriptSources, securityHeaderProblems } from './security-headers.ts'

// The server's own headers pass; each planted weakness is named.

const page =
  '<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Thing"}</script></head>' +
  '<body><script>window.__ctx = {"page":"about"}</script><script type="module" src="/assets/app.js"></script></body></html>'

const lowerCase = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

const headersOf = (csp: string) => lowerCase({ ...commonSecurityHeaders, 'Content-Security-Policy': csp })

describe('securityHeaderProblems', () => {
  test("passes the server's headers of a page, with and without analytics, and of any other response", () => {
    expect(
      securityHeaderProblems(headersOf(pageCsp(page, { analytics: false })), { analytics: false, html: page }),
    ).toEqual([])
    expect(
      securityHeaderProblems(headersOf(pageCsp(page, { analytics: true })), { analytics: true, html: page }),
    ).toEqual([])
    expect(securityHeaderProblems(headersOf(fallbackCsp), { analytics: false })).toEqual([])
  })

  test("names 'unsafe-inline' or 'unsafe-eval' for scripts, and an inline script the policy does not allow", () => {
    const csp = pageCsp(page, { analytics: false })
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
    const withAnalytics = pageCsp(page, { analytics: true })
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
    const csp = pageCsp(page, { analytics: false }).replace("frame-ancestors 'none'", "frame-ancestors 'self'")
    const headers = headersOf(csp)
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
  test('hashes inline scripts only: neither JSON-LD nor scripts with a src', () => {
    expect(inlineScriptSources(page)).toHaveLength(1)
    expect(inlineScriptSources(page)[0]).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
  })
})
