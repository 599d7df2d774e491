import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * The encodings a page rendered on demand is sent in, best first: what the
 * build's files are precompressed in too (scripts/postbuild.ts), at levels
 * fast enough to run on a render (a 150 KB page in about 2 ms).
 */
const encodings = {
  br: (body: Uint8Array) => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body: Uint8Array) => gzipped(body, { level: 6 }),
} as const

/** Smaller than this, a page is sent as it is: the encoding would save less than a packet. */
const SMALLEST_ENCODED = 1024

/** The encoding of `encodings` an Accept-Encoding header takes, best first: one it names, not with `q=0`. */
export function acceptedEncoding(accepted: string | null): keyof typeof encodings | undefined {
  const named = new Set<string>()
  for (const part of (accepted ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter))) named.add(name)
  }
  return (Object.keys(encodings) as (keyof typeof encodings)[]).find((encoding) => named.has(encoding))
}

/**
 * A page Astro rendered on demand, encoded for the request's Accept-Encoding
 * (app/middleware.ts): the memory cache of astro.config.ts then keeps the
 * encoded bytes, one copy per Accept-Encoding (`Vary`), so a page served from
 * it is never compressed again. Anything but HTML passes as it is.
 */
export async function encodedPage(response: Response, accepted: string | null): Promise<Response> {
  if (!response.body || !response.headers.get('Content-Type')?.startsWith('text/html')) return response
  if (response.headers.has('Content-Encoding')) return response
  response.headers.append('Vary', 'Accept-Encoding')
  const encoding = acceptedEncoding(accepted)
  if (!encoding) return response
  const body = new Uint8Array(await response.arrayBuffer())
  const headers = new Headers(response.headers)
  if (body.byteLength < SMALLEST_ENCODED) return new Response(body, { status: response.status, headers })
  const encoded = await encodings[encoding](body)
  headers.set('Content-Encoding', encoding)
  headers.set('Content-Length', String(encoded.byteLength))
  return new Response(new Uint8Array(encoded), { status: response.status, statusText: response.statusText, headers })
}
