import yaml from 'js-yaml'
import { contentIdOf, type PageEntry } from '#app/lib/site/registry.ts'

// Content files as written, for code that runs outside Astro: the social
// cards drawn before the build starts (scripts/social-cards/), the ROI
// workbook's formulas and the tests that compare a page with its file. The
// site itself reads content through its collections (app/content.config.ts),
// checked; nothing here renders or checks anything.

/**
 * The content file of a registry page, relative to the project root: the
 * folder is the page's collection, the name its slug (a top-level page's
 * whole path, e.g. content/pages/industries/saas.md; home is home.md).
 */
export function contentFileOf(entry: PageEntry): string {
  return `content/${entry.collection}/${contentIdOf(entry)}.md`
}

const frontmatter = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

/**
 * Splits a content file into its YAML frontmatter and Markdown body. YAML's
 * JSON schema keeps "2026-13-45" a string for the schema to reject, where the
 * default schema would quietly turn it into a date in 2027.
 */
export function parseFrontmatter(source: string): { data: unknown; content: string } {
  const match = frontmatter.exec(source.replace(/^\uFEFF/, ''))
  if (!match) throw new Error('the file must start with YAML frontmatter between two "---" lines')
  return {
    data: yaml.load(match[1] ?? '', { schema: yaml.JSON_SCHEMA }) ?? {},
    content: source.replace(/^\uFEFF/, '').slice(match[0].length),
  }
}
