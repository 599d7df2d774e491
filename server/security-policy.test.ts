import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { inlineScriptHashes, pageCsp } from './security-policy.ts'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const boot = 'window.__ctx = {"page":"about"}'
const hydrate = 'import("/assets/entry.js")'
const html = [
  '<!doctype html><h1>About</h1>',
  `<script>${boot}</script>`,
  `<script type="module" async="">${hydrate}</script>`,
  `<script>${boot}</script>`,
  '<script type="application/ld+json">{"@type":"Thing"}</script>',
  '<script type="module" src="/assets/app-1a2b3c.js"></script>',
].join('')

describe('inlineScriptHashes', () => {
  test('hashes each distinct inline script once; JSON-LD and scripts with a src are left out', () => {
    expect(inlineScriptHashes(html)).toEqual([sha256(boot), sha256(hydrate)])
    expect(inlineScriptHashes('<h1>No scripts</h1><script src="/a.js"></script>')).toEqual([])
  })
})

describe('pageCsp', () => {
  test('without analytics: only the site itself and the page’s own inline scripts', () => {
    expect(pageCsp(html, { analytics: false })).toBe(
      [
        "default-src 'self'",
        `script-src 'self' ${sha256(boot)} ${sha256(hydrate)}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join('; '),
    )
    expect(pageCsp('<h1>No scripts</h1>', { analytics: false })).toContain("script-src 'self'; ")
  })

  test('with analytics: Tag Manager may load scripts, the Google Analytics hosts receive hits', () => {
    const csp = pageCsp(html, { analytics: true })
    const directive = (name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `))
    expect(directive('script-src')).toBe(
      `script-src 'self' https://www.googletagmanager.com ${sha256(boot)} ${sha256(hydrate)}`,
    )
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com",
    )
    expect(directive('img-src')).toBe(
      "img-src 'self' data: https://*.google-analytics.com https://*.analytics.google.com",
    )
    // Everything else stays as strict as without analytics.
    const others = (value: string) => value.split('; ').filter((part) => !/^(script|connect|img)-src /.test(part))
    expect(others(csp)).toEqual(others(pageCsp(html, { analytics: false })))
    expect(directive('script-src')).not.toContain('unsafe')
  })
})
