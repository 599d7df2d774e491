import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * An index of the built site, made once at start: every file by URL path,
 * with its type, ETag and which precompressed copies exist (.br, .gz, written
 * by scripts/postbuild.ts).
 */
export interface StaticFile {
  file: string
  type: string
  etag: string
  encodings: ('br' | 'gzip')[]
}

/** The security headers of every page, written by the build for the server (server/hosting/headers-file.ts). */
export const HEADERS_JSON = '_headers.json'
/** The same headers in the `_headers` format of Netlify and Cloudflare Pages. */
export const HEADERS_TEXT = '_headers'

/**
 * Files of the build that are not for visitors: the headers files, read by
 * the server and by static hosts. They answer 404 like any unknown path.
 */
/** The redirects file of the build, for static hosts that read one (./headers-file.ts). */
export const REDIRECTS_TEXT = '_redirects'

export const notServed = new Set([`/${HEADERS_JSON}`, `/${HEADERS_TEXT}`, `/${REDIRECTS_TEXT}`])

/** The Content-Type of each extension the build has; anything else is application/octet-stream. */
export const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  // The article covers of Astro's image pipeline (docs/decisions/038-article-covers.md).
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  // The downloads of app/pages/downloads/ (docs/product.md#downloads).
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/** The file of the build that holds the page at `urlPath`: "about/index.html" for "/about". */
export function pageFile(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${urlPath.slice(1)}/index.html`
}

export function contentType(file: string): string {
  return contentTypes[path.extname(file)] ?? 'application/octet-stream'
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

/**
 * The files of the build visitors may get, each with its URL path:
 * "/assets/x.js" for itself and "/about" for "about/index.html".
 * Precompressed copies are left out (they belong to their original).
 */
export function servedFiles(root: string): { urlPath: string; file: string }[] {
  return walk(root)
    .filter((file) => !file.endsWith('.br') && !file.endsWith('.gz'))
    .map((file) => {
      const relative = path.relative(root, file).split(path.sep).join('/')
      const urlPath = relative.endsWith('index.html')
        ? `/${relative.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1')
        : `/${relative}`
      return { urlPath, file }
    })
    .filter(({ urlPath }) => !notServed.has(urlPath))
}

/** The pages of the build (its HTML files) by URL path, with their HTML. */
export function builtPages(root: string): { urlPath: string; html: string }[] {
  return servedFiles(root)
    .filter(({ file }) => file.endsWith('.html'))
    .map(({ urlPath, file }) => ({ urlPath, html: readFileSync(file, 'utf8') }))
}

/**
 * The ETag of a file's or a page's bytes: weak, since each is also sent
 * compressed. 96 bits of the content's hash tell versions of one file apart;
 * each byte of a header is sent with every page.
 */
export function etagOf(bytes: Uint8Array): string {
  return `W/"${createHash('sha1').update(bytes).digest('base64url').slice(0, 16)}"`
}

/** Maps the URL path of every file visitors may get to its entry. */
export function indexStaticFiles(root: string): Map<string, StaticFile> {
  const present = new Set(walk(root))
  const index = new Map<string, StaticFile>()
  for (const { urlPath, file } of servedFiles(root)) {
    const encodings = (['br', 'gzip'] as const).filter((encoding) =>
      present.has(`${file}.${encoding === 'br' ? 'br' : 'gz'}`),
    )
    index.set(urlPath, {
      file,
      type: contentType(file),
      etag: etagOf(readFileSync(file)),
      encodings,
    })
  }
  return index
}
