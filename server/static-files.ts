import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pageCsp } from './security-policy.ts'

/**
 * An index of the built site, made once at start: every file by URL path,
 * with its type, ETag, which precompressed copies exist (.br, .gz, written by
 * scripts/postbuild.ts) and, for pages, the Content-Security-Policy that lets
 * exactly its own inline scripts run.
 */
export interface StaticFile {
  file: string
  type: string
  etag: string
  encodings: ('br' | 'gzip')[]
  /** Only for HTML pages. */
  csp?: string
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  // React Router's client navigation payloads (turbo-stream).
  '.data': 'text/x-script; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

export function contentType(file: string): string {
  return types[path.extname(file)] ?? 'application/octet-stream'
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

/**
 * Maps URL paths to files: "/assets/x.js" to itself and "/about" to
 * "about/index.html". Files that are only precompressed copies are folded
 * into their original's entry.
 */
export function indexStaticFiles(root: string): Map<string, StaticFile> {
  const files = walk(root)
  const present = new Set(files)
  const index = new Map<string, StaticFile>()
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue
    const body = readFileSync(file)
    const relative = path.relative(root, file).split(path.sep).join('/')
    const urlPath = relative.endsWith('index.html')
      ? `/${relative.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1')
      : `/${relative}`
    const encodings = (['br', 'gzip'] as const).filter((encoding) =>
      present.has(`${file}.${encoding === 'br' ? 'br' : 'gz'}`),
    )
    index.set(urlPath, {
      file,
      type: contentType(file),
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      encodings,
      csp: file.endsWith('.html') ? pageCsp(body.toString('utf8')) : undefined,
    })
  }
  return index
}
