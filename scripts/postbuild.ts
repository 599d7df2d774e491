// After `astro build`:
// - draws the social cards of the articles and family pages into
//   build/client/social/, reusing the ones cached under .cache/social-cards/
//   (docs/decisions/023-social-cards-at-build.md);
// - writes Brotli and gzip copies of every text file, so the server sends
//   them without compressing per request;
// - writes the security headers of every page (its CSP allows exactly its own
//   inline scripts) to _headers.json, which the server reads at start, to
//   _headers for a static host, and to build/nginx/northpeak.conf for nginx
//   (docs/deploy.md). A page rendered on demand (/contact) is rendered once
//   here, by the build's own server entry, to read its inline scripts.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineBuildGlobals, readBuildEnv } from '#app/lib/build-env.ts'
import { HEADERS_RULE_LIMIT, headersRuleCount, writeSecurityHeaders } from '#server/headers-file.ts'
import { NGINX_CONF, writeNginxConf } from '#server/nginx-conf.ts'
import { bookingPreview } from '#server/booking-pages.ts'
import { loadRenderer, renderEach } from '#server/rendered-pages.ts'
import { HEADERS_JSON, HEADERS_TEXT, pageFile } from '#server/static-files.ts'

const buildDir = process.env.BUILD_DIR || 'build'
const root = `${buildDir}/client`
const compressible = /\.(html|js|css|json|xml|txt|svg|webmanifest)$/
// Read by the server and static hosts, never sent to visitors.
const headersFiles = new Set([HEADERS_JSON, HEADERS_TEXT].map((name) => path.join(root, name)))

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

// The content and the site config read build settings as globals outside Vite.
const buildEnv = readBuildEnv(process.env)
defineBuildGlobals(buildEnv)
const { pages } = await import('#app/lib/registry.ts')
const { siteBrand, siteCards } = await import('./social-cards/site-cards.ts')
const { DEFAULT_CACHE_DIR, writeSocialCards } = await import('./social-cards/render.ts')
const started = performance.now()
const cards = await writeSocialCards({ cards: siteCards(), brand: siteBrand(), outDir: root })
console.log(
  `postbuild: ${cards.files.length} social cards in ${root}/social: ${cards.rendered} rendered, ` +
    `${cards.reused} reused from ${DEFAULT_CACHE_DIR} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
)

let count = 0
for (const file of walk(root)) {
  // Tiny files gain nothing from compression.
  if (!compressible.test(file) || headersFiles.has(file) || statSync(file).size < 512) continue
  const body = readFileSync(file)
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  count += 1
}
console.log(`postbuild: compressed ${count} files in ${root}`)

// The pages of the registry that the build did not write as files are rendered on demand.
const rendered = await renderEach(
  await loadRenderer(buildDir),
  pages.filter((entry) => !existsSync(path.join(root, pageFile(entry.path)))).map((entry) => entry.path),
  buildEnv.SITE_ORIGIN,
  (urlPath) => bookingPreview(urlPath),
)

// The analytics hosts are allowed only when the build turns analytics on.
const analytics = Boolean(buildEnv.VITE_GA_MEASUREMENT_ID)
const headers = writeSecurityHeaders(root, { analytics }, rendered)
console.log(
  `postbuild: security headers of ${Object.keys(headers.pages).length} pages (${rendered.length} rendered on demand) ` +
    `in ${root}/${HEADERS_JSON} and ${HEADERS_TEXT}` +
    (analytics ? ', CSP widened for Google Analytics' : ''),
)
writeNginxConf(
  NGINX_CONF,
  headers,
  rendered.map((page) => page.urlPath),
)
console.log(`postbuild: nginx snippet in ${NGINX_CONF}`)
const rules = headersRuleCount(headers)
if (rules > HEADERS_RULE_LIMIT) {
  console.warn(
    `postbuild: ${HEADERS_TEXT} has ${rules} rules; Cloudflare Pages reads only the first ${HEADERS_RULE_LIMIT} (docs/deploy.md)`,
  )
}
