// `npm run screenshots -- <label>`: serves the build and saves, for every page
// and size of tests/e2e/look.ts in both colour schemes, the first screen and
// the whole page to screenshots/<label>/, to compare two versions by eye.
// tests/e2e/visual.spec.ts is what holds the look in CI.
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { lookPages, lookSchemes, lookViewports } from '../tests/e2e/look.ts'
import { waitForServer } from './wait-for-server.ts'

const label = process.argv[2] ?? 'current'
const port = Number(process.env.SCREENSHOTS_PORT ?? 3250)
const base = `http://localhost:${port}`
const dir = `screenshots/${label}`
mkdirSync(dir, { recursive: true })

const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: 'ignore',
})
process.on('exit', () => server.kill())
await waitForServer(base, { tries: 50, intervalMs: 200 })

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const scheme of lookSchemes) {
  for (const viewport of lookViewports) {
    const context = await browser.newContext({ viewport, colorScheme: scheme, reducedMotion: 'reduce' })
    const page = await context.newPage()
    for (const { name, path } of lookPages) {
      await page.goto(base + path, { waitUntil: 'networkidle' })
      const file = `${dir}/${name}-${viewport.name}-${scheme}`
      await page.screenshot({ path: `${file}.png` })
      await page.screenshot({ path: `${file}-full.png`, fullPage: true })
    }
    await context.close()
  }
}
await browser.close()
console.log(`screenshots of ${lookPages.length} pages in ${dir}/`)
process.exit(0)
