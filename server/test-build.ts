import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll } from 'vitest'
import { writeSecurityHeaders } from './headers-file.ts'

/** For the server's tests: a small build of the site, as `react-router build` and scripts/postbuild.ts leave it. */
export const inlineScript = 'window.__ctx = {"page":"about"}'

/** A page, its data, an asset (with a Brotli copy), the not-found page, and files that are not pages. */
export const testFiles: Record<string, string> = {
  'index.html': '<!doctype html><h1>Home</h1>',
  'about/index.html': `<!doctype html><h1>About Northpeak</h1><script>${inlineScript}</script><script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/assets/app-1a2b3c.js"></script>`,
  'about.data': '[{"page":"about"}]',
  '404/index.html':
    '<!doctype html><h1>We couldn&apos;t find that page</h1><script>window.__ctx = {"page":"404"}</script>',
  '__spa-fallback.html': '<!doctype html><p>Loading</p>',
  'assets/app-1a2b3c.js': `console.log(${JSON.stringify('x'.repeat(2000))})`,
  'og-image.jpg': 'jpeg bytes',
  'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
}

/**
 * Writes the test build to a new temporary folder, removed after the test
 * file's tests, with the headers files scripts/postbuild.ts would write.
 */
export function writeTestBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-'))
  for (const [name, body] of Object.entries(testFiles)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), body)
  }
  writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(testFiles['assets/app-1a2b3c.js']!))
  writeSecurityHeaders(dir, { analytics: false })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}
