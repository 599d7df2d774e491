import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { securityHeaders } from './security-headers.ts'

const app = new Hono()
  .use(
    securityHeaders({
      common: { 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' },
      fallbackCsp: "default-src 'none'",
    }),
  )
  .get('/page', (c) => c.html('<h1>Page</h1>', 200, { 'Content-Security-Policy': "default-src 'self'" }))
  .get('/asset', (c) => c.text('body'))
  .get('/moved', (c) => c.redirect('/page', 301))
  .get('/broken', () => {
    throw new Error('broken')
  })
  // Quietly, where Hono's default handler would log the error.
  .onError((_, c) => c.text('Internal Server Error', 500))

test('every response carries the common headers, whatever its status', async () => {
  for (const url of ['/page', '/asset', '/moved', '/missing', '/broken']) {
    const headers = (await app.request(url)).headers
    expect(headers.get('x-content-type-options'), url).toBe('nosniff')
    expect(headers.get('x-frame-options'), url).toBe('DENY')
  }
})

test("a response's own CSP is kept; any other gets the fallback", async () => {
  expect((await app.request('/page')).headers.get('content-security-policy')).toBe("default-src 'self'")
  for (const url of ['/asset', '/moved', '/missing', '/broken']) {
    expect((await app.request(url)).headers.get('content-security-policy'), url).toBe("default-src 'none'")
  }
})
