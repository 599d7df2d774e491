/**
 * The site's Markdown as the content editor's browser sees it (package.json
 * `imports`, condition "browser"): the renderer, ../markdown.ts, is native
 * code that runs at build, so in the editor a Markdown field is checked by
 * its schema for its length only, and its links, tables and markup by the
 * build, whose error names the file and the field (docs/editing.md).
 */
export class MarkdownError extends Error {
  override name = 'MarkdownError'
}

export const renderInline = (source: string) => source
export const renderMarkdown = (source: string) => source
