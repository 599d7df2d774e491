import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { analyticsHosts, parseCsp } from '#tests/gates/security-headers.ts'
import { readSecurityHeaders } from './headers-file.ts'
import { inlineScripts, pageCspConfig } from './security-policy.ts'
import { builtClientDir } from '../test-server.ts'

// The policy of every page, as Astro's `security.csp` (astro.config.ts):
// Astro hashes the scripts it puts in a page and writes the header
// (docs/decisions/045-astro-owns-pages-forms-and-content.md). Checked here as
// the configuration Astro is given, and as the real build's pages carry it.

const without = pageCspConfig({ analytics: false })
const withAnalytics = pageCspConfig({ analytics: true })

/** The directive `name` of a configuration, as `name source…`. */
const directive = (config: typeof without, name: string) =>
  config.directives?.find((entry) => entry.startsWith(`${name} `))

describe('pageCspConfig', () => {
  test("without analytics: only the site itself; scripts from the site and by Astro's hashes", () => {
    expect(without.algorithm).toBe('SHA-256')
    expect(without.directives).toEqual([
      "default-src 'self'",
      "img-src 'self' data:",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ])
    // The scripts the site writes inline itself, by the hash of their text.
    const hashes = inlineScripts.map((text) => `sha256-${createHash('sha256').update(text).digest('base64')}`)
    expect(hashes).toHaveLength(3)
    expect(without.scriptDirective).toEqual({ resources: ["'self'"], hashes })
    // Radix positions menus and tooltips with inline styles.
    expect(without.styleDirective).toEqual({ resources: ["'self'", "'unsafe-inline'"] })
    for (const host of analyticsHosts) expect(JSON.stringify(without)).not.toContain(host)
  })

  test('with analytics: Tag Manager may load scripts, the Google Analytics hosts receive hits', () => {
    expect(withAnalytics.scriptDirective).toEqual({
      resources: ["'self'", 'https://www.googletagmanager.com'],
      hashes: without.scriptDirective?.hashes,
    })
    expect(directive(withAnalytics, 'connect-src')).toBe(
      "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com",
    )
    expect(directive(withAnalytics, 'img-src')).toBe(
      "img-src 'self' data: https://*.google-analytics.com https://*.analytics.google.com",
    )
    // Everything else stays as strict as without analytics.
    const others = (config: typeof without) => config.directives?.filter((entry) => !/^(connect|img)-src /.test(entry))
    expect(others(withAnalytics)).toEqual(others(without))
    expect(withAnalytics.styleDirective).toEqual(without.styleDirective)
    expect(JSON.stringify(withAnalytics.scriptDirective)).not.toContain('unsafe')
  })
})

describe("the real build's pages", () => {
  const { pages } = readSecurityHeaders(builtClientDir())

  test('carry that policy: each directive as configured, scripts from the site and by hash only', () => {
    expect(Object.keys(pages).length).toBeGreaterThan(0)
    for (const [urlPath, csp] of Object.entries(pages)) {
      const parsed = parseCsp(csp)
      for (const entry of without.directives ?? []) {
        const [name, ...sources] = entry.split(' ')
        expect(parsed.get(name!), `${urlPath}: ${name}`).toEqual(sources)
      }
      const [first, ...hashes] = parsed.get('script-src')!
      expect(first, urlPath).toBe("'self'")
      expect(hashes.length, urlPath).toBeGreaterThan(0)
      for (const hash of hashes) expect(hash, urlPath).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/)
      expect(parsed.get('style-src'), urlPath).toEqual(["'self'", "'unsafe-inline'"])
      // No directive the configuration does not give: no analytics host, no connect-src.
      expect([...parsed.keys()].toSorted(), urlPath).toEqual(
        [...(without.directives ?? []).map((entry) => entry.split(' ')[0]!), 'script-src', 'style-src'].toSorted(),
      )
    }
  })
})
