import matter from 'gray-matter'
import yaml from 'js-yaml'
import { slugOf, type PageEntry } from '#app/lib/registry.ts'

/** The content folder of each template family. */
export const contentFolders = {
  page: 'pages',
  service: 'services',
  'case-study': 'case-studies',
  location: 'cities',
  article: 'blog',
} as const

/** The content file of a registry page, relative to the project root: its name is the page's slug. */
export function contentFileOf(entry: PageEntry): string {
  const name = entry.template === 'page' ? (entry.path === '/' ? 'home' : entry.path.slice(1)) : slugOf(entry.path)
  return `content/${contentFolders[entry.template]}/${name}.md`
}

/**
 * Splits a content file into its YAML frontmatter and Markdown body. YAML's
 * JSON schema keeps "2026-13-45" a string for the schema to reject, where the
 * default schema would quietly turn it into a date in 2027.
 */
export function parseFrontmatter(source: string): { data: unknown; content: string } {
  return matter(source, {
    engines: { yaml: (text: string) => yaml.load(text, { schema: yaml.JSON_SCHEMA }) as object },
  })
}
