import { loadRenderer } from './server/rendered-pages.ts'
const render = await loadRenderer('build')
for (const p of ['/contact', '/contact']) {
  const t = performance.now()
  const r = await render(new Request('http://x' + p), {})
  const html = await r!.text()
  console.log(p, 'first', Math.round(performance.now() - t), html.length)
}
const t = performance.now()
for (let i = 0; i < 40; i++) await (await render(new Request('http://x/contact'), {}))!.text()
console.log('avg', ((performance.now() - t) / 40).toFixed(1))
