import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ContentEntryType } from 'astro'
import type { z } from 'astro/zod'
import { glob, type Loader, type LoaderContext } from 'astro/loaders'
import { categorySlug } from '#app/lib/content/categories.ts'
import { contentIdOf, pages, type CollectionName } from '#app/lib/site/registry.ts'
import { countWords, MarkdownError, renderMarkdown } from './markdown.ts'
import { PlaceholderError, resolvePlaceholders, resolvePlaceholdersIn } from './placeholders.ts'
import {
  checkedImage,
  collectionSchemas,
  dataSchemas,
  registryReference,
  type ContentReference,
  type DataCollectionName,
  type ImageField,
} from './schemas.ts'

/**
 * The loader of every collection (app/content.config.ts): Astro's `glob`
 * loader over `content/<collection>/**\/*.md`, with the checks that make a
 * bad file stop the build naming the file and the field
 * (docs/decisions/043-content-collections.md):
 *
 * - placeholders resolved before anything is checked, so lengths apply to
 *   what the visitor reads (./placeholders.ts);
 * - the schema, with the messages of app/lib/content/schemas.ts;
 * - the body's Markdown (./markdown.ts), which Astro's pipeline would only log;
 * - a read time the body bears out, a category page in its category's file;
 * - the registry against the files, and titles and descriptions unique
 *   across collections.
 */

/** A problem in a content file; its message names the file and the field. */
export class ContentError extends Error {
  override name = 'ContentError'
}

/** Minimum words of body per minute of an article's stated read time. */
export const WORDS_PER_MINUTE = 150

/** One file as the build reads it: placeholders resolved, fields and body checked. */
export interface CheckedEntry {
  file: string
  /** The frontmatter with its placeholders resolved, as Astro's schema parses it next. */
  data: Record<string, unknown>
  /** What the schema made of it (Markdown fields rendered, references resolved to ids). */
  parsed: Record<string, unknown>
  body: string
  words: number
}

const fieldProblem = (file: string, field: string, message: string) =>
  new ContentError(`${file}: field "${field || '(frontmatter)'}": ${message}`)

/**
 * Pictures named by their path from a file in `folder`: a picture's format
 * (`checkedImage`), and the file itself there, which Astro's `image()` would
 * otherwise only miss when the page is built.
 */
function imagesIn(folder: string): ImageField {
  return () =>
    checkedImage().refine((picture) => existsSync(path.join(folder, String(picture))), {
      error: (issue) => `names ${String(issue.input)}, and there is no such picture beside the file`,
    })
}

const schemasByFolder = new Map<string, { pages: ReturnType<typeof collectionSchemas>; data: ReturnType<typeof dataSchemas> }>()

/** The schemas a file in `folder` is checked with: references against the registry, pictures beside the file. */
function schemasIn(folder: string) {
  let found = schemasByFolder.get(folder)
  if (!found) {
    found = { pages: collectionSchemas(registryReference, imagesIn(folder)), data: dataSchemas(imagesIn(folder)) }
    schemasByFolder.set(folder, found)
  }
  return found
}

/** A schema's verdict on a file's fields: the parsed value, or a ContentError naming the file and each field at fault. */
function parsedBy(schema: z.ZodType, file: string, data: unknown): Record<string, unknown> {
  const result = schema.safeParse(data)
  if (result.success) return result.data as Record<string, unknown>
  const problems = result.error.issues.map((issue) => `field "${issue.path.join('.') || '(frontmatter)'}": ${issue.message}`)
  throw new ContentError(`${file}: ${problems.join('; ')}`)
}

/** Checks one file of `collection`; throws a ContentError naming the file and each field at fault. */
export function checkEntry(collection: CollectionName, id: string, raw: unknown, source: string, root = '.'): CheckedEntry {
  const file = `content/${collection}/${id}.md`
  // An article or a case study is a page by its file (app/lib/site/article-files.ts, case-study-files.ts);
  // an article not yet published is checked all the same.
  if (collection !== 'blog' && collection !== 'case-studies' && !pages.some((entry) => entry.collection === collection && contentIdOf(entry) === id)) {
    throw new ContentError(`${file}: no page of the registry (app/lib/site/registry.ts) uses this file`)
  }
  let data: Record<string, unknown>
  let body: string
  try {
    data = resolvePlaceholdersIn(raw ?? {}) as Record<string, unknown>
    body = resolvePlaceholders(source.trim())
  } catch (error) {
    if (!(error instanceof PlaceholderError)) throw error
    throw fieldProblem(file, error.field ?? 'body', error.message)
  }
  const parsed = parsedBy(schemasIn(path.dirname(path.join(root, file))).pages[collection], file, data)
  try {
    renderMarkdown(body)
  } catch (error) {
    if (!(error instanceof MarkdownError)) throw error
    throw fieldProblem(file, 'body', error.message)
  }
  const words = countWords(body)
  const author = parsed.author as ContentReference<'team'> | undefined
  if (author && !existsSync(path.join(root, dataFileOf('team', author.id)))) {
    throw fieldProblem(file, 'author', `"${author.id}" is not a member of the team: there is no ${dataFileOf('team', author.id)}`)
  }
  if (collection === 'blog') {
    const needed = Number(parsed.readTime) * WORDS_PER_MINUTE
    if (words < needed) {
      throw fieldProblem(file, 'readTime', `${String(parsed.readTime)} min needs at least ${needed} words of body, it has ${words}`)
    }
  }
  if (collection === 'categories' && categorySlug(String(parsed.topic)) !== id) {
    const topic = String(parsed.topic)
    throw fieldProblem(file, 'topic', `"${topic}" belongs in ${categorySlug(topic)}.md, not in this file`)
  }
  return { file, data, parsed, body, words }
}

/** Each page of the registry needs its file (and each file its page: `checkEntry`). */
export function checkRegistry(collection: CollectionName, ids: readonly string[]) {
  const missing = pages
    .filter((entry) => entry.collection === collection && !ids.includes(contentIdOf(entry)))
    .map((entry) => `content/${collection}/${contentIdOf(entry)}.md: missing; the registry lists ${entry.path}`)
  if (missing.length > 0) throw new ContentError(missing.join('\n'))
}

/** What search engines show of a page, which must differ from page to page. */
export interface Metadata {
  file: string
  title: string
  description: string
}

/** Titles and descriptions must differ from page to page: search engines show them side by side. */
export function checkUniqueMetadata(all: readonly Metadata[]) {
  const seen = new Map<string, string>()
  for (const { file, ...fields } of all) {
    for (const [field, value] of Object.entries(fields)) {
      const key = `${field}:${value.toLowerCase()}`
      const other = seen.get(key)
      if (other) throw new ContentError(`${file}: field "${field}" repeats the one in ${other}; every page needs its own`)
      seen.set(key, file)
    }
  }
}

// Each collection's metadata as last loaded: the collections load side by
// side, and whichever finishes second sees a title the two share.
const metadata = new Map<CollectionName, Metadata[]>()

export function contentLoader(collection: CollectionName): Loader {
  const base = `content/${collection}`
  const inner = glob({ base, pattern: '**/*.md', generateId: ({ entry }) => entry.replace(/\.md$/, '') })
  return {
    name: 'northpeak-content',
    async load(loaderContext) {
      // Astro hands loaders its entry types (how a .md file is split and
      // rendered) without declaring them; glob() reads them from here.
      const context = loaderContext as LoaderContext & { entryTypes: Map<string, ContentEntryType> }
      const root = fileURLToPath(new URL(`${base}/`, context.config.root))
      const markdown = context.entryTypes.get('.md')
      if (!markdown) throw new Error('Astro has no entry type for .md files')
      const checked = {
        ...markdown,
        async getEntryInfo(params: Parameters<ContentEntryType['getEntryInfo']>[0]) {
          const info = await markdown.getEntryInfo(params)
          const id = path.relative(root, fileURLToPath(params.fileUrl)).replace(/\.md$/, '').split(path.sep).join('/')
          const entry = checkEntry(collection, id, info.data, info.body, fileURLToPath(context.config.root))
          return { ...info, data: entry.data, body: entry.body }
        },
      }
      await inner.load({ ...context, entryTypes: new Map(context.entryTypes).set('.md', checked) } as LoaderContext)
      const entries = context.store.values()
      checkRegistry(
        collection,
        entries.map((entry) => entry.id),
      )
      metadata.set(
        collection,
        entries.map(({ id, data }) => ({ file: `${base}/${id}.md`, title: String(data.title), description: String(data.description) })),
      )
      checkUniqueMetadata([...metadata.values()].flat())
    },
  }
}

/** The file of a data collection's entry. */
export const dataFileOf = (collection: DataCollectionName, id: string) => `content/${collection}/${id}.yaml`

/** Checks one file of a data collection (content/team/<slug>.yaml); throws a ContentError naming the file and each field at fault. */
export function checkData(collection: DataCollectionName, id: string, raw: unknown, root = '.'): Record<string, unknown> {
  const file = dataFileOf(collection, id)
  return parsedBy(schemasIn(path.dirname(path.join(root, file))).data[collection], file, raw ?? {})
}

/**
 * The loader of a data collection (app/content.config.ts): Astro's `glob`
 * loader over `content/<collection>/*.yaml`, each file checked first so a bad
 * one stops the build naming the file and the field. Pictures beside the
 * files (`<slug>/photo.jpg`, where the editor puts uploads) are not entries.
 */
export function dataLoader(collection: DataCollectionName): Loader {
  const base = `content/${collection}`
  const inner = glob({ base, pattern: '*.yaml', generateId: ({ entry }) => entry.replace(/\.yaml$/, '') })
  return {
    name: 'northpeak-data',
    async load(loaderContext) {
      const context = loaderContext as LoaderContext & { entryTypes: Map<string, ContentEntryType> }
      const project = fileURLToPath(context.config.root)
      const yaml = context.entryTypes.get('.yaml')
      if (!yaml) throw new Error('Astro has no entry type for .yaml files')
      const checked = {
        ...yaml,
        async getEntryInfo(params: Parameters<ContentEntryType['getEntryInfo']>[0]) {
          const info = await yaml.getEntryInfo(params)
          checkData(collection, path.basename(fileURLToPath(params.fileUrl), '.yaml'), info.data, project)
          return info
        },
      }
      await inner.load({ ...context, entryTypes: new Map(context.entryTypes).set('.yaml', checked) } as LoaderContext)
    },
  }
}
