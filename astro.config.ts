// First: the build constants, which the content checks and the site config
// read, as globals for the code that runs here, outside Vite (app/lib/site/build-env.ts).
import './server/build-globals.ts'
import { satteri } from '@astrojs/markdown-satteri'
import keystatic from '@keystatic/astro'
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import type { AstroIntegration } from 'astro'
import { defineConfig, memoryCache } from 'astro/config'
import { readArticleFiles } from './app/lib/site/article-files.ts'
import { buildDefines, readBuildEnv } from './app/lib/site/build-env.ts'
import { FROM_PARAM, ZONE_PARAM } from './app/lib/booking/booking-form.ts'
import { islandDirectives } from './app/directives/integration.ts'
import { markdownPlugins } from './app/lib/content/markdown.ts'
import { categoryRedirects } from './app/lib/content/categories.ts'
import { leadServer } from './server/astro/adapter.ts'
import { pageCspConfig } from './server/hosting/security-policy.ts'
import { articleCovers } from './scripts/social-cards/covers.ts'

const buildEnv = readBuildEnv(process.env)

// `npm run cms` sets CONTENT_EDITOR: the content editor at /keystatic
// (keystatic.config.ts, docs/editing.md), which writes the files of content/
// in this checkout. Never in a build that is served.
const contentEditor = process.env.CONTENT_EDITOR === '1'
const editorInDevOnly: AstroIntegration = {
  name: 'content-editor-in-dev-only',
  hooks: {
    'astro:config:setup': ({ command }) => {
      if (command !== 'dev')
        throw new Error('CONTENT_EDITOR=1 is for `npm run cms` only: the editor is never built into the site')
    },
  },
}

// Pages are documents: every page but /contact is rendered to HTML at build,
// and only the islands a shell places with a client:* directive ship script
// (docs/decisions/029-pages-as-documents-widgets-as-islands.md).
export default defineConfig({
  // The app's code stays in app/, reached by the one import alias #app/*.
  srcDir: './app',
  publicDir: './public',
  // BUILD_DIR puts a second build beside the usual one, e.g. one with a test
  // measurement id for the end-to-end tests (playwright.config.ts); the
  // server's CLIENT_DIR is its client/ folder.
  outDir: process.env.BUILD_DIR || 'build',
  site: buildEnv.SITE_ORIGIN,
  output: 'static',
  // /contact answers its own form post (app/pages/contact.astro): rendered on
  // demand inside the Node server (server/astro/adapter.ts).
  adapter: leadServer(),
  // The pages rendered on demand that hold nothing of the visitor on a plain
  // GET (/contact with its ?topic=, /dashboard with its ?range=, /book's free
  // times with its ?tz= and ?from=) are kept in memory (Astro.cache in the
  // page): /contact and /dashboard until the next build, as every page
  // prefetches /contact (docs/product.md#prefetching); /book for as long as
  // its times hold (app/lib/booking/booking-page.ts offerKeptSeconds). Other query
  // parameters make no new entry; at most 128 renderings (~19 MB) are kept.
  cache: { provider: memoryCache({ max: 128, query: { include: ['topic', 'range', ZONE_PARAM, FROM_PARAM] } }) },
  security: {
    // A write is checked where it comes from by app/middleware.ts, once for
    // every action and the lead endpoint: it knows SITE_ORIGIN behind a proxy
    // that speaks plain HTTP to the server, and lets a client that sends no
    // Origin (a landing page's server) through, as the lead API always has.
    checkOrigin: false,
    // A lead or a booking is at most 16 KB (MAX_LEAD_BYTES, server/leads/intake.ts).
    actionBodySizeLimit: 16 * 1024,
    // Each page's Content-Security-Policy, its scripts allowed by hash (server/hosting/security-policy.ts).
    // Not under `npm run cms`: the editor and Vite's development scripts are
    // inline scripts of their own, on this machine only.
    csp: contentEditor ? false : pageCspConfig({ analytics: Boolean(buildEnv.VITE_GA_MEASUREMENT_ID) }),
  },
  // One address per page: "/about", never "/about/" (the server redirects).
  trailingSlash: 'never',
  // Addresses that moved answer 301 with where they went: the blog's old
  // category pages, now their topics' (app/lib/content/categories.ts).
  redirects: Object.fromEntries(
    Object.entries(categoryRedirects).map(([from, to]) => [from, { status: 301, destination: to }]),
  ),
  build: {
    redirects: false,
    format: 'directory',
    client: './client',
    server: './server',
    assets: 'assets',
    // The stylesheet goes into every page, so the first paint waits for no
    // request (docs/decisions/006-inline-stylesheet.md).
    inlineStylesheets: 'always',
  },
  // Astro's prefetch fetches the pages of docs/product.md#prefetching, at the
  // moments app/scripts/prefetch.ts picks; links are marked data-prefetch
  // rather than with Astro's attribute, whose per-link listeners cost more
  // than one listener for the whole page.
  prefetch: { prefetchAll: false },
  // The site draws its pictures itself (SVG, the social cards); the articles'
  // covers, their social cards, go through Astro's image pipeline (sharp) as
  // responsive AVIF and WebP (docs/decisions/038-article-covers.md), as do the
  // team's photos and the pictures of the work
  // (docs/decisions/051-pictures-of-people-and-work.md). AVIF at
  // sharp's effort 3, not its default 4: the 63 AVIF files encode in 23 s
  // instead of 64 (one core) and weigh 4% more, 692 KB against 663.
  image: { service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 3 } } } },
  devToolbar: { enabled: false },
  // Markdown bodies of content/ are rendered by the collections with the
  // site's checks and markup (app/lib/content/markdown.ts): a link to no
  // page, raw HTML or an image stops the build naming the file.
  markdown: { processor: satteri(markdownPlugins), syntaxHighlight: false },
  integrations: [
    react(),
    islandDirectives(),
    articleCovers(),
    ...(contentEditor ? [editorInDevOnly, keystatic()] : []),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Astro's prefetch and its actions client share one tiny module (the
    // adapter's fetch headers); split into a chunk of its own, it would be a
    // third round trip before every page's prefetch runs
    // (tests/gates/script-depth.ts). It goes into the prefetch's chunk, which
    // every page loads first.
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'prefetch', test: /[\\/]astro[\\/]dist[\\/]prefetch[\\/]|virtual:astro:adapter-config/ }],
          },
        },
      },
    },
    // A saved file is taken in once it is whole. A writer (the editor, any
    // text editor) empties a file and then writes it; the watcher reports the
    // first step and drops a second report within 50 ms, so the collection
    // read the empty file, refused it and kept the old text until the next
    // save. Waiting for the size to hold 100 ms costs a save's preview that long.
    server: { watch: { awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 20 } } },
    define: {
      ...buildDefines(buildEnv),
      // The editor checks a link to an article in the browser: it gets the articles as they are at start.
      ...(contentEditor ? { __EDITOR_ARTICLES__: JSON.stringify(readArticleFiles('content/blog')) } : {}),
    },
  },
})
