import type { ArticleFile } from './article-files.ts'

// The registry in the browser (package.json `imports`, condition "browser"):
// no script of the site needs the articles' pages, which are read from their
// files in Node (./article-files.ts). The content editor does: a card's link
// to an article is checked against the pages there too, so `npm run cms`
// hands it the list as it starts (astro.config.ts); a build has none.
export const articleFiles: readonly ArticleFile[] = __EDITOR_ARTICLES__
