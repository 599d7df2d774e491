// Renders the brand images in public/ from HTML with Debian's Chromium:
// the 1200x630 social card, the 512x512 logo and the 180x180 touch icon.
// Run `tsx scripts/make-images.ts` after changing the brand; commit the output.
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { defineBuildGlobals, readBuildEnv } from '../app/lib/site/build-env.ts'
import { strategyCall } from '../app/lib/booking/strategy-call.ts'

// The card states the strategy call and the uplift claim as every page does:
// the site config reads the build's settings, so they are defined first.
defineBuildGlobals(readBuildEnv(process.env))
const { site } = await import('../app/lib/site/site.ts')

const mark = readFileSync('public/favicon.svg', 'utf8')

const card = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;display:flex;flex-direction:column;justify-content:space-between;
  font-family:'Liberation Sans',Arial,sans-serif;color:#fff;background:radial-gradient(circle at 85% 15%,#6366f1 0,#312e81 45%,#1e1b4b 100%)">
  <div style="display:flex;align-items:center;gap:20px">
    <div style="width:72px;height:72px">${mark.replace('<svg ', '<svg width="72" height="72" ')}</div>
    <div style="font-size:44px;font-weight:700;letter-spacing:-1px">Northpeak</div>
  </div>
  <div>
    <div style="font-size:64px;font-weight:700;line-height:1.08;letter-spacing:-1.5px;max-width:980px">Growth marketing and software, measured against revenue.</div>
    <div style="margin-top:28px;font-size:28px;color:#c7d2fe">Paid ads · Email · Content · AI automation · Analytics · App development</div>
  </div>
  <div style="display:flex;gap:16px;font-size:24px;align-items:center">
    <span style="background:#c2410c;border-radius:999px;padding:12px 26px;font-weight:700;white-space:nowrap">${strategyCall.label}</span>
    <span style="border:2px solid #a5b4fc;border-radius:999px;padding:10px 24px;color:#e0e7ff;font-size:20px;line-height:1.3">${site.claims.conversionUplift}: ${site.claims.conversionUpliftMeaning}</span>
  </div>
</div></body></html>`

const square = (size: number) =>
  `<!doctype html><html><body style="margin:0">${mark.replace('<svg ', `<svg width="${size}" height="${size}" `).replace('rx="8"', 'rx="0"')}</body></html>`

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()
for (const [html, width, height, file, type] of [
  [card, 1200, 630, 'public/og-image.jpg', 'jpeg'],
  [square(512), 512, 512, 'public/logo.png', 'png'],
  [square(180), 180, 180, 'public/apple-touch-icon.png', 'png'],
] as const) {
  await page.setViewportSize({ width, height })
  await page.setContent(html)
  await page.screenshot({
    path: file,
    type,
    quality: type === 'jpeg' ? 85 : undefined,
    clip: { x: 0, y: 0, width, height },
  })
  console.log(`wrote ${file}`)
}
await browser.close()
