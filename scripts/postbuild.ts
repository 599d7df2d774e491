// After `react-router build`: writes Brotli and gzip copies of every text
// file, so the server sends them without compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = 'build/client'
const compressible = /\.(html|js|css|json|data|xml|txt|svg|webmanifest)$/

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  )
}

let count = 0
for (const file of walk(root)) {
  // Tiny files gain nothing from compression.
  if (!compressible.test(file) || statSync(file).size < 512) continue
  const body = readFileSync(file)
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
  count += 1
}
console.log(`postbuild: compressed ${count} files in ${root}`)
