import { readFile } from 'node:fs/promises'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { NOT_FOUND_PATH } from '#app/lib/not-found.ts'
import { clientAddressResolver, type ClientAddress } from './client-address.ts'
import { createMemoryRateLimiter, retryAfterSeconds } from './rate-limit.ts'
import { indexStaticFiles, type StaticFile } from './static-files.ts'

/**
 * The site's server: the pre-rendered pages and assets of `clientDir`, with
 * the right status, caching, compression and security headers, and the small
 * API beside them. `app.request()` drives it in tests without a port.
 */
export function createApp({
  clientDir,
  trustedProxies = 0,
  clientAddress = clientAddressResolver({ trustedProxies }),
  log = console,
}: {
  clientDir: string
  /** See server/client-address.ts. */
  trustedProxies?: number
  /** Tests give one: `app.request()` has no socket. */
  clientAddress?: ClientAddress
  log?: Pick<Console, 'error'>
}) {
  const files = indexStaticFiles(clientDir)
  const notFoundPage = files.get(NOT_FOUND_PATH)
  if (!notFoundPage) throw new Error(`${clientDir} has no not-found page at ${NOT_FOUND_PATH}: run the build first`)

  const app = new Hono()

  app.use(async (c, next) => {
    await next()
    // Set after the handler so no response goes out without them.
    const headers = c.res.headers
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    )
    headers.set('X-Frame-Options', 'DENY')
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    if (!headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    }
  })

  // Render errors seen by visitors (app/components/error-fallback.tsx), logged for the team.
  const reportLimiter = createMemoryRateLimiter({ limit: 10, windowMs: 60_000 })
  app.post(
    '/api/client-errors',
    bodyLimit({ maxSize: 4096, onError: (c) => c.text('Report too large', 413) }),
    async (c) => {
      const decision = await reportLimiter.hit(clientAddress(c), Date.now())
      if (!decision.allowed) {
        return c.text('Too many reports', 429, { 'Retry-After': retryAfterSeconds(decision.retryAfterMs) })
      }
      const report = (await c.req.json().catch(() => null)) as { message?: unknown; path?: unknown } | null
      if (!report || typeof report.message !== 'string' || typeof report.path !== 'string') {
        return c.text('Expected JSON with "message" and "path" strings', 400)
      }
      log.error(
        JSON.stringify({
          event: 'client-error',
          message: report.message.slice(0, 500),
          path: report.path.slice(0, 200),
        }),
      )
      return c.body(null, 204)
    },
  )

  app.on(['GET', 'HEAD'], '*', async (c) => {
    const { pathname, search } = new URL(c.req.url)
    // One address per page: "/about/" redirects to "/about".
    if (pathname.length > 1 && pathname.endsWith('/')) {
      return c.redirect(`${pathname.replace(/\/+$/, '')}${search}`, 301)
    }
    const found = pathname === NOT_FOUND_PATH ? undefined : files.get(decodePath(pathname))
    if (!found || found.file.endsWith('__spa-fallback.html')) return send(c, notFoundPage, 404)
    return send(c, found, 200)
  })

  app.all('*', (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD' }))

  return app
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

function cacheControl(file: StaticFile): string {
  // Hashed file names change with their content, so they never need revalidating.
  if (file.file.includes('/assets/')) return 'public, max-age=31536000, immutable'
  if (/\.(html|data|xml|txt)$/.test(file.file)) return 'public, max-age=0, must-revalidate'
  return 'public, max-age=86400'
}

async function send(c: Context, file: StaticFile, status: 200 | 404): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': status === 404 ? 'no-store' : cacheControl(file),
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  }
  if (file.csp) headers['Content-Security-Policy'] = file.csp
  if (status === 200 && c.req.header('if-none-match') === file.etag) {
    return c.body(null, 304, headers)
  }
  const accepted = c.req.header('accept-encoding') ?? ''
  const encoding = file.encodings.find((candidate) => new RegExp(`\\b${candidate}\\b`).test(accepted))
  if (encoding) headers['Content-Encoding'] = encoding
  const body = await readFile(encoding ? `${file.file}.${encoding === 'br' ? 'br' : 'gz'}` : file.file)
  headers['Content-Length'] = String(body.byteLength)
  if (c.req.method === 'HEAD') return c.body(null, status, headers)
  return c.body(new Uint8Array(body), status, headers)
}
