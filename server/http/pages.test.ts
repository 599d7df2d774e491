import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { readSecurityHeaders } from '../hosting/headers-file.ts'
import { loadRenderer, pagesApp } from './pages.ts'
import type { RateLimiter } from '../store/rate-limit.ts'
import { indexStaticFiles } from '../hosting/static-files.ts'
import { aboutHeading, hashedScript } from '../test-pages.ts'
import { builtClientDir, testServices } from '../test-server.ts'

// The site's real build (`npm run build`): its files, the policies its
// adapter wrote into the headers file, and its renderer of the pages answered
// on demand (docs/decisions/045-astro-owns-pages-forms-and-content.md).
const clientDir = builtClientDir()
const files = indexStaticFiles(clientDir)
const notFoundPage = files.get(NOT_FOUND_PATH)!
const pageCsp = readSecurityHeaders(clientDir).pages
const renderPage = await loadRenderer(path.dirname(clientDir))
// Each write the renderer counts, with the address it was handed.
const counted: string[] = []
const counting: RateLimiter = {
  async hit(address) {
    counted.push(address)
    return { allowed: true, retryAfterMs: 0 }
  },
  close() {},
}
const { services, store } = testServices({ writeLimiter: counting })
const app = pagesApp({ files, notFoundPage, pageCsp, renderPage, services, clientAddress: () => '203.0.113.40' })
const script = hashedScript(files)

describe('pages', () => {
  test('a page answers 200 with its pre-rendered HTML', async () => {
    const response = await app.request('/about')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect(html).toBe(readFileSync(path.join(clientDir, 'about/index.html'), 'utf8'))
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(aboutHeading)
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
    expect(await data.text()).toBe(readFileSync(path.join(clientDir, 'blog/search.json'), 'utf8'))
    expect((await app.request('/sitemap.xml')).headers.get('cache-control')).toBe('no-cache')
    expect((await app.request(script.urlPath)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
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
    const source = readFileSync(script.file.file, 'utf8')
    const compressed = await app.request(script.urlPath, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding')
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(source)
    const plain = await app.request(script.urlPath)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(source)
  })

  test('HEAD answers the headers without a body', async () => {
    const response = await app.request('/about', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(statSync(path.join(clientDir, 'about/index.html')).size))
    expect(await response.text()).toBe('')
  })

  test('other methods are refused, on every path: the site takes GET, HEAD and the posts of its forms', async () => {
    for (const url of ['/about', '/nope', '/contact', '/api/leads']) {
      const response = await app.request(url, { method: 'DELETE' })
      expect(response.status, url).toBe(405)
      expect(response.headers.get('allow'), url).toBe('GET, HEAD, POST')
    }
  })
})

describe('Content-Security-Policy', () => {
  test('a page carries the CSP the headers file gives its path, the not-found page its own', async () => {
    expect((await app.request('/about')).headers.get('content-security-policy')).toBe(pageCsp['/about'])
    expect((await app.request('/')).headers.get('content-security-policy')).toBe(pageCsp['/'])
    expect((await app.request('/nope')).headers.get('content-security-policy')).toBe(pageCsp[NOT_FOUND_PATH])
    // Each path's own: a policy the file gives /about alone reaches /about alone.
    const own = { ...pageCsp, '/about': `${pageCsp['/about']} report-to about` }
    const withOwn = pagesApp({ files, notFoundPage, pageCsp: own, renderPage, services, clientAddress: () => '' })
    expect((await withOwn.request('/about')).headers.get('content-security-policy')).toBe(own['/about'])
    expect((await withOwn.request('/')).headers.get('content-security-policy')).toBe(pageCsp['/'])
  })

  test('other files carry none of their own', async () => {
    for (const url of ['/blog/search.json', script.urlPath, '/about/']) {
      expect((await app.request(url)).headers.get('content-security-policy'), url).toBeNull()
    }
  })

  test('a page rendered on demand carries the CSP Astro gives it', async () => {
    const response = await app.request('/contact')
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy')!
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/script-src 'self' 'sha256-/)
    // Not from the headers file, which lists the pre-rendered pages only.
    expect(pageCsp['/contact']).toBeUndefined()
  })
})

describe('what the build answers on demand', () => {
  test('gets the services as Astro.locals and the client address: a lead is stored, its write counted', async () => {
    const before = await store.countLeads()
    const response = await app.request('/api/leads', {
      method: 'POST',
      body: JSON.stringify({ kind: 'popup', email: 'ada@example.com' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    expect(await store.countLeads()).toBe(before + 1)
    expect((await store.exportLeads()).map((lead) => lead.id)).toContain(id)
    expect(counted.at(-1)).toBe('203.0.113.40')
  })

  test('a rendered page is never stored unless it says so; HTML is sent as the files are', async () => {
    const refused = await app.request('/contact?_action=contact', {
      method: 'POST',
      body: new URLSearchParams({ kind: 'contact', name: 'Ada' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(refused.headers.get('cache-control')).toBe('no-store')
    // The plain page, the same for every visitor, says it may be kept and asked again.
    expect((await app.request('/contact')).headers.get('cache-control')).toBe('no-cache')
  })

  test('a path neither a file nor answered on demand is the not-found page; a post where nothing takes one, 405', async () => {
    expect((await app.request('/api/nothing')).status).toBe(404)
    for (const url of ['/about', '/nope']) {
      const post = await app.request(url, { method: 'POST', body: '' })
      expect(post.status, url).toBe(405)
      expect(post.headers.get('allow'), url).toBe('GET, HEAD, POST')
    }
  })
})

test('refuses to start when a page has no CSP, as its inline scripts would not run', () => {
  const { '/about': _about, ...withoutAbout } = pageCsp
  expect(() =>
    pagesApp({ files, notFoundPage, pageCsp: withoutAbout, renderPage, services, clientAddress: () => '' }),
  ).toThrow('/about has no Content-Security-Policy in the headers file: run the build again')
})
