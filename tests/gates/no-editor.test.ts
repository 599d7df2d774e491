import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { builtClientDir } from '#server/test-server.ts'

// The content editor (`npm run cms`, docs/editing.md) is never part of the
// site that is served: no page, script, link or word of it in what the
// build hands to visitors (docs/decisions/050-editing-in-keystatic.md).

const clientDir = builtClientDir()
const files = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
  .map((file) => path.join(clientDir, file))
  .filter((file) => /\.(html|js|css|json|xml|txt|webmanifest|svg)$/.test(file))

/** The files of the build that name the editor, with the word found. */
function editorTraces(texts: { file: string; text: string }[]): string[] {
  return texts.flatMap(({ file, text }) => {
    const found = /keystatic|keystar/i.exec(text)
    return found ? [`${path.relative(clientDir, file)}: ${found[0]}`] : []
  })
}

test('the build holds the site’s pages and scripts', () => {
  expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(70)
  expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(3)
})

test('no file of the build names the editor, and no page answers at /keystatic', () => {
  expect(editorTraces(files.map((file) => ({ file, text: readFileSync(file, 'utf8') })))).toEqual([])
  expect(files.some((file) => path.relative(clientDir, file).startsWith('keystatic'))).toBe(false)
})

test('a trace would be found: the editor’s script or its API named in a page', () => {
  const planted = [
    { file: path.join(clientDir, 'about/index.html'), text: '<script src="/_astro/keystatic-page.js"></script>' },
    { file: path.join(clientDir, 'assets/x.js'), text: 'fetch("/api/keystatic/update")' },
  ]
  expect(editorTraces(planted)).toEqual(['about/index.html: keystatic', 'assets/x.js: keystatic'])
})
