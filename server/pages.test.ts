import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { NOT_FOUND_PATH } from '#app/lib/not-found.ts'
import { pagesApp } from './pages.ts'
import { indexStaticFiles } from './static-files.ts'
import { testFiles, writeTestBuild } from './test-build.ts'

const files = indexStaticFiles(await writeTestBuild())
const notFoundPage = files.get(NOT_FOUND_PATH)!
const pageCsp = { '/': 'csp of /', '/about': 'csp of /about', [NOT_FOUND_PATH]: 'csp of the not-found page' }
const app = pagesApp({ files, notFoundPage, pageCsp })

describe('pages', () => {
  test('a page answers 200 with its pre-rendered HTML', async () => {
    const response = await app.request('/about')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toContain('<h1>About Northpeak</h1>')
    expect((await app.request('/')).status).toBe(200)
  })

  test('an unknown path answers 404 with the not-found page', async () => {
    // The not-found page's own file, and the headers files, are no page to visit either.
    const notPages = [NOT_FOUND_PATH, '/_headers', '/_headers.json']
    for (const url of ['/nope', '/blog/not-an-article', '/services/unknown', '/404', ...notPages]) {
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

  test('no path redirects to another host: the target is one "/" and a path on this site', async () => {
    // A browser reads "//evil.example" (or "/\evil.example") in Location as another host.
    const cases: [string, string][] = [
      ['http://localhost//evil.example/', '/evil.example'],
      ['http://localhost///evil.example/', '/evil.example'],
      ['http://localhost//evil.example//?a=1', '/evil.example?a=1'],
      ['http://localhost/\\evil.example/', '/evil.example'],
      ['http://localhost/\\/evil.example/', '/evil.example'],
      ['http://localhost//\\evil.example/', '/evil.example'],
      // Encoded slashes are no slashes to a browser: the path stays a path.
      ['http://localhost/%2F%2Fevil.example/', '/%2F%2Fevil.example'],
      ['http://localhost/%5Cevil.example/', '/%5Cevil.example'],
      // Only slashes: the home page, not an empty Location.
      ['http://localhost//', '/'],
      ['http://localhost/about//', '/about'],
    ]
    for (const [url, location] of cases) {
      const response = await app.request(url)
      expect(response.status, url).toBe(301)
      expect(response.headers.get('location'), url).toBe(location)
      expect(response.headers.get('location'), url).toMatch(/^\/(?![/\\])/)
    }
  })

  test("HTML and what pages load by name (the search's JSON) are revalidated; hashed assets are cached for a year", async () => {
    expect((await app.request('/about')).headers.get('cache-control')).toBe('no-cache')
    const data = await app.request('/blog/search.json')
    expect(data.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(data.headers.get('cache-control')).toBe('no-cache')
    expect(await data.text()).toBe(testFiles['blog/search.json'])
    expect((await app.request('/sitemap.xml')).headers.get('cache-control')).toBe('no-cache')
    expect((await app.request('/assets/app-1a2b3c.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    )
    expect((await app.request('/og-image.jpg')).headers.get('cache-control')).toBe('public, max-age=86400')
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
      testFiles['assets/app-1a2b3c.js'],
    )
    const plain = await app.request('/assets/app-1a2b3c.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(testFiles['assets/app-1a2b3c.js'])
  })

  test('HEAD answers the headers without a body', async () => {
    const response = await app.request('/about', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(testFiles['about/index.html']!.length))
    expect(await response.text()).toBe('')
  })

  test('other methods on pages are refused', async () => {
    for (const url of ['/about', '/nope']) {
      const response = await app.request(url, { method: 'DELETE' })
      expect(response.status, url).toBe(405)
      expect(response.headers.get('allow'), url).toBe('GET, HEAD')
    }
  })
})

describe('Content-Security-Policy', () => {
  test('a page carries its own CSP, the not-found page its own', async () => {
    expect((await app.request('/about')).headers.get('content-security-policy')).toBe('csp of /about')
    expect((await app.request('/')).headers.get('content-security-policy')).toBe('csp of /')
    expect((await app.request('/nope')).headers.get('content-security-policy')).toBe('csp of the not-found page')
  })

  test('other files carry none of their own', async () => {
    for (const url of ['/blog/search.json', '/assets/app-1a2b3c.js', '/about/']) {
      expect((await app.request(url)).headers.get('content-security-policy'), url).toBeNull()
    }
  })
})

test('refuses to start when a page has no CSP, as its inline scripts would not run', () => {
  expect(() =>
    pagesApp({ files, notFoundPage, pageCsp: { '/': 'csp of /', [NOT_FOUND_PATH]: 'csp of the not-found page' } }),
  ).toThrow('/about has no Content-Security-Policy in the headers file: run the build again')
})
