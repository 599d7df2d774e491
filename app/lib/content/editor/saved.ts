import type { ComponentSchema } from '@keystatic/core'
import { globSync, readFileSync } from 'node:fs'
import { dump, load } from 'js-yaml'
import { editorCollections, editorSchema, type EditorCollectionName } from '../../../../keystatic.config.ts'
import { parseFrontmatter } from '../files.ts'
import { NO_VARIANT } from '../schemas.ts'
import { blockKeyOf } from './fields.tsx'

/**
 * A content file as the editor writes it when it is opened and saved with
 * nothing changed: each field read and written again by its own editor field
 * (app/lib/content/editor/fields.tsx), the frontmatter written by js-yaml's
 * `dump` with its defaults and framed by `---` lines, the body kept byte for
 * byte, as Keystatic's writer does (`serializeEntryToFiles`, @keystatic/core).
 *
 * Files are kept in this form (`npm run content:format`), so a save in the
 * editor changes the lines of the fields it changed and no other; the test
 * beside this file holds every file of content/ to it.
 */
export function savedByEditor(text: string, schema: Record<string, ComponentSchema>, slugField: string, format: 'md' | 'yaml' = 'md'): string {
  const rewritten = (data: Record<string, unknown>) =>
    dump(
      Object.fromEntries(
        Object.entries(schema)
          .filter(([name, field]) => name !== slugField && !(field.kind === 'form' && field.formKind === 'content'))
          .map(([name, field]) => [name, rewrite(field, data[name])] as const)
          .filter(([, value]) => value !== undefined),
      ),
    )
  // A data file (content/team/) is its fields alone.
  if (format === 'yaml') return rewritten((load(text) ?? {}) as Record<string, unknown>)
  const match = /^---(?:\r?\n([^]*?))?\r?\n---\r?\n?/.exec(text)
  if (!match) throw new Error('has no frontmatter between --- lines')
  const body = text.slice(match[0].length)
  return `---\n${rewritten((load(match[1] ?? '') ?? {}) as Record<string, unknown>)}---\n${body}`
}

/** The files of a folder of content/ that the editor opens: its Markdown files, or its YAML files. */
export function editorFiles(name: EditorCollectionName, root = 'content'): string[] {
  return editorCollections[name].format === 'md'
    ? globSync(`${root}/${name}/**/*.md`).sort()
    : globSync(`${root}/${name}/*.yaml`).sort()
}

/**
 * A block as the editor holds it, `{ discriminant, value }`; a flat one
 * written by hand (`{ type: 'faq', items }`, which the build reads too) is
 * taken apart first, so `npm run content:format` turns it into the editor's form.
 */
function asEditorBlock(field: ComponentSchema, value: unknown): { discriminant?: unknown; value?: unknown } {
  const key = blockKeyOf(field)
  if (value === null || typeof value !== 'object' || 'discriminant' in value || key === undefined || !(key in value)) {
    return (value ?? {}) as { discriminant?: unknown; value?: unknown }
  }
  const { [key]: discriminant, ...rest } = value as Record<string, unknown>
  return { discriminant, value: rest }
}

/** A value read and written again by its field, as Keystatic's `parseProps` and `serializeProps` do. */
function rewrite(field: ComponentSchema, value: unknown): unknown {
  switch (field.kind) {
    case 'form': {
      // A picture's path, as written when it was uploaded (beside the file, named after its field).
      if (field.formKind === 'asset') return value
      if (field.formKind !== undefined) throw new Error(`no ${field.formKind} field is written inside the frontmatter here`)
      return field.serialize(field.parse(value as never)).value
    }
    case 'object': {
      const object = (value ?? {}) as Record<string, unknown>
      return Object.fromEntries(
        Object.entries(field.fields)
          .map(([name, child]) => [name, rewrite(child, object[name])] as const)
          .filter(([, child]) => child !== undefined),
      )
    }
    case 'array':
      return ((value ?? []) as unknown[]).map((item) => rewrite(field.element, item) ?? null)
    case 'conditional': {
      const stored = asEditorBlock(field, value)
      const discriminant = field.discriminant.serialize(field.discriminant.parse(stored.discriminant as never)).value
      const inner = rewrite(field.values[String(discriminant)]!, stored.value)
      return inner === undefined ? { discriminant } : { discriminant, value: inner }
    }
    default:
      throw new Error(`no ${field.kind} field is used by the editor`)
  }
}

/**
 * Frontmatter with every block flat (`{ type: 'faq', items }`), as the
 * schemas read it: for code and tests that read a file's fields without
 * the schema (a file holds blocks as the editor writes them, `asEditorBlock`).
 */
export function flatFields(data: Record<string, unknown>, schema: Record<string, ComponentSchema>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [name, schema[name] ? flat(schema[name], value) : value]))
}

function flat(field: ComponentSchema, value: unknown): unknown {
  if (value === undefined || value === null) return value
  switch (field.kind) {
    case 'object':
      return flatFields(value as Record<string, unknown>, field.fields)
    case 'array':
      return (value as unknown[]).map((item) => flat(field.element, item))
    case 'conditional': {
      const key = blockKeyOf(field)
      const { discriminant, value: inner } = asEditorBlock(field, value)
      if (discriminant === NO_VARIANT) return undefined
      const kind = field.values[String(discriminant)]
      if (key === undefined || kind === undefined || kind.kind !== 'object') return key === undefined ? value : { [key]: discriminant }
      return { [key]: discriminant, ...flatFields((inner ?? {}) as Record<string, unknown>, kind.fields) }
    }
    default:
      return value
  }
}

/**
 * A file's frontmatter as the schemas read it, blocks flat (`{ type: 'faq', items }`),
 * and its body: `file` is its path from the project (`content/pages/home.md`).
 * A file of no collection (a test's own, `content/x.md`) is read as written.
 */
export function readFields(file: string, source = readFileSync(file, 'utf8')): { fields: Record<string, unknown>; body: string } {
  const collection = /^content\/([^/]+)\//.exec(file)?.[1]
  const { data, content } = parseFrontmatter(source)
  const fields = data as Record<string, unknown>
  const known = collection !== undefined && collection in editorCollections
  return { fields: known ? flatFields(fields, editorSchema(collection as EditorCollectionName)) : fields, body: content }
}
