import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { editorCollections, editorSchema, SLUG_FIELD } from '../../../../keystatic.config.ts'
import { editorFiles, savedByEditor } from './saved.ts'

// Every content file is as the editor writes it: opened and saved with
// nothing changed, it keeps every byte (docs/editing.md). A file written by
// hand in another form fails here; `npm run content:format` rewrites it.

const collections = Object.keys(editorCollections) as (keyof typeof editorCollections)[]

/** Folders that may hold no file yet: no client has agreed to be named (their READMEs). */
const untilConsent = new Set(['testimonials', 'clients'])

test('every other folder has files, so the round trip below is tried on each', () => {
  for (const name of collections.filter((name) => !untilConsent.has(name))) expect(editorFiles(name), name).not.toEqual([])
})

describe.each(collections.filter((name) => editorFiles(name).length > 0))('content/%s', (name) => {
  const schema = editorSchema(name)
  const files = editorFiles(name)

  test.each(files)('%s is saved unchanged', (file) => {
    const text = readFileSync(file, 'utf8')
    expect(savedByEditor(text, schema, SLUG_FIELD, editorCollections[name].format)).toBe(text)
  })
})

test('a file in another form is told apart: what the editor writes differs', () => {
  const text = readFileSync('content/blog/local-seo-guide.md', 'utf8')
  const byHand = text.replace(/^readTime: (\d+)$/m, 'readTime:   $1').replace(/^category: (.*)$/m, 'category: "$1"')
  expect(byHand).not.toBe(text)
  expect(savedByEditor(byHand, editorSchema('blog'), SLUG_FIELD)).toBe(text)
})
