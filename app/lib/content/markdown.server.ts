import { Marked, Renderer, type Token, type Tokens } from 'marked'
import { classifyHref, resolveHref } from '#app/lib/links.ts'

/**
 * Markdown to HTML at build time, through marked's own token hooks: every
 * token is checked before anything is rendered, and links are rendered from
 * their token, never patched into the output afterwards.
 *
 * What content may hold:
 * - links of the kinds `classifyHref` accepts (app/lib/links.ts); those that
 *   open a new tab say so to screen readers, as SmartLink does;
 * - headings with an id made from their text (`## Share buttons` is
 *   `#share-buttons`), so a page can link to its own sections;
 * - tables with a heading in every column, wrapped in a labeled region that
 *   scrolls sideways on narrow screens and can be scrolled by keyboard;
 * - no raw HTML and no images: every inline script in a page is allowed by
 *   a hash of the build's own output (server CSP), so content must never be
 *   able to add markup of its own.
 *
 * A problem throws a MarkdownError saying what is wrong; the content loader
 * adds the file and field.
 */
export class MarkdownError extends Error {
  override name = 'MarkdownError'
}

function check(token: Token) {
  switch (token.type) {
    case 'html':
      throw new MarkdownError(`raw HTML is not allowed in content: ${JSON.stringify(token.raw.trim().slice(0, 60))}`)
    case 'image':
      throw new MarkdownError(`images are not supported in Markdown: ${JSON.stringify(token.raw.slice(0, 60))}`)
    case 'link': {
      const result = classifyHref((token as Tokens.Link).href)
      if (!result.ok) throw new MarkdownError(`link ${result.reason}`)
      return
    }
    case 'table':
      // A column without a heading leaves screen-reader users guessing.
      if ((token as Tokens.Table).header.some((cell) => cell.text.trim() === '')) {
        throw new MarkdownError('a table has an empty header cell')
      }
      return
  }
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

const cellAlignClass = { left: 'text-left', center: 'text-center', right: 'text-right' } as const

/** "Analytics and cookies" -> "analytics-and-cookies". */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>|&[a-z]+;|&#\d+;/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
}

// The ids given in the document being rendered: a repeated heading gets -2, -3.
let idsInDocument = new Set<string>()

const markdown = new Marked({
  gfm: true,
  async: false,
  walkTokens: check,
  renderer: {
    link(token) {
      const text = this.parser.parseInline(token.tokens)
      const link = resolveHref(token.href)
      if (!link.newTab) return `<a href="${escapeAttribute(link.href)}">${text}</a>`
      return `<a href="${escapeAttribute(link.href)}" target="_blank" rel="noopener noreferrer">${text}<span class="sr-only"> (opens in a new tab)</span></a>`
    },
    // A column's alignment (`---:`) as a class: the `align` attribute is
    // obsolete HTML, and the prose styles would override it anyway.
    tablecell(token) {
      const tag = token.header ? 'th' : 'td'
      const align = token.align ? ` class="${cellAlignClass[token.align]}"` : ''
      return `<${tag}${align}>${this.parser.parseInline(token.tokens)}</${tag}>\n`
    },
    heading(token) {
      const text = this.parser.parseInline(token.tokens)
      const base = headingId(text) || 'section'
      let id = base
      for (let n = 2; idsInDocument.has(id); n += 1) id = `${base}-${n}`
      idsInDocument.add(id)
      return `<h${token.depth} id="${id}">${text}</h${token.depth}>\n`
    },
    table(token) {
      const table = Renderer.prototype.table.call(this, token)
      const columns = token.header.map((cell) => cell.text.trim()).join(', ')
      return `<section class="table-scroll" tabindex="0" aria-label="${escapeAttribute(`Table: ${columns}`)}">${table}</section>\n`
    },
  },
})

/** A Markdown body (paragraphs, headings, lists, tables) to HTML. */
export function renderMarkdown(source: string): string {
  if (source.trim() === '') return ''
  idsInDocument = new Set()
  return markdown.parse(source) as string
}

/** One line of inline Markdown (links, emphasis, code) to HTML, without a wrapping paragraph. */
export function renderInline(source: string): string {
  return markdown.parseInline(source) as string
}

/** Words a reader reads in a Markdown body: the measure behind an article's read time. */
export function countWords(source: string): number {
  return source
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`|[\]()-]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}
