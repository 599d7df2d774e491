// Compile-time constants from app/lib/site/build-env.ts, replaced by Vite's `define`.
declare const __SITE_ORIGIN__: string
declare const __BOOKING_URL__: string
declare const __GA_MEASUREMENT_ID__: string
/**
 * The articles of content/blog/ for the content editor's link checks in the
 * browser (app/lib/site/article-files.browser.ts): the list under `npm run cms`,
 * none in a build.
 */
declare const __EDITOR_ARTICLES__: readonly { slug: string; name: string; date: string; draft: boolean }[]
