import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptedEncoding, encodedPage } from './page-encoding.ts'

const html = `<!doctype html><title>Book</title>${'<p>A free time</p>'.repeat(200)}`
const page = () => new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })

describe('a page rendered on demand, encoded for the browser', () => {
  test('Brotli first, gzip else, nothing a browser refuses with q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(acceptedEncoding('br;q=0.0, gzip;q=0')).toBeUndefined()
    expect(acceptedEncoding('identity')).toBeUndefined()
    expect(acceptedEncoding(null)).toBeUndefined()
  })

  test('the encoded bytes decode to the page, with their length and Vary', async () => {
    const br = await encodedPage(page(), 'gzip, br')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(br.headers.get('content-length')).toBe(String(brBytes.byteLength))
    expect(brotliDecompressSync(brBytes).toString()).toBe(html)
    const gzip = await encodedPage(page(), 'gzip')
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html)
  })

  test('plain for a browser that takes no encoding, for a small page, and for anything but HTML', async () => {
    const plain = await encodedPage(page(), 'identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(html)
    const small = await encodedPage(new Response('<p>Hi</p>', { headers: { 'Content-Type': 'text/html' } }), 'br')
    expect(small.headers.get('content-encoding')).toBeNull()
    const json = await encodedPage(Response.json({ text: html }), 'br')
    expect(json.headers.get('content-encoding')).toBeNull()
  })
})
