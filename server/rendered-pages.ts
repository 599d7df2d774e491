import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import type { RefusedContactForm } from '#app/lib/contact-form.ts'
import { contactFormFields } from '#app/lib/lead-fields.ts'
import { MAX_LEAD_BYTES, sameSite, validIdempotencyKey, type LeadIntake } from './api/lead-intake.ts'
import { cachePolicy } from './cache-policy.ts'
import type { ClientAddress } from './client-address.ts'
import { retryAfterSeconds, type RateLimiter } from './rate-limit.ts'
import { bookingPagesApp, BOOK_PATH } from './booking-pages.ts'
import type { BookingService } from './booking/service.ts'
import { MANAGE_PATH } from './booking/tokens.ts'
import { contentTypes, etagOf } from './static-files.ts'

/**
 * Renders a page of the build that is rendered on demand (build/server/entry.mjs,
 * server/astro/entry.ts), or gives undefined for any other path.
 */
export type RenderPage = (request: Request, locals: App.Locals) => Promise<Response | undefined>

/** How many URLs of the pages rendered on demand keep their plain GET's render (see renderedPagesApp). */
export const RENDERS_KEPT = 32

interface KeptRender {
  status: number
  headers: [string, string][]
  body: Uint8Array<ArrayBuffer>
  etag: string
}

/** Where the contact form posts without JavaScript, and where a sent one lands. */
export const CONTACT_PATH = '/contact'
export const THANK_YOU_PATH = '/thank-you'

/**
 * The pages rendered for each request (today /contact, app/pages/contact.astro),
 * in front of the pre-rendered files: GET and HEAD render the page; a plain
 * form post to /contact, the contact form without JavaScript, goes through
 * the same checks and store as the lead API (./api/lead-intake.ts) and lands
 * on /thank-you (303), or comes back as the contact page with each error
 * beside its field and what was typed kept. Each answer carries the page's
 * Content-Security-Policy from the build's headers file; what a visitor typed
 * is never cached.
 */
export function renderedPagesApp({
  paths,
  renderPage,
  pageCsp,
  intake,
  limiter,
  clientAddress,
  now,
  siteOrigin,
  booking,
}: {
  /** The URL paths of the pages rendered on demand. */
  paths: readonly string[]
  renderPage: RenderPage
  /** The CSP of each page by URL path, from the build's headers file (server/headers-file.ts). */
  pageCsp: Record<string, string>
  intake: LeadIntake
  /** The lead API's limiter: a form post counts like a JSON one. */
  limiter: RateLimiter
  clientAddress: ClientAddress
  now: () => number
  siteOrigin?: string
  /** The booking service, for /book and /book/manage (./booking-pages.ts); needed when the build renders them. */
  booking?: BookingService
}) {
  for (const path of paths) {
    if (!pageCsp[path])
      throw new Error(`${path} has no Content-Security-Policy in the headers file: run the build again`)
  }

  /** The page at `c`'s path, rendered for a GET with `locals` and answered with its CSP. */
  async function render(c: Context, locals: App.Locals, method = c.req.method): Promise<Response> {
    const url = new URL(c.req.url)
    const request = new Request(url, { method: method === 'HEAD' ? 'HEAD' : 'GET', headers: c.req.raw.headers })
    const response = await renderPage(request, locals)
    if (!response) throw new Error(`The build renders no page at ${url.pathname}: run the build again`)
    const csp = pageCsp[url.pathname]
    response.headers.set('Content-Security-Policy', csp!)
    // As the pre-rendered pages are sent (server/static-files.ts).
    response.headers.set('Content-Type', contentTypes['.html']!)
    // A refused form holds what was typed, a booking's page its call and link, the booking form a key
    // of its own (docs/decisions/042-nobody-floods-the-calendar.md): never stored. Other pages are
    // asked again on each visit (`revalidate`).
    const personal = locals.contactForm ?? locals.booking ?? (locals.bookingLink && locals.bookingLink.kind !== 'none')
    response.headers.set('Cache-Control', personal ? 'no-store' : cachePolicy.revalidate)
    return response
  }

  const refused = (c: Context, contactForm: RefusedContactForm) => render(c, { contactForm })

  // A plain GET of such a page holds nothing of the visitor (/contact with or
  // without ?topic=, /dashboard for its ?range=): one build renders the same
  // bytes for every request of one address. Every page prefetches /contact as
  // it loads (docs/product.md#prefetching), and a render took 20-50 ms of the
  // server's CPU, so each URL's first render is kept, for up to RENDERS_KEPT
  // URLs, and sent again with its ETag.
  const kept = new Map<string, Promise<KeptRender>>()
  async function renderKept(c: Context): Promise<Response> {
    const { pathname, search } = new URL(c.req.url)
    const key = pathname + search
    let entry = kept.get(key)
    if (!entry) {
      entry = render(c, {}, 'GET').then(async (response) => {
        const body = new Uint8Array(await response.arrayBuffer())
        return { status: response.status, headers: [...response.headers], body, etag: etagOf(body) }
      })
      if (kept.size < RENDERS_KEPT) kept.set(key, entry)
      // A render that failed is tried again by the next request.
      entry.catch(() => kept.delete(key))
    }
    const { status, headers, body, etag } = await entry
    const answer = new Headers(headers)
    answer.set('ETag', etag)
    if (status === 200 && c.req.header('if-none-match') === etag) return c.body(null, 304, Object.fromEntries(answer))
    return new Response(c.req.method === 'HEAD' ? null : body, { status, headers: answer })
  }

  const app = new Hono()
  const bookingPaths = [BOOK_PATH, MANAGE_PATH]
  if (bookingPaths.some((path) => paths.includes(path))) {
    if (!booking) throw new Error(`The build renders ${BOOK_PATH}: the server needs its booking service`)
    app.route('/', bookingPagesApp({ service: booking, render, limiter, clientAddress, now, siteOrigin }))
  }
  for (const path of paths) if (!bookingPaths.includes(path)) app.on(['GET', 'HEAD'], path, compress(), renderKept)
  // The contact form's plain post, where the build renders the contact page.
  if (paths.includes(CONTACT_PATH))
    app.post(
      CONTACT_PATH,
      compress(),
      async (c, next) => {
        const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
        if (type !== 'application/x-www-form-urlencoded') return c.text('Send the form as a form post', 415)
        if (!sameSite(c, siteOrigin)) return c.text('Messages are taken from this site only', 403)
        await next()
      },
      bodyLimit({
        maxSize: MAX_LEAD_BYTES,
        onError: (c) => c.text(`A message is at most ${MAX_LEAD_BYTES / 1024} KB`, 413),
      }),
      async (c) => {
        const fields: Record<string, string> = {}
        for (const [name, value] of new URLSearchParams(await c.req.text())) fields[name] ??= value
        const values: RefusedContactForm['state']['values'] = {}
        for (const field of contactFormFields) if (fields[field]) values[field] = fields[field]

        const decision = await limiter.hit(clientAddress(c), now())
        if (!decision.allowed) {
          const page = await refused(c, {
            state: { errors: { form: 'Too many messages from your address: try again in a minute.' }, values },
            status: 429,
          })
          page.headers.set('Retry-After', retryAfterSeconds(decision.retryAfterMs))
          return page
        }
        const key = fields.idempotencyKey
        // The honeypot comes with the form's fields.
        const outcome = await intake({ ...fields, kind: 'contact' }, key && validIdempotencyKey(key) ? key : undefined)
        switch (outcome.kind) {
          case 'stored':
          case 'dropped':
            return c.redirect(THANK_YOU_PATH, 303)
          case 'invalid':
            return refused(c, { state: { errors: outcome.errors, values }, status: 400 })
          case 'unavailable':
            return refused(c, {
              state: { errors: { form: 'Your message could not be sent. Please try again in a moment.' }, values },
              status: 503,
            })
        }
      },
    )
  for (const path of paths) {
    if (bookingPaths.includes(path)) continue
    const allow = path === CONTACT_PATH ? 'GET, HEAD, POST' : 'GET, HEAD'
    app.all(path, (c) => c.text('Method not allowed', 405, { Allow: allow }))
  }
  return app
}

/**
 * The build's renderer of the pages rendered on demand: `renderPage` of
 * `<buildDir>/server/entry.mjs`, written by `astro build` (server/astro/entry.ts).
 */
export async function loadRenderer(buildDir: string): Promise<RenderPage> {
  const entry = path.resolve(buildDir, 'server', 'entry.mjs')
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run the build first`)
  const module = (await import(pathToFileURL(entry).href)) as { renderPage?: RenderPage }
  if (typeof module.renderPage !== 'function') throw new Error(`${entry} has no renderPage: run the build again`)
  return module.renderPage
}

/**
 * Each page of `paths` as the build renders it on demand (for `locals`, or
 * the locals each path gets), once:
 * the build reads its inline scripts for its CSP (scripts/postbuild.ts), the
 * HTML checks validate it (scripts/check-html.ts).
 */
export async function renderEach(
  renderPage: RenderPage,
  paths: readonly string[],
  origin: string,
  locals: App.Locals | ((urlPath: string) => App.Locals) = {},
): Promise<{ urlPath: string; html: string }[]> {
  return Promise.all(
    paths.map(async (urlPath) => {
      const response = await renderPage(
        new Request(new URL(urlPath, origin)),
        typeof locals === 'function' ? locals(urlPath) : locals,
      )
      if (!response) throw new Error(`${urlPath} is neither a file of the build nor rendered by it`)
      return { urlPath, html: await response.text() }
    }),
  )
}
