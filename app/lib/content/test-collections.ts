import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { dump, load } from 'js-yaml'
import type { z } from 'astro/zod'
import { readFields } from './editor/saved.ts'
import { expect } from 'vitest'
import { contentIdOf, pages, type CollectionName } from '#app/lib/site/registry.ts'
import { parseFrontmatter } from './files.ts'
import { checkData, checkEntry, checkRegistry, checkUniqueMetadata, dataFileOf } from './loader.ts'
import { renderBody, type Heading } from './markdown.ts'
import { isDataCollection, type DataCollectionName, type dataSchemas, type Frontmatter } from './schemas.ts'
import { whenDone } from '#server/test-teardown.ts'

// Stands in for `astro:content` in unit tests (vitest.config.ts): every file
// of content/ through the checks the build's loader makes (./loader.ts), and
// its body through the same Markdown plugins, in the shape Astro's
// getCollection() and render() return.

/** Markdown files under `dir`, as paths relative to it. */
export function listMarkdown(dir: string, prefix = ''): string[] {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    if (entry.isDirectory()) return listMarkdown(path.join(dir, entry.name), `${prefix}${entry.name}/`)
    return entry.name.endsWith('.md') ? [`${prefix}${entry.name}`] : []
  })
}

/** Every page's file under content/ ("content/blog/local-seo-guide.md"); the folders' READMEs document them and are no page. */
export const pageFiles = (): string[] =>
  listMarkdown('content')
    .filter((name) => path.basename(name) !== 'README.md')
    .map((name) => path.join('content', name))

/** A collection entry as Astro's getCollection() returns it. */
export interface TestEntry<K extends CollectionName = CollectionName> {
  id: string
  collection: K
  data: Frontmatter[K]
  body: string
  filePath: string
  rendered: { html: string; metadata: { headings: Heading[] } }
}

const names: CollectionName[] = ['pages', 'services', 'case-studies', 'cities', 'blog', 'categories']

/** Every collection under `root`, checked; a problem throws the loader's ContentError. */
export function loadCollections(root = 'content'): Record<CollectionName, TestEntry[]> {
  const all = names.map((collection) => {
    const entries = listMarkdown(path.join(root, collection)).map((name): TestEntry => {
      const id = name.replace(/\.md$/, '')
      const source = readFileSync(path.join(root, collection, name), 'utf8')
      const { data, content } = parseFrontmatter(source)
      const checked = checkEntry(collection, id, data, content, path.dirname(root))
      const { html, headings } = renderBody(checked.body)
      return {
        id,
        collection,
        data: checked.parsed as Frontmatter[typeof collection],
        body: checked.body,
        filePath: checked.file,
        rendered: { html, metadata: { headings } },
      }
    })
    checkRegistry(
      collection,
      entries.map((entry) => entry.id),
    )
    return [collection, entries] as const
  })
  checkUniqueMetadata(
    all.flatMap(([, entries]) =>
      entries.map(({ filePath, data }) => ({ file: filePath, title: String(data.title), description: String(data.description) })),
    ),
  )
  return Object.fromEntries(all) as Record<CollectionName, TestEntry[]>
}

let cached: Record<CollectionName, TestEntry[]> | undefined

/** Every collection's entries by the path of their page in the registry, for tests that read the content. */
export function contentByPath(): { [K in CollectionName]: Map<string, TestEntry<K>> } {
  cached ??= loadCollections()
  const all = cached
  const byPath = (collection: CollectionName) =>
    new Map(
      pages
        .filter((entry) => entry.collection === collection)
        .map((entry) => [entry.path, all[collection].find((item) => item.id === contentIdOf(entry))!]),
    )
  return {
    pages: byPath('pages'),
    services: byPath('services'),
    'case-studies': byPath('case-studies'),
    cities: byPath('cities'),
    blog: byPath('blog'),
    categories: byPath('categories'),
  } as { [K in CollectionName]: Map<string, TestEntry<K>> }
}

/** A data collection's entry (content/team/<slug>.yaml) as Astro's getCollection() returns it. */
export interface TestDataEntry<K extends DataCollectionName = DataCollectionName> {
  id: string
  collection: K
  data: z.output<ReturnType<typeof dataSchemas>[K]>
  filePath: string
}

/** Every file of a data collection under `root`, checked; a problem throws the loader's ContentError. */
export function loadData<K extends DataCollectionName>(collection: K, root = 'content'): TestDataEntry<K>[] {
  const dir = path.join(root, collection)
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const id = name.replace(/\.yaml$/, '')
      const data = checkData(collection, id, load(readFileSync(path.join(dir, name), 'utf8')), path.dirname(root))
      return { id, collection, data: data as TestDataEntry<K>['data'], filePath: dataFileOf(collection, id) }
    })
}

const data = new Map<DataCollectionName, TestDataEntry[]>()

export async function getCollection(collection: CollectionName | DataCollectionName): Promise<(TestEntry | TestDataEntry)[]> {
  if (isDataCollection(collection)) {
    if (!data.has(collection)) data.set(collection, loadData(collection))
    return data.get(collection)!
  }
  cached ??= loadCollections()
  return cached[collection]
}

export async function render(entry: TestEntry) {
  return { headings: entry.rendered.metadata.headings }
}

/**
 * For the tests of bad content: a copy of content/ to break on purpose (`root`,
 * removed when what made it is over (`whenDone`); the real files stay untouched), and
 * `withFile`, which edits one of its files (by its path from the project,
 * `content/pages/about.md`) for the length of `check` and puts it back. An edit
 * that changes nothing fails the test: the case it meant was never tried.
 */
export function contentCopy() {
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'content-')), 'content')
  cpSync('content', root, { recursive: true })
  whenDone(() => rmSync(path.dirname(root), { recursive: true, force: true }))
  function withFile(file: string, edit: (source: string, file: string) => string, check: () => void) {
    const target = path.join(root, '..', file)
    const original = readFileSync(target, 'utf8')
    const edited = edit(original, file)
    expect(edited, 'the edit applies').not.toBe(original)
    writeFileSync(target, edited)
    try {
      check()
    } finally {
      writeFileSync(target, original)
    }
  }
  return { root, withFile }
}

/** A text of a file: a frontmatter value (with the object holding it and its name) or a line of the body. */
export interface Passage {
  text: string
  holder?: Record<string, unknown>
  key?: string
}

/** Every text of a file: its frontmatter's text values, then its body's lines. */
export function passagesOf(file: string, source?: string): Passage[] {
  const { fields, body } = readFields(file, source)
  const found: Passage[] = []
  const walk = (value: unknown, holder?: Record<string, unknown>, key?: string) => {
    if (typeof value === 'string') found.push({ text: value, holder, key })
    else if (Array.isArray(value)) value.forEach((item) => walk(item, holder, key))
    else if (value !== null && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) walk(item, value as Record<string, unknown>, name)
    }
  }
  walk(fields)
  return [...found, ...body.split('\n').map((text) => ({ text }))]
}

/**
 * A file's copy as a reader meets it, for tests that read it as text: each
 * frontmatter value on a line of its own (however YAML folds it), then the body.
 */
export const copyOf = (file: string, source?: string) =>
  passagesOf(file, source)
    .map((passage) => passage.text)
    .join('\n')

/** Frontmatter as data: objects, lists and values, for an edit by `editFields`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any file, as each test names it
export type Fields = Record<string, any>

/**
 * An edit of a file's frontmatter as data, blocks flat, for `withFile`:
 * `editFields((fields) => { fields.summary = 'Too short.' })`.
 */
export function editFields(change: (fields: Fields) => void): (source: string, file: string) => string {
  return (source, file) => {
    const { fields, body } = readFields(file, source)
    change(fields)
    // Blocks stay flat, as a developer may write them by hand: the schemas read both forms.
    return `---\n${dump(fields)}---\n${body}`
  }
}

export { readFields }
