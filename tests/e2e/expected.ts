import { readFileSync } from 'node:fs'
import { contentFileOf, parseFrontmatter } from '#app/lib/content/files.ts'
import { resolvePlaceholdersIn } from '#app/lib/content/placeholders.ts'
import { pages, type PageEntry } from '#app/lib/site/registry.ts'

/** What a visitor must find on a page, read from its content file with placeholders resolved. */
export interface Expected {
  page: PageEntry
  heading: string
  /** A sentence of the page's own text under the heading. */
  text: string
  /** The search-result title as written, before the brand suffix. */
  title: string
  description: string
}

function read(entry: PageEntry): Expected {
  const source = readFileSync(contentFileOf(entry), 'utf8')
  const data = resolvePlaceholdersIn(parseFrontmatter(source).data) as Record<string, string>
  const heading = entry.collection === 'blog' ? data.title! : data.heading!
  return {
    page: entry,
    heading,
    text: entry.collection === 'blog' ? data.description! : data.lede!,
    // An article's headline too long for search results has a shorter search title.
    title: data.searchTitle ?? data.title!,
    description: data.description!,
  }
}

export const expectedPages: Expected[] = pages.map(read)

export const origin = 'https://northpeak.example'

/** The h1 a page must show. */
export function headingOf(path: string): string {
  const found = expectedPages.find((entry) => entry.page.path === path)
  if (!found) throw new Error(`No page at ${path}`)
  return found.heading
}
