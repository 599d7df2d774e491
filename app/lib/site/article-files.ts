import { readdirSync, readFileSync } from 'node:fs'
import yaml from 'js-yaml'

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
  draft: boolean
}

/** Whether an article is a page of a build made on `today` (YYYY-MM-DD, UTC); `preview` shows drafts and dates to come. */
export function isPublished(article: ArticleFile, today: string, preview: boolean): boolean {
  return preview || (!article.draft && article.date <= today)
}

const frontmatter = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---/

/**
 * The articles of `folder`, newest first. Only what the registry needs is read
 * here; the schema checks every field when the collections load, and names
 * the file and the field of a problem (app/lib/content/loader.ts).
 */
export function readArticleFiles(folder: string): ArticleFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name): ArticleFile => {
      const slug = name.slice(0, -'.md'.length)
      const source = readFileSync(`${folder}/${name}`, 'utf8')
      const data = (yaml.load(frontmatter.exec(source)?.[1] ?? '', { schema: yaml.JSON_SCHEMA }) ?? {}) as Record<
        string,
        unknown
      >
      return {
        slug,
        name: typeof data.name === 'string' ? data.name : slug,
        date: typeof data.date === 'string' ? data.date : '',
        draft: data.draft === true,
      }
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
}

/** The articles that are pages of this build. */
export const articleFiles: readonly ArticleFile[] = readArticleFiles('content/blog').filter((article) =>
  isPublished(article, new Date().toISOString().slice(0, 10), process.env.CONTENT_EDITOR === '1'),
)
