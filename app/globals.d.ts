// Compile-time constants from app/lib/site/build-env.ts, replaced by Vite's `define`.
declare const __SITE_ORIGIN__: string
declare const __BOOKING_URL__: string
declare const __GA_MEASUREMENT_ID__: string
/**
 * The articles of content/blog/ for the content editor's link checks in the
 * browser (app/lib/site/article-files.browser.ts): the list under `npm run cms`,
 * none in a build.
 */
declare const __EDITOR_ARTICLES__: readonly {
  slug: string
  name: string
  date: string
  category: string
  draft: boolean
}[]
/** The case studies of content/case-studies/, read when the build starts (app/lib/site/case-study-files.browser.ts). */
declare const __CASE_STUDY_FILES__: readonly { slug: string; name: string; order: number }[]
