import type { ArticleFile } from './article-files.ts'

// The registry in the browser (package.json `imports`, condition "browser"):
// no script of the site needs the articles' pages, which are read from their
// files in Node (./article-files.ts).
export const articleFiles: readonly ArticleFile[] = []
