import type { BasicFormField, ComponentSchema } from '@keystatic/core'
import { z } from 'astro/zod'
import { describe, expect, test } from 'vitest'
import { editorCollections, editorSchema, schemaOf, SLUG_FIELD } from '../../../../keystatic.config.ts'
import { collectionSchemas, NO_VARIANT } from '../schemas.ts'
import { editorReference, fieldOf, groupFieldsOf, isKept, labelOf, objectOf } from './fields.tsx'

// The editor's fields are the schemas' fields, one for one
// (docs/decisions/050-editing-in-keystatic.md): a field added to a schema
// appears in the editor, and the editor has nothing the build does not read.

const schemas = collectionSchemas(editorReference)
const collections = Object.keys(editorCollections) as (keyof typeof editorCollections)[]

/** The schema under optional, default and transforms. */
function bare(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return bare(schema.def.innerType as z.ZodType)
  if (schema instanceof z.ZodPipe) return bare((schema.in instanceof z.ZodTransform ? schema.out : schema.in) as z.ZodType)
  return schema
}

/** The schema of one item of a list. */
const itemOf = (schema: z.ZodType) => (bare(schema) as z.ZodArray<z.ZodType>).element

/** Every field's path in a schema, down through groups and lists ("cta.secondary", "keywords[]"). */
function schemaPaths(schema: z.ZodType, prefix = ''): string[] {
  const inner = bare(schema)
  if (inner instanceof z.ZodObject) {
    return Object.entries(inner.shape).flatMap(([name, child]) => {
      const path = prefix ? `${prefix}.${name}` : name
      return [path, ...schemaPaths(child as z.ZodType, path)]
    })
  }
  if (inner instanceof z.ZodArray) return schemaPaths(inner.element as z.ZodType, `${prefix}[]`)
  if (inner instanceof z.ZodDiscriminatedUnion) {
    // Each kind of block, its fields but the one that names the kind: "sections[]<faq>.items".
    const key = inner.def.discriminator
    return inner.options.flatMap((option) => {
      const { [key]: kind, ...rest } = (option as z.ZodObject).shape
      return schemaPaths(z.strictObject(rest), `${prefix}<${String((kind as z.ZodLiteral).value)}>`)
    })
  }
  return []
}

/** Every field's path in the editor, down through objects and arrays; a kept value has none below it. */
function editorPaths(field: ComponentSchema, prefix = ''): string[] {
  if (field.kind === 'object') {
    return Object.entries(field.fields).flatMap(([name, child]) => {
      const path = prefix ? `${prefix}.${name}` : name
      return [path, ...editorPaths(child, path)]
    })
  }
  // An optional group of text fields: one form field, which edits each of them.
  const group = groupFieldsOf(field)
  if (group) return group.map((name) => `${prefix}.${name}`)
  if (field.kind === 'array') return editorPaths(field.element, `${prefix}[]`)
  if (field.kind === 'conditional') {
    return Object.entries(field.values).flatMap(([kind, value]) => (kind === NO_VARIANT ? [] : editorPaths(value, `${prefix}<${kind}>`)))
  }
  return []
}

/** The paths under values the editor keeps as they are (a list of many kinds, an optional group). */
function keptPaths(field: ComponentSchema, schema: z.ZodType, prefix = ''): string[] {
  if (field.kind === 'object') {
    const shape = (bare(schema) as z.ZodObject).shape
    return Object.entries(field.fields).flatMap(([name, child]) =>
      keptPaths(child, shape[name] as z.ZodType, prefix ? `${prefix}.${name}` : name),
    )
  }
  if (field.kind === 'array') return keptPaths(field.element, itemOf(schema), `${prefix}[]`)
  if (field.kind === 'conditional') {
    const union = bare(schema) as z.ZodDiscriminatedUnion
    const key = union.def.discriminator
    return union.options.flatMap((option) => {
      const { [key]: kind, ...rest } = (option as z.ZodObject).shape
      const name = String((kind as z.ZodLiteral).value)
      return keptPaths(field.values[name]!, z.strictObject(rest), `${prefix}<${name}>`)
    })
  }
  if (isKept(field)) return [prefix]
  return []
}

describe.each(collections)('%s', (name) => {
  const schema = objectOf(schemaOf(name))
  const editor = editorSchema(name)
  const { [SLUG_FIELD]: slug, body, ...frontmatter } = editor
  const root: ComponentSchema = { kind: 'object', fields: frontmatter } as ComponentSchema

  test('the file name and the body of a Markdown file are the fields that are not frontmatter', () => {
    expect(slug?.kind).toBe('form')
    if (editorCollections[name].format === 'md') {
      expect(body).toMatchObject({ kind: 'form', formKind: 'content', contentExtension: '.md' })
    } else expect(body).toBeUndefined()
    expect(Object.keys(schema.shape)).not.toContain(SLUG_FIELD)
    expect(Object.keys(schema.shape)).not.toContain('body')
  })

  test('every schema field has an editor field, and every editor field a schema field', () => {
    const kept = keptPaths(root, schema)
    const underKept = (path: string) => kept.some((keptPath) => path.startsWith(`${keptPath}.`) || path.startsWith(`${keptPath}[]`))
    expect(editorPaths(root)).toEqual(schemaPaths(schema).filter((path) => !underKept(path)))
  })

  test('no value is kept out of the form: every field of the schema is a field the marketer can edit', () => {
    expect(keptPaths(root, schema)).toEqual([])
  })
})

test('labels are the field names in words', () => {
  expect(labelOf('searchTitle')).toBe('Search title')
  expect(labelOf('readTime')).toBe('Read time')
  expect(labelOf('cta')).toBe('Call to action')
})

describe('a value the schema refuses is refused with the schema’s own message', () => {
  const fields = editorSchema('blog')
  const description = fields.description as BasicFormField<string>

  test('a description over 165 characters', () => {
    const long = 'A description that goes on. '.repeat(7)
    const built = z.strictObject({ description: objectOf(schemas.blog).shape.description }).safeParse({ description: long })
    const message = built.error?.issues[0]?.message
    expect(message).toMatch(/165/)
    expect(() => description.validate(long)).toThrow(`Description: ${message}`)
  })

  test('Markdown in a plain-text field', () => {
    const withLink = 'See [our pricing](/pricing) for what each plan includes and costs, month by month, with no setup fee.'
    expect(() => description.validate(withLink)).toThrow(/plain text/)
  })

  test('what the schema accepts passes', () => {
    const fine = 'Rank in the map pack and local results: set up Google Business Profile, earn reviews and build local pages.'
    expect(description.validate(fine)).toBe(fine)
  })

  test('a number out of range', () => {
    const readTime = fieldOf('readTime', objectOf(schemas.blog).shape.readTime as z.ZodType) as BasicFormField<number | null>
    expect(() => readTime.validate(31)).toThrow(/Read time: .*30/)
  })
})

describe('a picture is an upload kept beside the file, named by its path from it, as Astro reads it', () => {
  test.each([
    ['team', 'photo'],
    ['case-studies', 'media'],
  ] as const)('%s: %s', (name, field) => {
    const found = editorSchema(name)[field]!
    const image = found.kind === 'array' && found.element.kind === 'object' ? found.element.fields.image : found
    expect(image).toMatchObject({ kind: 'form', formKind: 'asset', directory: `content/${name}` })
    // Keystatic names an upload after the entry and the field: ./<slug>/photo.jpg beside <slug>.yaml.
    const asset = image as Extract<ComponentSchema, { formKind: 'asset' }>
    const saved = asset.serialize({ data: new Uint8Array([1]), extension: 'jpg', filename: 'x.jpg' }, { slug: 'maya-okafor', suggestedFilenamePrefix: 'photo' })
    expect(saved.value).toBe('./maya-okafor/photo.jpg')
  })

  test('a file of another kind is refused with the build’s message', () => {
    const photo = editorSchema('team').photo as Extract<ComponentSchema, { formKind: 'asset' }>
    expect(() => photo.validate({ data: new Uint8Array([1]), extension: 'gif', filename: 'photo.gif' })).toThrow(
      'Photo: is a picture: a .png, .jpg, .webp or .avif file',
    )
    expect(photo.validate({ data: new Uint8Array([1]), extension: 'jpg', filename: 'photo.jpg' })).toBeTruthy()
  })
})

describe('an optional group of text fields (a card’s link, a second button, a quote)', () => {
  const field = (editorSchema('blog').cta as Extract<ComponentSchema, { kind: 'object' }>).fields.secondary as BasicFormField<{
    included: boolean
    values: Record<string, string>
  }>

  test('is read from the file and written back as it was, and left out when not included', () => {
    const link = { label: 'Get a free marketing audit', href: '/contact?topic=audit' }
    expect(field.serialize(field.parse(link)).value).toEqual(link)
    expect(field.parse(undefined)).toEqual({ included: false, values: { label: '', href: '' } })
    expect(field.serialize({ included: false, values: link }).value).toBeUndefined()
  })

  test('included, its fields are checked by their schemas, with the build’s message', () => {
    expect(() => field.validate({ included: true, values: { label: '', href: '/contact' } })).toThrow(/^Secondary: Too small/)
    expect(() => field.validate({ included: true, values: { label: 'Read more', href: '/no-such-page' } })).toThrow(/^Secondary: /)
    expect(field.validate({ included: true, values: { label: 'Read more', href: '/pricing' } })).toBeTruthy()
    // Left out, whatever was typed is not checked: it is not written.
    expect(field.validate({ included: false, values: { label: '', href: '' } })).toBeTruthy()
  })
})
