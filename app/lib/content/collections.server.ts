import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { pages, type CollectionName, type PageEntry } from '#app/lib/registry.ts'
import { ContentError, contentFileOf, parseFrontmatter } from './files.ts'
import { MarkdownError, countWords, renderMarkdown } from './markdown.server.ts'
import { PlaceholderError, resolvePlaceholders, resolvePlaceholdersIn } from './placeholders.ts'
import {
  checkUniqueMetadata,
  requireCategoryFile,
  requireReadTime,
  requireSlugs,
  unregisteredFiles,
} from './references.server.ts'
import { articleSchema, caseStudySchema, categorySchema, citySchema, pageSchema, serviceSchema } from './schemas.ts'

/**
 * The content collections: for each folder of content/, the schema its files
 * follow and the checks that need more than one file. Declared once here;
 * a registry page names its collection (PageEntry.collection), and loading,
 * checking and the queries (queries.server.ts) all go through this table.
 *
 * content/ is read once per process. Any problem throws a ContentError naming
 * the file and the field; the build loads everything first, so a bad file
 * stops it.
 */

/** One parsed, checked content file. */
export interface Parsed<T> {
  entry: PageEntry
  file: string
  data: T
  /** The Markdown body as HTML ("" when the file has none). */
  html: string
  /** Words in the body, for read times. */
  words: number
}

interface Collection<S extends z.ZodType> {
  schema: S
  /** Checks that look beyond the file's own fields: other pages, word counts. Throw a ContentError. */
  check?(parsed: Parsed<z.output<S>>): void
}

function defineCollection<S extends z.ZodType>(collection: Collection<S>): Collection<S> {
  return collection
}

export const collections = {
  pages: defineCollection({ schema: pageSchema }),
  services: defineCollection({
    schema: serviceSchema,
    check: ({ file, data }) => requireSlugs(file, 'caseStudies', data.caseStudies, 'case-studies'),
  }),
  'case-studies': defineCollection({
    schema: caseStudySchema,
    check: ({ file, data }) => requireSlugs(file, 'services', data.services, 'services'),
  }),
  cities: defineCollection({
    schema: citySchema,
    check: ({ file, data }) => requireSlugs(file, 'services', data.services, 'services'),
  }),
  blog: defineCollection({ schema: articleSchema, check: requireReadTime }),
  categories: defineCollection({
    schema: categorySchema,
    check: (parsed) => {
      requireCategoryFile(parsed)
      if (parsed.data.service) requireSlugs(parsed.file, 'service', [parsed.data.service], 'services')
    },
  }),
} satisfies { [K in CollectionName]: Collection<z.ZodType> }

type Collections = typeof collections

/** Every page's parsed file, by collection and then by path. */
export type Content = {
  [K in CollectionName]: Map<string, Parsed<z.output<Collections[K]['schema']>>>
}

export function emptyContent(): Content {
  return {
    pages: new Map(),
    services: new Map(),
    'case-studies': new Map(),
    cities: new Map(),
    blog: new Map(),
    categories: new Map(),
  }
}

const root = path.resolve(process.cwd(), 'content')

function parseFile<S extends z.ZodType>(entry: PageEntry, schema: S, contentRoot: string): Parsed<z.output<S>> {
  const file = contentFileOf(entry)
  const target = path.join(contentRoot, '..', file)
  if (!existsSync(target)) throw new ContentError(`${file}: missing; the registry lists ${entry.path}`)
  let front: { data: unknown; content: string }
  try {
    front = parseFrontmatter(readFileSync(target, 'utf8'))
  } catch (error) {
    throw new ContentError(`${file}: frontmatter is not valid: ${(error as Error).message}`)
  }
  // Placeholders first, so lengths are checked on what the visitor reads.
  let data: unknown
  let body: string
  try {
    data = resolvePlaceholdersIn(front.data)
  } catch (error) {
    if (!(error instanceof PlaceholderError)) throw error
    throw new ContentError(`${file}: field "${error.field || '(frontmatter)'}": ${error.message}`)
  }
  try {
    body = resolvePlaceholders(front.content.trim())
  } catch (error) {
    if (!(error instanceof PlaceholderError)) throw error
    throw new ContentError(`${file}: field "body": ${error.message}`)
  }
  const result = schema.safeParse(data)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(frontmatter)'
      return `field "${field}": ${issue.message}`
    })
    throw new ContentError(`${file}: ${problems.join('; ')}`)
  }
  let html: string
  try {
    html = renderMarkdown(body)
  } catch (error) {
    if (!(error instanceof MarkdownError)) throw error
    throw new ContentError(`${file}: field "body": ${error.message}`)
  }
  return { entry, file, data: result.data, html, words: countWords(body) }
}

/** Parses and checks the file of one registry page into `content`. */
export function loadEntry(content: Content, entry: PageEntry, contentRoot = root) {
  // The table pairs each collection with its schema; TypeScript cannot follow
  // that pairing through a name known only at run time, hence the widening.
  const collection: Collection<z.ZodType> = collections[entry.collection]
  const parsed = parseFile(entry, collection.schema, contentRoot)
  collection.check?.(parsed)
  const map: Map<string, Parsed<unknown>> = content[entry.collection]
  map.set(entry.path, parsed)
}

/**
 * Parses and checks every content file, and reports every problem at once.
 * Files without a registry page, and registry pages without a file, are
 * problems too.
 */
export function loadContent(contentRoot = root): Content {
  const problems: string[] = unregisteredFiles(contentRoot)
  const attempt = (work: () => void) => {
    try {
      work()
    } catch (error) {
      if (!(error instanceof ContentError)) throw error
      problems.push(error.message)
    }
  }
  const content = emptyContent()
  for (const entry of pages) attempt(() => loadEntry(content, entry, contentRoot))
  if (problems.length === 0) attempt(() => checkUniqueMetadata(content))
  if (problems.length > 0) throw new ContentError(problems.join('\n'))
  return content
}

let cached: { content: Content; version: number } | undefined

/** The newest modification time of the files under `dir`, in ms. */
function newestChange(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const file = path.join(dir, entry.name)
    return Math.max(newest, entry.isDirectory() ? newestChange(file) : statSync(file).mtimeMs)
  }, 0)
}

/**
 * The site's content, loaded and checked on first use. Under `npm run dev` it
 * is read again once a file has changed (the dev server reloads the page,
 * app/lib/content/integration.ts); a build reads it once.
 */
export function content(): Content {
  const version = import.meta.env?.DEV ? newestChange(root) : 0
  if (!cached || cached.version !== version) cached = { content: loadContent(), version }
  return cached.content
}
