import { expect, test } from 'vitest'
import { islandPreloads, REACT_RENDERER } from '#app/lib/island-modules.ts'
import { entryName, islandModules } from './island-modules.ts'

// The list of each island's modules, made from the client bundle as the
// bundler describes it, and the preloads a page makes of it.

const root = '/srv/site'
const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId,
})
const bundle = {
  'assets/form.js': chunk('assets/form.js', ['assets/react.js', 'assets/field.js'], `${root}/app/islands/form.tsx`),
  'assets/field.js': chunk('assets/field.js', ['assets/react.js', 'assets/form.js']),
  'assets/client.js': chunk(
    'assets/client.js',
    ['assets/react.js', 'assets/react-dom.js'],
    `${root}/node_modules/@astrojs/react/dist/client.js`,
  ),
  'assets/react.js': chunk('assets/react.js', []),
  'assets/react-dom.js': chunk('assets/react-dom.js', ['assets/react.js']),
  'assets/icons.svg': { type: 'asset' as const, fileName: 'assets/icons.svg' },
}

test("an entry is named by its path from the project's root, or from node_modules for a package's", () => {
  expect(entryName(`${root}/app/islands/booking-form.tsx`, root)).toBe('app/islands/booking-form.tsx')
  expect(entryName(`${root}/node_modules/@astrojs/react/dist/client.js`, root)).toBe(REACT_RENDERER)
})

test('each entry chunk lists its whole static import graph, itself first, once each, cycles included', () => {
  expect(islandModules(bundle, root)).toEqual({
    'app/islands/form.tsx': ['/assets/form.js', '/assets/react.js', '/assets/field.js'],
    [REACT_RENDERER]: ['/assets/client.js', '/assets/react.js', '/assets/react-dom.js'],
  })
})

test("a page preloads its island's modules and the renderer's, once each; without the build's list, none", () => {
  const modules = islandModules(bundle, root)
  expect(islandPreloads(modules, 'app/islands/form.tsx').map((tag) => 'href' in tag && tag.href)).toEqual([
    '/assets/form.js',
    '/assets/react.js',
    '/assets/field.js',
    '/assets/client.js',
    '/assets/react-dom.js',
  ])
  expect(islandPreloads(modules, 'app/islands/form.tsx')[0]).toEqual({
    tagName: 'link',
    rel: 'modulepreload',
    href: '/assets/form.js',
    fetchpriority: 'low',
  })
  expect(islandPreloads(undefined, 'app/islands/form.tsx')).toEqual([])
})
