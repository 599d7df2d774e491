// After `astro build`:
// - draws the social cards of the articles and family pages into
//   build/client/social/, reusing the ones cached under .cache/social-cards/
//   (docs/decisions/023-social-cards-at-build.md);
// - writes Brotli and gzip copies of every text file, so the server sends
//   them without compressing per request;
// - writes the security headers the build's adapter took from Astro
//   (server/astro/adapter.ts) into build/nginx/northpeak.conf for nginx
//   (docs/deploy.md), with the pages rendered on demand proxied to the server.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineBuildGlobals, readBuildEnv } from '#app/lib/site/build-env.ts'
import { HEADERS_RULE_LIMIT, headersRuleCount, readSecurityHeaders } from '#server/hosting/headers-file.ts'
import { NGINX_CONF, writeNginxConf } from '#server/hosting/nginx-conf.ts'
import { HEADERS_JSON, HEADERS_TEXT, pageFile } from '#server/hosting/static-files.ts'

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
const { pages } = await import('#app/lib/site/registry.ts')
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

// The security headers the build's adapter wrote from Astro's policies (server/astro/adapter.ts).
const headers = readSecurityHeaders(root)
const onDemand = pages.filter((entry) => !existsSync(path.join(root, pageFile(entry.path)))).map((entry) => entry.path)
writeNginxConf(NGINX_CONF, headers, onDemand)
console.log(`postbuild: nginx snippet in ${NGINX_CONF}`)
const rules = headersRuleCount(headers)
if (rules > HEADERS_RULE_LIMIT) {
  console.warn(
    `postbuild: ${HEADERS_TEXT} has ${rules} rules; Cloudflare Pages reads only the first ${HEADERS_RULE_LIMIT} (docs/deploy.md)`,
  )
}
