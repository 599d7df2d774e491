// After `react-router build`:
// - writes Brotli and gzip copies of every text file, so the server sends
//   them without compressing per request;
// - writes the security headers of every page (its CSP allows exactly its own
//   inline scripts) to _headers.json, which the server reads at start, and to
//   _headers for a static host (server/README.md).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { readBuildEnv } from '#app/lib/build-env.ts'
import { writeSecurityHeaders } from '#server/headers-file.ts'
import { HEADERS_JSON, HEADERS_TEXT } from '#server/static-files.ts'

const root = `${process.env.BUILD_DIR || 'build'}/client`
const compressible = /\.(html|js|css|json|data|xml|txt|svg|webmanifest)$/
// Read by the server and static hosts, never sent to visitors.
const headersFiles = new Set([HEADERS_JSON, HEADERS_TEXT].map((name) => path.join(root, name)))

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

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

// The analytics hosts are allowed only when the build turns analytics on.
const analytics = Boolean(readBuildEnv(process.env).VITE_GA_MEASUREMENT_ID)
const headers = writeSecurityHeaders(root, { analytics })
console.log(
  `postbuild: security headers of ${Object.keys(headers.pages).length} pages in ${root}/${HEADERS_JSON} and ${HEADERS_TEXT}` +
    (analytics ? ', CSP widened for Google Analytics' : ''),
)
