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
