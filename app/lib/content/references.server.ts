import path from 'node:path'
import { categoryPath, categorySlug } from '#app/lib/categories.ts'
import { pages, slugOf, type CollectionName } from '#app/lib/registry.ts'
import type { Content, Parsed } from './collections.server.ts'
import { ContentError, contentFileOf, listMarkdown } from './files.ts'
import type { ArticleFrontmatter, CategoryFrontmatter } from './schemas.ts'

// Checks that look across files: the registry against content/, links
// between pages, read times against bodies, metadata unique site-wide.

/** Minimum words of body per minute of an article's stated read time. */
export const WORDS_PER_MINUTE = 150

/** Content files that no registry page uses, each as a problem. */
export function unregisteredFiles(contentRoot: string): string[] {
  const expected = new Set(pages.map(contentFileOf))
  const folders = [...new Set(pages.map((entry) => entry.collection))]
  return folders.flatMap((folder) =>
    listMarkdown(path.join(contentRoot, folder))
      .map((file) => `content/${folder}/${file}`)
      .filter((file) => !expected.has(file))
      .map((file) => `${file}: no page of the registry (app/lib/registry.ts) uses this file`),
  )
}

/** Every slug in `field` must be a page of `collection`. */
export function requireSlugs(file: string, field: string, slugs: readonly string[], collection: CollectionName) {
  const known = pages.filter((entry) => entry.collection === collection).map((entry) => slugOf(entry.path))
  for (const slug of slugs) {
    if (!known.includes(slug)) {
      throw new ContentError(`${file}: field "${field}": "${slug}" is not one of ${known.join(', ')}`)
    }
  }
}

/** A category's page names the category its path is for: paid-ads.md holds "Paid Ads". */
export function requireCategoryFile({ file, entry, data }: Parsed<CategoryFrontmatter>) {
  if (categoryPath(data.category) !== entry.path) {
    throw new ContentError(
      `${file}: field "category": "${data.category}" belongs in ${categorySlug(data.category)}.md, not in this file`,
    )
  }
}

/** A read time must be honest: at least WORDS_PER_MINUTE words of body per stated minute. */
export function requireReadTime({ file, data, words }: Parsed<ArticleFrontmatter>) {
  const needed = data.readTime * WORDS_PER_MINUTE
  if (words < needed) {
    throw new ContentError(
      `${file}: field "readTime": ${data.readTime} min needs at least ${needed} words of body, it has ${words}`,
    )
  }
}

/** Titles and descriptions must differ from page to page: search engines show them side by side. */
export function checkUniqueMetadata(content: Content) {
  const seen = new Map<string, string>()
  for (const { file, data } of Object.values(content).flatMap((parsed) => [...parsed.values()])) {
    for (const [field, value] of [
      ['title', data.title],
      ['description', data.description],
    ] as const) {
      const key = `${field}:${value.toLowerCase()}`
      const other = seen.get(key)
      if (other) throw new ContentError(`${file}: field "${field}" repeats the one in ${other}; every page needs its own`)
      seen.set(key, file)
    }
  }
}
