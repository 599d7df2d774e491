import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { headersRuleCount, readSecurityHeaders, writeSecurityHeaders } from './headers-file.ts'
import { commonSecurityHeaders, fallbackCsp, pageCsp } from './security-policy.ts'
import { contactInlineScript, testFiles, writeTestBuild } from './test-build.ts'

describe('writeSecurityHeaders', async () => {
  const dir = await writeTestBuild()
  // A page rendered on demand, as scripts/postbuild.ts renders it once through the build's entry.
  const contact = {
    urlPath: '/contact',
    html: `<!doctype html><h1>Contact</h1><script>${contactInlineScript}</script>`,
  }
  const written = writeSecurityHeaders(dir, { analytics: false }, [contact])

  test('gives every page of the build, and each page rendered on demand, its CSP by URL path, and nothing else', () => {
    expect(written).toEqual({
      common: commonSecurityHeaders,
      fallbackCsp,
      pages: {
        '/': pageCsp(testFiles['index.html']!, { analytics: false }),
        '/404.html': pageCsp(testFiles['404.html']!, { analytics: false }),
        '/about': pageCsp(testFiles['about/index.html']!, { analytics: false }),
        '/contact': pageCsp(contact.html, { analytics: false }),
      },
    })
    const hash = createHash('sha256').update(contactInlineScript).digest('base64')
    expect(written.pages['/contact']).toContain(`script-src 'self' 'sha256-${hash}';`)
  })

  test('without pages rendered on demand, the pages of the build are its HTML files', async () => {
    const files = await writeTestBuild()
    expect(Object.keys(writeSecurityHeaders(files, { analytics: false }).pages)).toEqual(['/', '/404.html', '/about'])
  })

  test('writes _headers.json for the server, which reads back the same', () => {
    expect(readSecurityHeaders(dir)).toEqual(written)
    expect(JSON.parse(readFileSync(path.join(dir, '_headers.json'), 'utf8'))['//']).toMatch(/do not edit/)
  })

  test('writes the same headers as a _headers file for static hosts', () => {
    const text = readFileSync(path.join(dir, '_headers'), 'utf8')
    expect(text).toContain(
      `\n/contact\n  Content-Security-Policy: ${written.pages['/contact']}\n  Cache-Control: no-cache\n`,
    )
    expect(text).toMatch(/^# Written by scripts\/postbuild.ts/)
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

  test('widens the CSP for analytics when asked', () => {
    const widened = writeSecurityHeaders(dir, { analytics: true })
    expect(widened.pages['/about']).toBe(pageCsp(testFiles['about/index.html']!, { analytics: true }))
    expect(readFileSync(path.join(dir, '_headers'), 'utf8')).toContain('https://www.googletagmanager.com')
  })
})

describe('readSecurityHeaders', () => {
  test('stops with a clear message when the build wrote no headers file', async () => {
    const dir = await writeTestBuild()
    expect(() => readSecurityHeaders(path.join(dir, 'assets'))).toThrow(
      /assets has no _headers.json \(written by scripts\/postbuild.ts\): run the build first/,
    )
  })

  test('stops with a clear message when the file is not what the build writes', async () => {
    const dir = await writeTestBuild()
    for (const body of ['{"pages": {}}', 'not json']) {
      writeFileSync(path.join(dir, '_headers.json'), body)
      expect(() => readSecurityHeaders(dir), body).toThrow(/_headers.json is not what scripts\/postbuild.ts writes/)
    }
  })
})
