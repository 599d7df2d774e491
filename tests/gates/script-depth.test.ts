import { expect, test } from 'vitest'
import { createChainReader, pageEntries, slowEntries, staticImports } from './script-depth.ts'

// The round-trip gate over modules held in memory, written as the bundler
// writes them (minified, `import{a as b}from"./x.js"`).

const base = 'http://localhost:4000'

function reader(files: Record<string, string>) {
  const read: string[] = []
  const chains = createChainReader((url) => {
    read.push(url)
    const source = files[new URL(url).pathname]
    return source === undefined ? Promise.reject(new Error(`no module at ${url}`)) : Promise.resolve(source)
  })
  return { chains, read }
}

const page = (body: string) => `<!DOCTYPE html><html lang="en"><head></head><body>${body}</body></html>`

test('static imports count, in every form the bundler writes them; import() and import.meta do not', async () => {
  const source =
    'import{t as e}from"./prefetch.js";import"./side.js";export{n}from"../lib/x.js";' +
    'const later=()=>import("./later.js");console.log(import.meta.url);e()'
  expect(await staticImports(source, `${base}/assets/page.js`)).toEqual([
    `${base}/assets/prefetch.js`,
    `${base}/assets/side.js`,
    `${base}/lib/x.js`,
  ])
})

test('a page starts from its module scripts, inline or not, and from each island component and renderer, once each', () => {
  const html = page(
    '<script type="module" src="/assets/shell.js"></script><script>var classic=1</script>' +
      '<script type="application/ld+json">{}</script><script type="module">import "/assets/inline-dep.js"</script>' +
      '<astro-island component-url="/assets/popup.js" renderer-url="/assets/client.js"></astro-island>' +
      '<astro-island component-url="/assets/bar.js" renderer-url="/assets/client.js"></astro-island>',
  )
  expect(pageEntries(html, `${base}/about`)).toEqual([
    { kind: 'page script', url: `${base}/assets/shell.js` },
    { kind: 'page script', url: `${base}/about`, inline: 'import "/assets/inline-dep.js"' },
    { kind: 'island', url: `${base}/assets/popup.js` },
    { kind: 'island', url: `${base}/assets/client.js` },
    { kind: 'island', url: `${base}/assets/bar.js` },
  ])
})

test('a page script whose import imports again takes three round trips and is named with its chain', async () => {
  const { chains } = reader({
    '/assets/shell.js': 'import{n as e}from"./attribution.js";import{t}from"./theme.js";e();t()',
    '/assets/attribution.js': 'import{n as e}from"./lead-limits.js";export const n=()=>e',
    '/assets/lead-limits.js': 'export const n={utm:200}',
    '/assets/theme.js': 'export const t=()=>{}',
  })
  const entries = pageEntries(page('<script type="module" src="/assets/shell.js"></script>'), `${base}/`)
  expect(await slowEntries('/', entries, chains)).toEqual([
    '/: page script shell.js > attribution.js > lead-limits.js takes 3 round trips (at most 2)',
  ])
})

test('imports side by side cost one round trip together; an inline script costs none of its own', async () => {
  const { chains, read } = reader({
    '/assets/shell.js': 'import"./a.js";import"./b.js";import"./c.js"',
    '/assets/a.js': 'export const a=1',
    '/assets/b.js': 'export const b=1',
    '/assets/c.js': 'export const c=1',
    '/assets/inline-dep.js': 'import"./a.js"',
  })
  const entries = pageEntries(
    page(
      '<script type="module" src="/assets/shell.js"></script><script type="module">import "/assets/inline-dep.js"</script>',
    ),
    `${base}/`,
  )
  expect(await chains.chain(entries[0]!)).toHaveLength(2)
  expect(await chains.chain(entries[1]!)).toEqual([`${base}/assets/inline-dep.js`, `${base}/assets/a.js`])
  expect(await slowEntries('/', entries, chains)).toEqual([])
  // Each module is read once, however many chains pass through it.
  expect(read.filter((url) => url.endsWith('/a.js'))).toHaveLength(1)
})

test('an island may take four round trips, not five; a cycle between chunks adds none', async () => {
  const files = {
    '/assets/form.js': 'import"./field.js"',
    '/assets/field.js': 'import"./fallback.js"',
    '/assets/fallback.js': 'import"./react.js"',
    '/assets/react.js': 'import"./fallback.js";export const r=1',
    '/assets/client.js': 'import"./react.js"',
  }
  const island = page('<astro-island component-url="/assets/form.js" renderer-url="/assets/client.js"></astro-island>')
  const { chains } = reader(files)
  expect(await slowEntries('/book', pageEntries(island, `${base}/book`), chains)).toEqual([])

  const { chains: deeper } = reader({ ...files, '/assets/react.js': 'import"./runtime.js"', '/assets/runtime.js': '' })
  expect(await slowEntries('/book', pageEntries(island, `${base}/book`), deeper)).toEqual([
    '/book: island form.js > field.js > fallback.js > react.js > runtime.js takes 5 round trips (at most 4)',
  ])
})
