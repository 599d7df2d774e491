import { readFrontmatterOfEach } from './content-files.ts'

/**
 * The articles of content/blog/, as the registry lists them (./registry.ts):
 * an article is a page because its file is there, so publishing one takes no
 * code (docs/editing.md). A draft (`draft: true`) and an article dated after
 * the day of the build are no page yet: not built, not in the sitemap, the
 * feed or the search; the daily build publishes an article on its date
 * (docs/deploy.md, "Scheduled articles"). Under `npm run cms` (CONTENT_EDITOR)
 * they are pages, to preview.
 *
 * Read once, in Node: the build, the server, scripts and tests. The browser's
 * registry lists no article (./article-files.browser.ts, package.json `imports`).
 */
export interface ArticleFile {
  /** The file's name, the article's address under /blog/. */
  slug: string
  /** Its short name, for breadcrumbs and the sitemap (`name`). */
  name: string
  /** Its publication date, YYYY-MM-DD (`date`). */
  date: string
  /** Its category's label (`category`), whose page lists it. */
  category: string
  draft: boolean
}

/** Whether an article is a page of a build made on `today` (YYYY-MM-DD, UTC); `preview` shows drafts and dates to come. */
export function isPublished(article: ArticleFile, today: string, preview: boolean): boolean {
  return preview || (!article.draft && article.date <= today)
}

/** The articles of `folder`, newest first, with what the registry needs of each. */
export function readArticleFiles(folder: string): ArticleFile[] {
  return readFrontmatterOfEach(folder)
    .map(({ slug, data }): ArticleFile => ({
      slug,
      name: typeof data.name === 'string' ? data.name : slug,
      date: typeof data.date === 'string' ? data.date : '',
      category: typeof data.category === 'string' ? data.category : '',
      draft: data.draft === true,
    }))
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

/** The articles that are pages of this build. */
export const articleFiles: readonly ArticleFile[] = readArticleFiles('content/blog').filter((article) =>
  isPublished(article, new Date().toISOString().slice(0, 10), process.env.CONTENT_EDITOR === '1'),
)
