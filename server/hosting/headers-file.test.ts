import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { categoryRedirects } from '#app/lib/content/categories.ts'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { pages as sitePages } from '#app/lib/site/registry.ts'
import { themeScript } from '#app/lib/browser/theme.ts'
import { parseCsp } from '#tests/gates/security-headers.ts'
import { headersRuleCount, readSecurityHeaders, writeSecurityHeaders } from './headers-file.ts'
import { commonSecurityHeaders, fallbackCsp } from './security-policy.ts'
import { pageFile, servedFiles } from './static-files.ts'
import { builtClientDir } from '../test-server.ts'
import { whenDone } from '../test-teardown.ts'

// The headers file of the site's real build, written by its adapter from the
// policy Astro gives each pre-rendered page (server/astro/adapter.ts,
// docs/decisions/045-astro-owns-pages-forms-and-content.md); the server reads
// it at start. Written again here into folders of the tests' own.
const clientDir = builtClientDir()
const built = readSecurityHeaders(clientDir)

function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'headers-'))
  whenDone(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe("the build's headers file", () => {
  test('gives every pre-rendered page its CSP by URL path, the not-found page by its file, and nothing else', () => {
    const htmlPages = servedFiles(clientDir)
      .filter(({ file }) => file.endsWith('.html'))
      .map(({ urlPath }) => urlPath)
    expect(Object.keys(built.pages).toSorted()).toEqual(htmlPages.toSorted())
    expect(built.pages).toHaveProperty([NOT_FOUND_PATH])
    expect(built.common).toEqual(commonSecurityHeaders)
    expect(built.fallbackCsp).toBe(fallbackCsp)
  })

  test('lists none of the pages rendered on demand: they carry their own CSP', () => {
    const onDemand = sitePages
      .map((entry) => entry.path)
      .filter((urlPath) => !existsSync(path.join(clientDir, pageFile(urlPath))))
    expect(onDemand.toSorted()).toEqual(['/audit', '/book', '/book/manage', '/contact', '/dashboard'])
    for (const urlPath of onDemand) expect(built.pages, urlPath).not.toHaveProperty([urlPath])
  })

  test("every page's script-src allows the inline theme script by its hash", () => {
    const theme = `'sha256-${createHash('sha256').update(themeScript()).digest('base64')}'`
    for (const [urlPath, csp] of Object.entries(built.pages)) {
      expect(parseCsp(csp).get('script-src'), urlPath).toContain(theme)
    }
  })
})

describe('writeSecurityHeaders', () => {
  const dir = scratch()
  const written = writeSecurityHeaders(dir, built.pages, built.redirects)
  const another = scratch()

  test("writes, from the pages' policies, the very files the build wrote", () => {
    expect(written).toEqual(built)
    for (const name of ['_headers.json', '_headers', '_redirects']) {
      expect(readFileSync(path.join(dir, name), 'utf8'), name).toBe(readFileSync(path.join(clientDir, name), 'utf8'))
    }
  })

  test('writes _headers.json for the server, which reads back the same', () => {
    expect(readSecurityHeaders(dir)).toEqual(written)
    expect(JSON.parse(readFileSync(path.join(dir, '_headers.json'), 'utf8'))['//']).toMatch(/do not edit/)
  })

  test('writes the same headers as a _headers file for static hosts', () => {
    const text = readFileSync(path.join(dir, '_headers'), 'utf8')
    expect(text).toMatch(/^# Written by the build \(server\/astro\/adapter.ts\)/)
    expect(text).toContain(
      '\n/*\n  Strict-Transport-Security: max-age=63072000; includeSubDomains\n  X-Content-Type-Options: nosniff\n',
    )
    expect(text).toContain(
      `\n/about\n  Content-Security-Policy: ${written.pages['/about']}\n  Cache-Control: no-cache\n`,
    )
    expect(text).toContain(`\n/\n  Content-Security-Policy: ${written.pages['/']}\n`)
    expect(text).toContain('\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n')
    // No two rules that match one URL set the same header: /* has no Cache-Control.
    expect(text.split('\n\n')[1]).not.toContain('Cache-Control')
    expect(headersRuleCount(written)).toBe(text.split('\n\n').length - 1)
    // A static host joins two matching rules' values: the fallback under /* would add a second, stricter policy.
    expect(text).not.toContain(fallbackCsp)
  })

  test("writes Astro's redirects as a _redirects file for static hosts: each moved address, 301 to its page", () => {
    const lines = readFileSync(path.join(dir, '_redirects'), 'utf8').trimEnd().split('\n')
    expect(lines[0]).toMatch(/^# Written by the build/)
    expect(lines.slice(1)).toEqual(
      Object.entries(categoryRedirects)
        .map(([from, to]) => `${from} ${to} 301`)
        .toSorted(),
    )
    expect(lines).toContain('/blog/category/video /blog/category/paid-ads-and-social 301')
  })

  test('lists the pages by path, in order, whatever order they come in', () => {
    const reversed = Object.fromEntries(Object.entries(built.pages).toReversed())
    expect(Object.keys(writeSecurityHeaders(another, reversed).pages)).toEqual(Object.keys(built.pages))
  })
})

describe('readSecurityHeaders', () => {
  test('stops with a clear message when the build wrote no headers file', () => {
    expect(() => readSecurityHeaders(path.join(clientDir, 'assets'))).toThrow(
      /assets has no _headers.json \(written by the build\): run the build first/,
    )
  })

  test('stops with a clear message when the file is not what the build writes', () => {
    const dir = scratch()
    for (const body of ['{"pages": {}}', 'not json']) {
      writeFileSync(path.join(dir, '_headers.json'), body)
      expect(() => readSecurityHeaders(dir), body).toThrow(/_headers.json is not what the build writes/)
    }
  })
})
