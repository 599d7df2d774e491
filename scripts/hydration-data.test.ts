import { describe, expect, it } from 'vitest'
import { IN_MARKUP } from '#app/lib/in-markup.ts'
import { documentWithoutBodies, scriptLiteral, withoutBodies } from './hydration-data.ts'

const body = '<p>Search changed more in 2024 than in any recent year.</p>'

// { loaderData: { article: { title, html, related: [{ title, html }] } } } as
// turbo-stream encodes it: objects map `_<key index>` to a value index.
const payload = [
  { _1: 2 },
  'loaderData',
  { _3: 4 },
  'article',
  { _5: 6, _7: 8, _9: 10 },
  'title',
  'SEO Strategy for 2025',
  'html',
  body,
  'related',
  [11],
  { _5: 12, _7: 13 },
  'Local SEO Guide',
  '<p>Rank in the map pack.</p>',
]

function page(values: unknown[], rest = '\n'): string {
  const call = `window.__reactRouterContext.streamController.enqueue(${scriptLiteral(JSON.stringify(values) + rest)});`
  return `<!DOCTYPE html><html><body><div class="prose">${body}</div><script>${call}</script></body></html>`
}

function payloadOf(html: string): unknown[] {
  const literal = /enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)![1]!
  const text = JSON.parse(literal) as string
  return JSON.parse(text.split('\n')[0]!) as unknown[]
}

describe('withoutBodies', () => {
  it('replaces every html value and leaves the rest of the data as it was', () => {
    const { values, replaced } = withoutBodies(payload)
    expect(replaced).toBe(2)
    expect(values[8]).toBe(IN_MARKUP)
    expect(values[13]).toBe(IN_MARKUP)
    expect(values.filter((_, index) => index !== 8 && index !== 13)).toEqual(
      payload.filter((_, index) => index !== 8 && index !== 13),
    )
  })

  it('keeps a string that another key also points to', () => {
    // The related article's title happens to equal the body string's index.
    const shared = structuredClone(payload)
    shared[11] = { _5: 8, _7: 13 }
    const { values, replaced } = withoutBodies(shared)
    expect(values[8]).toBe(body)
    expect(values[13]).toBe(IN_MARKUP)
    expect(replaced).toBe(1)
  })

  it('leaves an empty body empty, since a page without one renders no body section', () => {
    const data = [{ _1: 2 }, 'loaderData', { _3: 4, _5: 6 }, 'html', '', 'heading', 'ROI Calculator']
    expect(withoutBodies(data)).toEqual({ values: data, replaced: 0 })
  })

  it('changes nothing in data without an html key', () => {
    const data = [{ _1: 2 }, 'loaderData', { _3: 4 }, 'title', 'Pricing']
    expect(withoutBodies(data)).toEqual({ values: data, replaced: 0 })
  })
})

describe('documentWithoutBodies', () => {
  it('rewrites the payload in the script and keeps the body in the markup', () => {
    const { html, replaced } = documentWithoutBodies(page(payload))
    expect(replaced).toBe(2)
    expect(html.split(body)).toHaveLength(2)
    expect(html).toContain('<div class="prose"><p>Search changed')
    expect(payloadOf(html)[8]).toBe(IN_MARKUP)
    // The marker is escaped like the rest, so the script cannot be cut short.
    expect(html).not.toContain(`enqueue("${IN_MARKUP}`)
    expect(/<script>([\s\S]*?)<\/script>/.exec(html)![1]).not.toMatch(/[<>]/)
  })

  it('keeps the lines after the data, which settle deferred values', () => {
    const rest = '\nP1:[{"_1":2}]\n'
    const { html } = documentWithoutBodies(page(payload, rest))
    const literal = /enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)![1]!
    expect((JSON.parse(literal) as string).endsWith(rest)).toBe(true)
  })

  it('escapes the payload as React Router does', () => {
    // As React Router writes `[{"_1":2},"html","<p>A & B</p>"]` and its newline.
    const written = String.raw`"[{\"_1\":2},\"html\",\"\u003cp\u003eA \u0026 B\u003c/p\u003e\"]\n"`
    expect(scriptLiteral('[{"_1":2},"html","<p>A & B</p>"]\n')).toBe(written)
  })

  it('leaves a page without hydration data alone', () => {
    const html = '<!DOCTYPE html><html><body><p>Not found</p></body></html>'
    expect(documentWithoutBodies(html)).toEqual({ html, replaced: 0 })
  })
})
