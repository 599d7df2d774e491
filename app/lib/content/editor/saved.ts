import type { ComponentSchema } from '@keystatic/core'
import { dump, load } from 'js-yaml'

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
export function savedByEditor(text: string, schema: Record<string, ComponentSchema>, slugField: string): string {
  const match = /^---(?:\r?\n([^]*?))?\r?\n---\r?\n?/.exec(text)
  if (!match) throw new Error('has no frontmatter between --- lines')
  const data = (load(match[1] ?? '') ?? {}) as Record<string, unknown>
  const body = text.slice(match[0].length)
  const written = Object.fromEntries(
    Object.entries(schema)
      .filter(([name, field]) => name !== slugField && !(field.kind === 'form' && field.formKind === 'content'))
      .map(([name, field]) => [name, rewrite(field, data[name])] as const)
      .filter(([, value]) => value !== undefined),
  )
  return `---\n${dump(written)}---\n${body}`
}

/** A value read and written again by its field, as Keystatic's `parseProps` and `serializeProps` do. */
function rewrite(field: ComponentSchema, value: unknown): unknown {
  switch (field.kind) {
    case 'form': {
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
    default:
      throw new Error(`no ${field.kind} field is used by the editor`)
  }
}
