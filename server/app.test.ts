import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { createApp } from './app.ts'
import { clientAddressResolver } from './client-address.ts'

// A small build of the site to serve: a page, its data, an asset, the not-found page.
const dir = mkdtempSync(path.join(tmpdir(), 'client-'))
const inlineScript = 'window.__ctx = {"page":"about"}'
const files: Record<string, string> = {
  'index.html': '<!doctype html><h1>Home</h1>',
  'about/index.html': `<!doctype html><h1>About Northpeak</h1><script>${inlineScript}</script><script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/assets/app-1a2b3c.js"></script>`,
  'about.data': '[{"page":"about"}]',
  '404/index.html': '<!doctype html><h1>We couldn&apos;t find that page</h1>',
  'assets/app-1a2b3c.js': `console.log(${JSON.stringify('x'.repeat(2000))})`,
  'og-image.jpg': 'jpeg bytes',
  'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
}
for (const [name, body] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
  writeFileSync(path.join(dir, name), body)
}
writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(files['assets/app-1a2b3c.js']!))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const log = { error: vi.fn() }
// As if behind one proxy, whose X-Forwarded-For names the client.
const app = createApp({
  clientDir: dir,
  log,
  clientAddress: clientAddressResolver({ trustedProxies: 1, fromSocket: () => '10.0.0.1' }),
})

describe('pages', () => {
  test('a page answers 200 with its pre-rendered HTML', async () => {
    const response = await app.request('/about')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toContain('<h1>About Northpeak</h1>')
    expect((await app.request('/')).status).toBe(200)
  })

  test('an unknown path answers 404 with the not-found page', async () => {
    for (const url of ['/nope', '/blog/not-an-article', '/services/unknown', '/404']) {
      const response = await app.request(url)
      expect(response.status, url).toBe(404)
      expect(await response.text(), url).toContain('find that page')
      expect(response.headers.get('cache-control'), url).toBe('no-store')
    }
  })

  test('a trailing slash redirects to the one address of the page', async () => {
    const response = await app.request('/about/?ref=x')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/about?ref=x')
  })

  test('HTML and navigation data are revalidated; hashed assets are cached for a year', async () => {
    expect((await app.request('/about')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const data = await app.request('/about.data')
    expect(data.headers.get('content-type')).toBe('text/x-script; charset=utf-8')
    expect(data.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect((await app.request('/assets/app-1a2b3c.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    )
  })

  test('an unchanged file answers 304 to a matching If-None-Match', async () => {
    const first = await app.request('/about')
    const etag = first.headers.get('etag')!
    const second = await app.request('/about', { headers: { 'If-None-Match': etag } })
    expect(second.status).toBe(304)
    expect(await second.text()).toBe('')
  })

  test('sends the Brotli copy to a browser that accepts it, and the plain file otherwise', async () => {
    const compressed = await app.request('/assets/app-1a2b3c.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding')
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(
      files['assets/app-1a2b3c.js'],
    )
    const plain = await app.request('/assets/app-1a2b3c.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(files['assets/app-1a2b3c.js'])
  })

  test('HEAD answers the headers without a body', async () => {
    const response = await app.request('/about', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  test('other methods on pages are refused', async () => {
    const response = await app.request('/about', { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('security headers', () => {
  test('every response carries them', async () => {
    for (const url of ['/about', '/nope', '/assets/app-1a2b3c.js']) {
      const headers = (await app.request(url)).headers
      expect(headers.get('strict-transport-security'), url).toBe('max-age=63072000; includeSubDomains')
      expect(headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin')
      expect(headers.get('permissions-policy'), url).toContain('camera=()')
      expect(headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'")
    }
  })

  test("a page's CSP lets exactly its own inline scripts run", async () => {
    const csp = (await app.request('/about')).headers.get('content-security-policy')!
    const hash = createHash('sha256').update(inlineScript).digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
    // JSON-LD is data, not a script to allow; the module script loads from 'self'.
    expect(csp.match(/sha256-/g)).toHaveLength(1)
    expect(csp).not.toContain('unsafe-eval')
    expect(csp).toMatch(/script-src [^;]*/)
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain('unsafe-inline')
  })
})

describe('POST /api/client-errors', () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    app.request('/api/client-errors', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...headers },
    })

  test('logs a well-formed report and answers 204', async () => {
    const response = await post(JSON.stringify({ message: 'Render failed', path: '/about' }))
    expect(response.status).toBe(204)
    expect(log.error).toHaveBeenCalledWith(
      JSON.stringify({ event: 'client-error', message: 'Render failed', path: '/about' }),
    )
  })

  test('refuses a malformed report with the reason, logging nothing', async () => {
    log.error.mockClear()
    const response = await post('{"message": 42}')
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('Expected JSON with "message" and "path" strings')
    expect(log.error).not.toHaveBeenCalled()
  })

  test('refuses a report over 4 KB', async () => {
    const response = await post(JSON.stringify({ message: 'x'.repeat(5000), path: '/' }))
    expect(response.status).toBe(413)
  })

  test('limits one address to 10 reports a minute', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push(
        (await post(JSON.stringify({ message: 'again', path: '/' }), { 'x-forwarded-for': '198.51.100.7' })).status,
      )
    }
    expect(statuses.slice(0, 10).every((status) => status === 204)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    const refused = await post(JSON.stringify({ message: 'again', path: '/' }), { 'x-forwarded-for': '198.51.100.7' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  })
})

describe('the address the report limit counts by', () => {
  const report = JSON.stringify({ message: 'again', path: '/' })
  const twelveFromChangingAddresses = async (trustedProxies: number) => {
    const limited = createApp({
      clientDir: dir,
      log,
      clientAddress: clientAddressResolver({ trustedProxies, fromSocket: () => '192.0.2.1' }),
    })
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` }
      statuses.push((await limited.request('/api/client-errors', { method: 'POST', body: report, headers })).status)
    }
    return statuses
  }

  test('without trusted proxies, a client cannot escape the limit by changing X-Forwarded-For', async () => {
    expect((await twelveFromChangingAddresses(0)).slice(10)).toEqual([429, 429])
  })

  test('behind a trusted proxy, X-Forwarded-For tells clients apart', async () => {
    expect(new Set(await twelveFromChangingAddresses(1))).toEqual(new Set([204]))
  })
})

test('refuses to start without a build', () => {
  expect(() => createApp({ clientDir: path.join(dir, 'assets') })).toThrow(
    /no not-found page at \/404: run the build first/,
  )
})
