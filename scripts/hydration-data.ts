// Takes the Markdown bodies out of each pre-rendered page's hydration data
// (docs/decisions/027-bodies-once-per-document.md).
//
// React Router writes the loaders' data into the document it pre-renders, as
// one turbo-stream payload passed to `streamController.enqueue(...)`, so
// React can hydrate. A body rendered through <Prose> (an `html` field) is
// then in the page twice: as markup, and as a string in that payload. React
// never compares or rewrites the inner HTML of an element it hydrates with
// `dangerouslySetInnerHTML`, so the document's copy is only bytes on the
// wire: 5 KB of Brotli on an article. It is replaced by IN_MARKUP here. The
// `.data` files the router fetches on client navigation keep every body.
import { readFileSync, writeFileSync } from 'node:fs'
import { IN_MARKUP } from '#app/lib/in-markup.ts'

const ENQUEUE = /(window\.__reactRouterContext\.streamController\.enqueue\()("(?:[^"\\]|\\.)*")(\);)/

/**
 * A turbo-stream payload (a flat JSON array in which objects map `_<key
 * index>` to a value index and arrays list value indices) with every string
 * that is only ever the value of an `html` key replaced by IN_MARKUP. A
 * string also referenced elsewhere stays, so the other value still reads
 * true, and so does an empty one.
 */
export function withoutBodies(values: unknown[]): { values: unknown[]; replaced: number } {
  const htmlKey = values.indexOf('html')
  if (htmlKey < 0) return { values, replaced: 0 }
  const asBody = new Set<number>()
  const elsewhere = new Set<number>()
  for (const value of values) {
    if (Array.isArray(value)) {
      // Plain arrays list indices; tagged ones (["D", 1700000000000]) hold
      // literals, counted too, which can only keep a string.
      for (const item of value) if (typeof item === 'number') elsewhere.add(item)
    } else if (value && typeof value === 'object') {
      for (const [key, index] of Object.entries(value)) {
        if (typeof index !== 'number') continue
        if (key === `_${htmlKey}`) asBody.add(index)
        else elsewhere.add(index)
      }
    }
  }
  const out = [...values]
  let replaced = 0
  for (const index of asBody) {
    // An empty body stays empty: pages test it to leave out the body's section.
    const value = out[index]
    if (elsewhere.has(index) || typeof value !== 'string' || value === '' || value === IN_MARKUP) continue
    out[index] = IN_MARKUP
    replaced += 1
  }
  return { values: out, replaced }
}

/** A turbo-stream chunk as React Router writes it into a script. */
export function scriptLiteral(text: string): string {
  // It escapes what could end the script or the line (`<`, `>`, `&`, U+2028/9).
  return JSON.stringify(text).replace(
    /[&<>\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The page's HTML with its hydration payload rewritten by withoutBodies. */
export function documentWithoutBodies(html: string): { html: string; replaced: number } {
  const match = ENQUEUE.exec(html)
  if (!match) return { html, replaced: 0 }
  const [whole, call, literal, end] = match as unknown as [string, string, string, string]
  const text = JSON.parse(literal) as string
  // The first line holds the data; later lines (if any) settle promises.
  const lineEnd = text.indexOf('\n')
  const head = lineEnd < 0 ? text : text.slice(0, lineEnd)
  const payload: unknown = JSON.parse(head)
  if (!Array.isArray(payload)) throw new Error('the hydration payload is not a turbo-stream array')
  const { values, replaced } = withoutBodies(payload)
  if (!replaced) return { html, replaced }
  const rewritten = JSON.stringify(values) + (lineEnd < 0 ? '' : text.slice(lineEnd))
  return { html: html.replace(whole, () => `${call}${scriptLiteral(rewritten)}${end}`), replaced }
}

export function dropBodiesFromDocuments(files: string[]): { pages: number; bytes: number } {
  let pages = 0
  let bytes = 0
  for (const file of files) {
    const before = readFileSync(file, 'utf8')
    const { html, replaced } = documentWithoutBodies(before)
    if (!replaced) continue
    writeFileSync(file, html)
    pages += 1
    bytes += before.length - html.length
  }
  return { pages, bytes }
}
