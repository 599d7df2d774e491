import { defineHastPlugin, defineMdastPlugin, markdownToHtml, type HastPluginEntry, type MarkdownToHtmlResult } from 'satteri'
import { classifyHref, resolveHref } from '#app/lib/content/links.ts'

/**
 * The site's Markdown, one dialect for bodies and fields: the plugins below
 * run in Astro's own pipeline for bodies (`markdown.processor` in
 * astro.config.ts, read with `render()`) and in `renderMarkdown` for the
 * Markdown fields of the frontmatter, which `render()` never sees
 * (docs/decisions/043-content-collections.md).
 *
 * What content may hold:
 * - links of the kinds `classifyHref` accepts (app/lib/content/links.ts); those that
 *   open a new tab say so to screen readers, as SmartLink does;
 * - headings with an id made from their text (`## Share buttons` is
 *   `#share-buttons`), so a page can link to its own sections;
 * - tables with a heading in every column, wrapped in a labeled region that
 *   scrolls sideways on narrow screens and can be scrolled by keyboard;
 * - no raw HTML and no images: every inline script in a page is allowed by
 *   a hash of the build's own output (server CSP), so content must never be
 *   able to add markup of its own.
 *
 * A problem throws a MarkdownError saying what is wrong; the loader adds the
 * file and field (./loader.ts).
 */
export class MarkdownError extends Error {
  override name = 'MarkdownError'
}

const refuseImage = (source: string) => {
  throw new MarkdownError(`images are not supported in Markdown: ${JSON.stringify(source.slice(0, 60))}`)
}

const checkLink = (url: string) => {
  const result = classifyHref(url)
  if (!result.ok) throw new MarkdownError(`link ${result.reason}`)
}

/** Refuses what content may not hold, before anything is rendered. */
const contentChecks = defineMdastPlugin({
  name: 'northpeak-content-checks',
  html(node) {
    throw new MarkdownError(`raw HTML is not allowed in content: ${JSON.stringify(node.value.trim().slice(0, 60))}`)
  },
  image: (node) => refuseImage(node.url),
  imageReference: (node) => refuseImage(node.identifier),
  link(node, context) {
    // GFM leaves an address written with an escaped "@" (an example such as
    // name\@company.com) as text; satteri links it all the same.
    const text = context.textContent(node)
    if (node.url === `mailto:${text}` && context.source.includes(text.replace('@', '\\@'))) {
      return context.replaceNode(node, { type: 'text', value: text })
    }
    checkLink(node.url)
  },
  definition: (node) => checkLink(node.url),
  table(node, context) {
    // A column without a heading leaves screen-reader users guessing.
    const header = node.children[0]
    if (header?.children.some((cell) => context.textContent(cell).trim() === '')) {
      throw new MarkdownError('a table has an empty header cell')
    }
  },
})

/**
 * "Analytics and cookies" -> "analytics-and-cookies". Quotes, `&`, `<` and
 * `>` drop out rather than split words ("What's new" is `whats-new`), as the
 * ids of every published link have always read.
 */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[&'"<>]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
}

const cellAlignClass: Record<string, string> = { left: 'text-left', center: 'text-center', right: 'text-right' }

/** The site's markup for what Markdown renders: links, heading ids, tables. */
const contentMarkup: HastPluginEntry = () => {
  // The ids given in this document: a repeated heading gets -2, -3.
  const ids = new Set<string>()
  return defineHastPlugin({
    name: 'northpeak-content-markup',
    element: [
      {
        filter: ['a'],
        visit(node, context) {
          const link = resolveHref(String(node.properties.href ?? ''))
          context.setProperty(node, 'href', link.href)
          if (!link.newTab) return
          context.setProperty(node, 'target', '_blank')
          context.setProperty(node, 'rel', 'noopener noreferrer')
          context.appendChild(node, {
            type: 'element',
            tagName: 'span',
            properties: { className: ['sr-only'] },
            children: [{ type: 'text', value: ' (opens in a new tab)' }],
          })
        },
      },
      {
        filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
        visit(node, context) {
          const base = headingId(context.textContent(node)) || 'section'
          let id = base
          for (let n = 2; ids.has(id); n += 1) id = `${base}-${n}`
          ids.add(id)
          context.setProperty(node, 'id', id)
          // Astro's pipeline lists headings itself; renderBody asks for them here.
          const headings = context.data.headings
          if (Array.isArray(headings)) headings.push({ depth: Number(node.tagName[1]), slug: id, text: context.textContent(node) })
        },
      },
      {
        // A column's alignment (`---:`) as a class: inline styles would need
        // the CSP to allow them, and the prose styles would override them.
        filter: ['th', 'td'],
        visit(node, context) {
          const align = /text-align:\s*(\w+)/.exec(String(node.properties.style ?? ''))?.[1]
          if (!align) return
          context.setProperty(node, 'style', null)
          context.setProperty(node, 'className', [cellAlignClass[align]])
        },
      },
      {
        filter: ['table'],
        visit(node, context) {
          const head = node.children.find((child) => child.type === 'element' && child.tagName === 'thead')
          const columns = head ? context.textContent(head).trim().split(/\s*\n\s*/).join(', ') : ''
          context.wrapNode(node, {
            type: 'element',
            tagName: 'section',
            properties: { className: ['table-scroll'], tabIndex: 0, ariaLabel: `Table: ${columns}` },
            children: [],
          })
        },
      },
    ],
  })
}

/** The plugins of the site's Markdown, for Astro's pipeline (astro.config.ts) and `renderMarkdown`. */
export const markdownPlugins = {
  mdastPlugins: [contentChecks],
  hastPlugins: [contentMarkup],
  // Quotes and dashes stay as written: copy is typed with the characters it means.
  features: { smartPunctuation: false },
}

/** A heading of a body, as Astro's `render()` lists it. */
export interface Heading {
  depth: number
  slug: string
  text: string
}

/** A Markdown body to HTML, with its headings, outside Astro's pipeline (tests). */
export function renderBody(source: string): { html: string; headings: Heading[] } {
  if (source.trim() === '') return { html: '', headings: [] }
  const headings: Heading[] = []
  // Every plugin here is synchronous, and so is the result.
  const { html } = markdownToHtml(source, { ...markdownPlugins, data: { headings } }) as MarkdownToHtmlResult
  return { html, headings }
}

/** A Markdown field (paragraphs, headings, lists, tables) to HTML. */
export function renderMarkdown(source: string): string {
  return renderBody(source).html
}

/** One paragraph of inline Markdown (links, emphasis, code) to HTML, without the paragraph. */
export function renderInline(source: string): string {
  const html = renderMarkdown(source).trim()
  const inner = /^<p>([\s\S]*)<\/p>$/.exec(html)?.[1]
  if (inner === undefined || inner.includes('<p>')) throw new MarkdownError('must be one paragraph of inline Markdown')
  return inner
}

/** Words a reader reads in a Markdown body: the measure behind an article's read time. */
export function countWords(source: string): number {
  return source
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`|[\]()-]/g, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}
