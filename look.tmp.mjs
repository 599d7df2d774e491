import { chromium } from '@playwright/test'
const base = process.env.BASE || 'http://localhost:3400'
const paths = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu','--no-first-run','--disable-background-networking'] })
for (const p of paths) {
  for (const [w,h] of [[1280,800],[390,844]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } })
    const errors = []
    page.on('console', m => { if (m.type() === 'error' || m.type()==='warning') errors.push(m.type()+': '+m.text()) })
    page.on('pageerror', e => errors.push('pageerror: ' + e.message))
    await page.goto(base + p, { waitUntil: 'networkidle' })
    const name = p.replace(/\W+/g,'_') + '_' + w
    await page.screenshot({ path: `/tmp/shots/${name}.png` })
    console.log(p, w, errors.join(' | ') || 'no errors')
    await page.close()
  }
}
await browser.close()
