import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { editorCollections, editorSchema, SLUG_FIELD } from '../../../../keystatic.config.ts'
import { editorFiles, savedByEditor } from './saved.ts'

// Every content file is as the editor writes it: opened and saved with
// nothing changed, it keeps every byte (docs/editing.md). A file written by
// hand in another form fails here; `npm run content:format` rewrites it.

const collections = Object.keys(editorCollections) as (keyof typeof editorCollections)[]

describe.each(collections)('content/%s', (name) => {
  const schema = editorSchema(name)
  const files = editorFiles(name)

  test('has files', () => {
    expect(files.length).toBeGreaterThan(0)
  })

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
