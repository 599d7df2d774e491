import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { NOT_FOUND_PATH } from '#app/lib/site/not-found.ts'
import { cacheControlOf, cachePolicy } from '../hosting/cache-policy.ts'
import type { ClientAddress } from './client-address.ts'
import { MAX_LEAD_BYTES } from '../leads/intake.ts'
import type { SiteServices } from '../site-services.ts'
import type { StaticFile } from '../hosting/static-files.ts'

/**
 * Answers a request with the build's on-demand routes (pages, actions, the
 * lead endpoint; server/astro/entry.ts), or undefined when none matches.
 */
export type RenderPage = (
  request: Request,
  context: { locals: App.Locals; clientAddress: string; notFoundPage: () => Promise<Response> },
) => Promise<Response | undefined>

/**
 * The build's on-demand routes: `renderPage` of `<buildDir>/server/entry.mjs`,
 * written by `astro build` (server/astro/entry.ts).
 */
export async function loadRenderer(buildDir: string): Promise<RenderPage> {
  const entry = path.resolve(buildDir, 'server', 'entry.mjs')
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run the build first`)
  const module = (await import(pathToFileURL(entry).href)) as { renderPage?: RenderPage }
  if (typeof module.renderPage !== 'function') throw new Error(`${entry} has no renderPage: run the build again`)
  return module.renderPage
}

/**
 * The site's pages: the pre-rendered pages and assets for GET and HEAD, one
 * address per page (a trailing slash redirects), precompressed copies, ETags
 * and cache headers, and each page's own Content-Security-Policy; then what
 * the build answers on demand (`renderPage`), handed `services` as
 * Astro.locals; else 404 with the not-found page for a GET or HEAD, 405 for
 * any other method. Mounted last: it answers every path the API does not.
 */
export function pagesApp({
  files,
  notFoundPage,
  pageCsp,
  redirects = {},
  renderPage,
  services,
  clientAddress,
}: {
  /** The build's files by URL path (server/hosting/static-files.ts). */
  files: Map<string, StaticFile>
  /** Served, with status 404, for every unknown path. */
  notFoundPage: StaticFile
  /** The CSP of each page by URL path, from the build's headers file (server/hosting/headers-file.ts). */
  pageCsp: Record<string, string>
  /** Addresses that moved, by path, and where to: answered 301 (Astro's `redirects`, from the headers file). */
  redirects?: Record<string, string>
  renderPage: RenderPage
  services: SiteServices
  clientAddress: ClientAddress
}) {
  const cspOf = new Map<StaticFile, string>()
  for (const [urlPath, file] of files) {
    if (!file.file.endsWith('.html')) continue
    const csp = pageCsp[urlPath]
    // A page built after the headers file was written: its inline scripts would be blocked.
    if (!csp) throw new Error(`${urlPath} has no Content-Security-Policy in the headers file: run the build again`)
    cspOf.set(file, csp)
  }

  // The build's files do not change while the server runs: each is read once, on its first request,
  // and kept (at most the whole build, 22 MB today), instead of opened and read for every one.
  const kept = new Map<string, Promise<Buffer>>()
  const bytesOf = (file: string) => {
    let bytes = kept.get(file)
    if (!bytes) {
      bytes = readFile(file)
      kept.set(file, bytes)
      bytes.catch(() => kept.delete(file))
    }
    return bytes
  }

  const send = async (c: Context, file: StaticFile, status: 200 | 404): Promise<Response> => {
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': status === 404 ? cachePolicy.notFound : cacheControlOf(file.file),
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    }
    const csp = cspOf.get(file)
    if (csp) headers['Content-Security-Policy'] = csp
    if (status === 200 && c.req.header('if-none-match') === file.etag) {
      return c.body(null, 304, headers)
    }
    const accepted = c.req.header('accept-encoding') ?? ''
    const encoding = file.encodings.find((candidate) => new RegExp(`\\b${candidate}\\b`).test(accepted))
    if (encoding) headers['Content-Encoding'] = encoding
    const body = await bytesOf(encoding ? `${file.file}.${encoding === 'br' ? 'br' : 'gz'}` : file.file)
    headers['Content-Length'] = String(body.byteLength)
    if (c.req.method === 'HEAD') return c.body(null, status, headers)
    return c.body(new Uint8Array(body), status, headers)
  }

  /**
   * What the build answers on demand: a page with the policy Astro gives it
   * (server/hosting/security-policy.ts) and, unless the page says otherwise, never
   * stored: a rendered page may hold what a visitor typed, a call or a
   * one-time key.
   */
  async function onDemand(c: Context): Promise<Response | undefined> {
    const response = await renderPage(c.req.raw, {
      locals: { services },
      clientAddress: clientAddress(c),
      notFoundPage: async () =>
        new Response(new Uint8Array(await bytesOf(notFoundPage.file)), {
          status: 404,
          headers: { 'Content-Type': contentTypeOfPages, 'Content-Security-Policy': cspOf.get(notFoundPage) ?? '' },
        }),
    })
    if (!response) return undefined
    if (response.headers.get('content-type')?.startsWith('text/html'))
      response.headers.set('Content-Type', contentTypeOfPages)
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', cachePolicy.notFound)
    return response
  }

  return (
    new Hono()
      .on(
        ['GET', 'HEAD'],
        '*',
        async (c, next) => {
          const { pathname, search } = new URL(c.req.url)
          // One address per page: "/about/" redirects to "/about".
          if (pathname.length > 1 && pathname.endsWith('/')) {
            return c.redirect(`${pathOnThisSite(pathname.replace(/\/+$/, ''))}${search}`, 301)
          }
          // An address that moved: where it went, the query kept.
          const moved = Object.hasOwn(redirects, pathname) ? redirects[pathname] : undefined
          if (moved) return c.redirect(`${pathOnThisSite(moved)}${search}`, 301)
          const found = pathname === NOT_FOUND_PATH ? undefined : files.get(decodePath(pathname))
          // The build's files are sent as they are: their compressed copies were made at build.
          if (found) return send(c, found, 200)
          await next()
        },
        async (c) => (await onDemand(c)) ?? send(c, notFoundPage, 404),
      )
      // Forms post to their page's action, islands to /_actions/, landing pages to /api/leads.
      .post(
        '*',
        bodyLimit({ maxSize: MAX_POST_BYTES, onError: (c) => c.text(TOO_LARGE, 413) }),
        async (c) => (await onDemand(c)) ?? notAllowed(c),
      )
      .all('*', notAllowed)
  )
}

const contentTypeOfPages = 'text/html; charset=utf-8'

/**
 * The most a post may carry to Astro: four times what any write takes
 * (MAX_LEAD_BYTES, Astro's `actionBodySizeLimit`), so that a form a little
 * too long still comes back as its page with the reason, while nothing larger
 * is read at all. Astro's React renderer reads a form post's body again for
 * each component it renders (to find a React form action's key), so the bound
 * holds there too. A body without a length is counted as it arrives.
 */
export const MAX_POST_BYTES = 4 * MAX_LEAD_BYTES
const TOO_LARGE = 'This post is larger than any form of this site sends.'

/** Any other method, or a post where nothing takes one: 405, naming the methods the site takes. */
const notAllowed = (c: Context) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD, POST' })

/**
 * `pathname` as a redirect target that stays on this site: exactly one "/"
 * first, then neither "/" nor a backslash. A browser reads "//evil.example"
 * (and "/\evil.example") in a Location as another host, so leading slashes
 * and backslashes collapse into one: "//evil.example/" redirects to
 * "/evil.example", a path here. Encoded ones ("%2F") are no slashes to a
 * browser and stay as they are.
 */
export function pathOnThisSite(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, '')}`
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}
