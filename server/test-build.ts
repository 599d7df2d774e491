import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, onTestFinished } from 'vitest'
import { contactFormFields } from '#app/lib/lead-fields.ts'
import { BOOK_PATH } from './booking-pages.ts'
import { MANAGE_PATH } from './booking/tokens.ts'
import { writeSecurityHeaders } from './headers-file.ts'
import { CONTACT_PATH, loadRenderer } from './rendered-pages.ts'

/**
 * For the server's tests: a small build of the site, as `astro build` and
 * scripts/postbuild.ts leave it (server/README.md): `client/` with the
 * pre-rendered files and the headers files, and `server/entry.mjs`, the
 * renderer of the pages rendered on demand.
 */
export const inlineScript = 'window.__ctx = {"page":"about"}'
/** The inline script of the test build's contact page, allowed by its CSP's hash. */
export const contactInlineScript = 'window.__ctx = {"page":"contact"}'

/** A page, an asset (with a Brotli copy), the not-found page, and files that are not pages. */
export const testFiles: Record<string, string> = {
  'index.html': '<!doctype html><h1>Home</h1>',
  'about/index.html': `<!doctype html><h1>About Northpeak</h1><script>${inlineScript}</script><script type="application/ld+json">{"@type":"Thing"}</script><script type="module" src="/assets/app-1a2b3c.js"></script>`,
  '404.html': '<!doctype html><h1>We couldn&apos;t find that page</h1><script>window.__ctx = {"page":"404"}</script>',
  'blog/search.json': '[{"title":"SEO strategy","path":"/blog/seo-strategy-2025"}]',
  'assets/app-1a2b3c.js': `console.log(${JSON.stringify('x'.repeat(2000))})`,
  'og-image.jpg': 'jpeg bytes',
  'sitemap.xml': '<?xml version="1.0"?><urlset></urlset>',
}

/**
 * The test build's `server/entry.mjs`. It stands in for the renderer
 * `astro build` makes from server/astro/entry.ts, in these unit tests only
 * (the end-to-end tests drive the real build): `renderPage` answers
 * /contact with a minimal contact page that shows what the server
 * handed it. Each field of the form with its value, and after it its
 * error; the error of the whole form above them; an inline script, so that
 * the page's CSP allows it by hash; and the status of
 * `locals.contactForm` (200 without one). `?topic=` preselects the topic,
 * as on the real page. /book and /book/manage show the locals the server
 * handed them as JSON (`shownBookingLocals` reads them back), with the status
 * the real pages give. Any other path: undefined.
 */
const entrySource = `// Written by server/test-build.ts for the server's tests; stands in for the build's renderer.
const CONTACT_PATH = ${JSON.stringify(CONTACT_PATH)}
const FIELDS = ${JSON.stringify(contactFormFields)}
const INLINE_SCRIPT = ${JSON.stringify(contactInlineScript)}
const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

const BOOKING_PATHS = ${JSON.stringify([BOOK_PATH, MANAGE_PATH])}

function bookingPage(locals) {
  const link = locals.bookingLink
  const status =
    locals.booking?.refused?.status ??
    (link?.kind === 'spent' ? link.status : link?.kind === 'good' ? link.refused?.status : undefined) ??
    200
  return new Response('<!doctype html><title>Booking</title><pre id="locals">' + escape(JSON.stringify(locals)) + '</pre>', {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  })
}

export async function renderPage(request, locals) {
  const url = new URL(request.url)
  if (BOOKING_PATHS.includes(url.pathname)) return bookingPage(locals)
  if (url.pathname !== CONTACT_PATH) return undefined
  const refused = locals.contactForm
  const topic = url.searchParams.get('topic')
  const { errors, values } = refused ? refused.state : { errors: {}, values: topic ? { topic } : {} }
  const field = (name) => {
    const error = errors[name]
    return (
      '<p class="field"><label for="contact-' + name + '">' + name + '</label>' +
      '<input id="contact-' + name + '" name="' + name + '" value="' + escape(values[name] ?? '') + '"' +
      (error
        ? ' aria-invalid="true" aria-describedby="contact-' + name + '-error"><span id="contact-' + name + '-error">' + escape(error) + '</span>'
        : '>') +
      '</p>'
    )
  }
  const html =
    '<!doctype html><title>Contact</title><h1>Contact Northpeak</h1>' +
    (errors.form ? '<p id="contact-form-error" role="alert">' + escape(errors.form) + '</p>' : '') +
    '<form id="contact-form" method="post" action="' + CONTACT_PATH + '">' + FIELDS.map(field).join('') +
    '<button>Send</button></form><script>' + INLINE_SCRIPT + '</script>'
  return new Response(html, {
    status: refused ? refused.status : 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  })
}
`

/** What the test build's contact page shows: the form's error, each field's error and each value typed. */
export interface ShownContactForm {
  formError?: string
  errors: Record<string, string>
  values: Record<string, string>
}

/** The locals the test build's booking pages (`entrySource`) were handed. */
export function shownBookingLocals(html: string): App.Locals {
  const shown = /<pre id="locals">([^<]*)<\/pre>/.exec(html)?.[1]
  if (shown === undefined) throw new Error(`Not a booking page of the test build: ${html.slice(0, 200)}`)
  return JSON.parse(unescapeHtml(shown)) as App.Locals
}

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name]!)

/** Reads back what the test build's contact page (`entrySource`) shows. */
export function shownContactForm(html: string): ShownContactForm {
  const unescape = unescapeHtml
  const shown: ShownContactForm = { errors: {}, values: {} }
  const formError = /<p id="contact-form-error" role="alert">([^<]*)<\/p>/.exec(html)?.[1]
  if (formError !== undefined) shown.formError = unescape(formError)
  for (const field of contactFormFields) {
    // `s`: a value shown back may hold a line break the visitor sent.
    const block = new RegExp(`<p class="field"><label for="contact-${field}">.*?</p>`, 's').exec(html)?.[0]
    if (!block) throw new Error(`The page has no field ${field}`)
    const value = /value="([^"]*)"/.exec(block)![1]!
    if (value) shown.values[field] = unescape(value)
    const error = new RegExp(
      `aria-invalid="true" aria-describedby="contact-${field}-error"><span id="contact-${field}-error">([^<]*)</span>`,
    ).exec(block)?.[1]
    if (error !== undefined) shown.errors[field] = unescape(error)
  }
  return shown
}

/**
 * Writes the test build to a new temporary folder, removed after the test
 * that asked for it (or, asked outside a test, after the file's tests), with
 * the headers files scripts/postbuild.ts would write: as
 * it does, the pages rendered on demand (/contact, and with `booking` /book
 * and /book/manage, which need the server's booking service) are rendered
 * once through the build's entry for their CSP. Resolves to the client folder
 * (the setting CLIENT_DIR); the build folder is its parent.
 */
export async function writeTestBuild({ booking = false }: { booking?: boolean } = {}): Promise<string> {
  const buildDir = mkdtempSync(path.join(tmpdir(), 'build-'))
  const remove = () => rmSync(buildDir, { recursive: true, force: true })
  // Inside a test, afterAll would register too late to run.
  try {
    onTestFinished(remove)
  } catch {
    afterAll(remove)
  }
  const dir = path.join(buildDir, 'client')
  for (const [name, body] of Object.entries(testFiles)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), body)
  }
  writeFileSync(path.join(dir, 'assets/app-1a2b3c.js.br'), brotliCompressSync(testFiles['assets/app-1a2b3c.js']!))
  mkdirSync(path.join(buildDir, 'server'))
  writeFileSync(path.join(buildDir, 'server', 'entry.mjs'), entrySource)

  const renderPage = await loadRenderer(buildDir)
  const rendered = await Promise.all(
    [CONTACT_PATH, ...(booking ? [BOOK_PATH, MANAGE_PATH] : [])].map(async (urlPath) => {
      const page = await renderPage(new Request(new URL(urlPath, 'https://northpeak.example')), {})
      return { urlPath, html: await page!.text() }
    }),
  )
  writeSecurityHeaders(dir, { analytics: false }, rendered)
  return dir
}
