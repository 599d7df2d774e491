// `postinstall`: applies patches/ with patch-package (see patches/README.md).
// The patches fix packages that are bundled into the pages at build time;
// an install without devDependencies (`npm install --omit=dev`, on a server
// that only serves a finished build) has no patch-package and needs none.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
let bin: string
try {
  bin = require.resolve('patch-package/index.js')
} catch {
  console.log('postinstall: patch-package is not installed (devDependencies omitted), so no patch is applied')
  process.exit(0)
}
const result = spawnSync(process.execPath, [bin], { stdio: 'inherit' })
process.exit(result.status ?? 1)
