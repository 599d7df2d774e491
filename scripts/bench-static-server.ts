// The server `npm run bench` serves another site's static build with, to
// measure its article beside ours in the same run (BENCH_COMPARE,
// scripts/bench.ts). STATIC_DIR is the build's folder, PORT and HOST where to
// listen, TLS_CERT_FILE and TLS_KEY_FILE the certificate; without them it
// speaks plain HTTP/1.1 (BENCH_PROTOCOL=http).
//
// It serves the other site as ours is served, so that the two loads differ by
// their pages only:
// - the same protocol: HTTPS with HTTP/2 to the browser (HTTP/1.1 to other
//   clients), on the same throwaway certificate (#server/local-certificate.ts)
//   and the same HTTP/2 stack, Node's, with the options our server takes
//   (server/http/tls.ts); plain HTTP/1.1 for both with BENCH_PROTOCOL=http
//   (docs/decisions/028-measure-over-https-and-http2.md);
// - the same compression: every text file of 512 bytes or more compressed
//   once at start, Brotli at quality 11 and gzip at level 9, exactly what
//   scripts/postbuild.ts writes for our build and our server sends; static
//   hosts send Brotli too. Debian's nginx (nginx-light) has no Brotli module:
//   through it the other site would travel as gzip, ours as Brotli;
// - no work per request: every file answered from memory, where our server
//   runs Astro's middleware, so the other site's server is, if anything, the
//   faster of the two.
// It sends no Cache-Control: Lighthouse loads every run with an empty cache.
// A path answers its file, or the page "path/index.html" or "path.html", or
// the build's 404.html with status 404, as a static host lays out an Astro
// build.
import { readdirSync, readFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createSecureServer } from 'node:http2'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { contentType } from '#server/hosting/static-files.ts'

interface Served {
  type: string
  identity: Buffer
  br?: Buffer
  gzip?: Buffer
}

const root = path.resolve(process.env.STATIC_DIR ?? '')
const port = Number(process.env.PORT)
const host = process.env.HOST ?? '127.0.0.1'
if (!process.env.STATIC_DIR || !Number.isInteger(port)) throw new Error('STATIC_DIR and PORT are needed')
// As scripts/postbuild.ts compresses our build.
const compressible = /\.(html|js|css|json|xml|txt|svg|webmanifest)$/

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

const files = new Map<string, Served>()
for (const file of walk(root)) {
  const identity = readFileSync(file)
  const served: Served = { type: contentType(file), identity }
  if (compressible.test(file) && identity.length >= 512) {
    served.br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    served.gzip = gzipSync(identity, { level: 9 })
  }
  files.set(`/${path.relative(root, file).split(path.sep).join('/')}`, served)
}

function find(urlPath: string): Served | undefined {
  const trimmed = urlPath.replace(/\/+$/, '')
  return files.get(urlPath) ?? files.get(`${trimmed}/index.html`) ?? files.get(`${trimmed}.html`)
}

/** What the HTTP/1.1 and HTTP/2 servers' requests and responses have in common here. */
interface Request {
  url?: string
  method?: string
  headers: Record<string, string | string[] | undefined>
}
interface Response {
  writeHead(status: number, headers: Record<string, string | number>): unknown
  end(): unknown
  end(body: Buffer): unknown
}

function answer(request: Request, response: Response) {
  let urlPath: string
  try {
    urlPath = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
  } catch {
    urlPath = ''
  }
  const found = urlPath.startsWith('/') ? find(urlPath) : undefined
  const served = found ?? files.get('/404.html')
  const accepted = String(request.headers['accept-encoding'] ?? '')
  const encoding =
    served?.br && /\bbr\b/.test(accepted) ? 'br' : served?.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : undefined
  const body = served ? (encoding ? served[encoding]! : served.identity) : Buffer.from('Not found')
  response.writeHead(found ? 200 : 404, {
    'content-type': served?.type ?? 'text/plain; charset=utf-8',
    'content-length': body.length,
    vary: 'accept-encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  })
  if (request.method === 'HEAD') response.end()
  else response.end(body)
}

const server =
  process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE
    ? createSecureServer(
        {
          cert: readFileSync(process.env.TLS_CERT_FILE),
          key: readFileSync(process.env.TLS_KEY_FILE),
          allowHTTP1: true,
        },
        answer,
      )
    : createHttpServer(answer)
server.listen(port, host)
