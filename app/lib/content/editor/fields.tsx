import { fields, type BasicFormField, type ComponentSchema, type ContentFormField } from '@keystatic/core'
import { Checkbox } from '@keystar/ui/checkbox'
import { NumberField } from '@keystar/ui/number-field'
import { TextArea, TextField } from '@keystar/ui/text-field'
import { Text } from '@keystar/ui/typography'
import { useState } from 'react'
import { z } from 'astro/zod'
import { resolvePlaceholdersIn } from '../placeholders.ts'
import { IMAGE_FILE, IMAGE_FILE_NAMES, NO_VARIANT, type ContentReference, type ImageField, type Referable, type Reference } from '../schemas.ts'

/**
 * The editor's fields (keystatic.config.ts), derived from the zod schemas the
 * build checks (app/lib/content/schemas.ts), so the two cannot disagree
 * (docs/decisions/050-editing-in-keystatic.md):
 *
 * - text and numbers are checked by their own schema as the marketer types:
 *   the editor shows the message the build would give, after resolving
 *   `{{placeholders}}`, as the build does before it checks lengths;
 * - a choice among names is a select, a yes-or-no a checkbox, another
 *   collection's file a relationship, a list an array of its items, a group
 *   of fields an object;
 * - a block of several kinds (a page section) is the select of its kind, then
 *   that kind's fields (`blockKinds`);
 * - what the form cannot show as fields yet (an optional group) is kept as it
 *   is in the file, and the form says so: saving never loses it.
 *
 * Labels come from the field names ("searchTitle" is "Search title").
 */

/** A Keystatic form field whose value is kept as it is in the file. */
type Kept = BasicFormField<{ stored: unknown }>

const references = new WeakMap<z.ZodType, Referable>()

/** Astro's `reference()` as the editor sees it: a file name of `collection`, remembered for the form. */
export const editorReference: Reference = <C extends Referable>(collection: C) => {
  const schema = z.string().transform((id): ContentReference<C> => ({ collection, id }))
  references.set(schema, collection)
  return schema
}

const images = new WeakMap<z.ZodType, string>()

/**
 * Astro's `image()` as the editor sees it: an upload, put in `directory`
 * beside the file it belongs to (`content/team/maya-okafor/photo.jpg`) and
 * named in it by its path from the file (`./maya-okafor/photo.jpg`), as
 * Astro reads it.
 */
export function editorImage(directory: string): ImageField {
  return () => {
    const schema = z.string()
    images.set(schema, directory)
    return schema
  }
}

/** Names that read better spelled out. */
const spelledOut: Record<string, string> = { cta: 'Call to action', faq: 'FAQ', href: 'Link' }

/** "searchTitle" → "Search title". */
export function labelOf(name: string): string {
  if (spelledOut[name]) return spelledOut[name]
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** What the schema says of a value, as the build reads it: the first problem's message, or undefined. */
function problemOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(resolvePlaceholdersIn(value))
  return result.success ? undefined : result.error.issues[0]?.message
}

class SchemaRefusal extends Error {
  override name = 'SchemaRefusal'
}

/** Throws the schema's message for a value it refuses (Keystatic refuses to save then). */
function checked<T>(schema: z.ZodType, value: T, label: string): T {
  const problem = problemOf(schema, value)
  if (problem !== undefined) throw new SchemaRefusal(`${label}: ${problem}`)
  return value
}

function TextInput(props: {
  label: string
  schema: z.ZodType
  optional: boolean
  multiline: boolean
  value: string
  onChange: (value: string) => void
  autoFocus: boolean
  forceValidation: boolean
}) {
  const [blurred, setBlurred] = useState(false)
  const Component = props.multiline ? TextArea : TextField
  const empty = props.optional && props.value === ''
  const message = (props.forceValidation || blurred) && !empty ? problemOf(props.schema, props.value) : undefined
  return (
    <Component
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      onBlur={() => setBlurred(true)}
      autoFocus={props.autoFocus}
      isRequired={!props.optional}
      errorMessage={message}
    />
  )
}

/** Text checked by its schema; an optional one left empty is not written. */
function textField(label: string, schema: z.ZodType, optional: boolean, maxLength: number): BasicFormField<string> {
  const multiline = maxLength > 120
  const validate = (value: string) => (optional && value === '' ? value : checked(schema, value, label))
  return {
    kind: 'form',
    label,
    Input: (props) => (
      <TextInput {...props} label={label} schema={schema} optional={optional} multiline={multiline} />
    ),
    defaultValue: () => '',
    parse: (value) => (value === undefined ? '' : String(value)),
    serialize: (value) => ({ value: optional && value === '' ? undefined : value }),
    validate,
    reader: { parse: (value) => validate(value === undefined ? '' : String(value)) },
  }
}

/** A number checked by its schema; an optional one left empty is not written. */
function numberField(label: string, schema: z.ZodType, optional: boolean, integer: boolean): BasicFormField<number | null> {
  const validate = (value: number | null) => (optional && value === null ? value : checked(schema, value, label))
  return {
    kind: 'form',
    label,
    Input: (props) => {
      const message = props.forceValidation && !(optional && props.value === null) ? problemOf(schema, props.value) : undefined
      return (
        <NumberField
          label={label}
          value={props.value ?? Number.NaN}
          onChange={(value) => props.onChange(Number.isNaN(value) ? null : value)}
          autoFocus={props.autoFocus}
          isRequired={!optional}
          step={integer ? 1 : undefined}
          errorMessage={message}
        />
      )
    },
    defaultValue: () => null,
    parse: (value) => (typeof value === 'number' ? value : null),
    serialize: (value) => ({ value: value ?? undefined }),
    validate,
    reader: { parse: (value) => validate(typeof value === 'number' ? value : null) },
  }
}

/** An optional group as the form holds it: whether the file has it, and its fields' text. */
interface Group {
  included: boolean
  values: Record<string, string>
}

const groups = new WeakMap<ComponentSchema, string[]>()

/** The fields of an optional group field (`optionalGroup`), for the test that holds the editor to the schema. */
export const groupFieldsOf = (field: ComponentSchema) => groups.get(field)

/**
 * A group of text fields that a file may leave out (a card's link, a second
 * button, a case study's quote): a checkbox that includes it, then its
 * fields, each checked by its schema. Left out, nothing is written.
 */
function optionalGroup(label: string, schema: z.ZodObject): ComponentSchema {
  const shape = schema.shape as Record<string, z.ZodType>
  const names = Object.keys(shape)
  const empty = () => Object.fromEntries(names.map((name) => [name, '']))
  const validate = (value: Group) => (value.included ? checked(schema, value.values, label) && value : value)
  const field: BasicFormField<Group> = {
    kind: 'form',
    label,
    Input: (props) => (
      <>
        <Checkbox isSelected={props.value.included} onChange={(included) => props.onChange({ ...props.value, included })}>
          {`${label}: include`}
        </Checkbox>
        {props.value.included
          ? names.map((name) => (
              <TextInput
                key={name}
                label={`${label}: ${labelOf(name).toLowerCase()}`}
                schema={shape[name]!}
                optional={false}
                multiline={(jsonSchemaOf(shape[name]!).maxLength ?? 0) > 120}
                value={props.value.values[name] ?? ''}
                onChange={(text) => props.onChange({ ...props.value, values: { ...props.value.values, [name]: text } })}
                autoFocus={false}
                forceValidation={props.forceValidation}
              />
            ))
          : null}
      </>
    ),
    defaultValue: () => ({ included: false, values: empty() }),
    parse: (value) =>
      value !== null && typeof value === 'object'
        ? { included: true, values: { ...empty(), ...(value as Record<string, string>) } }
        : { included: false, values: empty() },
    // In the schema's order, as the file holds it.
    serialize: (value) => ({ value: value.included ? Object.fromEntries(names.map((name) => [name, value.values[name] ?? ''])) : undefined }),
    validate,
    reader: { parse: (value) => field.parse(value) },
  }
  groups.set(field, names)
  return field
}

/** Whether every field of a group is text, which `optionalGroup` shows. */
const allText = (schema: z.ZodObject) =>
  Object.values(schema.shape as Record<string, z.ZodType>).every((child) => {
    const { inner, optional, reference } = unwrap(child)
    return !optional && !reference && inner.def.type === 'string'
  })

const kept = new WeakSet<ComponentSchema>()

/** Whether the form keeps this field's value as it is in the file. */
export const isKept = (field: ComponentSchema) => kept.has(field)

/** A value the form keeps as it is in the file, and says where it is edited. */
function keptField(label: string, why: string): Kept {
  const field: Kept = {
    kind: 'form',
    label,
    Input: () => (
      <Text>
        {label}: {why}
      </Text>
    ),
    defaultValue: () => ({ stored: undefined }),
    parse: (value) => ({ stored: value }),
    serialize: (value) => ({ value: value.stored as never }),
    validate: (value) => value,
    reader: { parse: (value) => ({ stored: value }) },
  }
  kept.add(field)
  return field
}

const KEPT_WHY = 'kept as it is in the file; it is edited in the code for now (docs/editing.md).'

/** The schema under `.optional()`, `.default()` and a transform, and whether a file may leave it out. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; reference?: Referable; images?: string } {
  let inner = schema
  let optional = false
  for (;;) {
    const reference = references.get(inner)
    if (reference) return { inner, optional, reference }
    const directory = images.get(inner)
    if (directory) return { inner, optional, images: directory }
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) {
      optional = true
      inner = inner.def.innerType as z.ZodType
    } else if (inner instanceof z.ZodPipe) {
      // A transform after the value (Markdown rendered, a reference resolved) or before it (blocks
      // read from the editor's form, schemas.ts `variants`): the field is the value as the file holds it.
      inner = (inner.in instanceof z.ZodTransform ? inner.out : inner.in) as z.ZodType
    } else return { inner, optional }
  }
}

/** The JSON Schema of a value, as a file holds it (the input side of transforms). */
const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    type?: string
    enum?: string[]
    maxLength?: number
    minItems?: number
    maxItems?: number
    anyOf?: { const?: unknown }[]
  }

/** The editor's field for one schema field. */
export function fieldOf(name: string, schema: z.ZodType): ComponentSchema {
  const label = labelOf(name)
  const { inner, optional, reference, images: directory } = unwrap(schema)
  if (reference) {
    return fields.relationship({ label, collection: reference, validation: { isRequired: !optional } })
  }
  if (directory) {
    const image = fields.image({
      label,
      description: `A ${IMAGE_FILE_NAMES} file.`,
      directory,
      publicPath: './',
      validation: { isRequired: !optional },
    })
    return {
      ...image,
      validate: (value: ReturnType<typeof image.validate>) => {
        if (value && !IMAGE_FILE.test(`.${value.extension}`)) throw new SchemaRefusal(`${label}: is a picture: a ${IMAGE_FILE_NAMES} file`)
        return image.validate(value)
      },
    }
  }
  const json = jsonSchemaOf(inner)
  switch (inner.def.type) {
    case 'string':
      return textField(label, schema, optional, json.maxLength ?? Infinity)
    case 'number':
      return numberField(label, schema, optional, json.type === 'integer')
    case 'boolean':
      return optionalCheckbox(label, optional)
    case 'enum':
      return choice(label, json.enum ?? [], optional)
    case 'union': {
      if (inner instanceof z.ZodDiscriminatedUnion) return blockKinds(label, inner, optional)
      const values = (json.anyOf ?? []).map((option) => option.const)
      if (values.length > 0 && values.every((value) => typeof value === 'number')) return numberChoice(label, values as number[])
      return keptField(label, KEPT_WHY)
    }
    case 'array':
    case 'tuple': {
      const items = inner instanceof z.ZodArray ? inner.element : inner instanceof z.ZodTuple ? inner.def.items[0] : undefined
      if (!items) return keptField(label, KEPT_WHY)
      return fields.array(fieldOf(singular(name), items as z.ZodType), {
        label,
        itemLabel: (props) => itemLabelOf(props),
        validation: { length: { min: json.minItems ?? 0, max: json.maxItems ?? Infinity } },
      })
    }
    case 'object': {
      if (!(inner instanceof z.ZodObject)) return keptField(label, KEPT_WHY)
      if (optional) return allText(inner) ? optionalGroup(label, inner) : keptField(label, KEPT_WHY)
      return fields.object(shapeOf(inner), { label })
    }
    default:
      return keptField(label, KEPT_WHY)
  }
}

/** A yes-or-no; an optional one left clear is not written, as files leave it out. */
function optionalCheckbox(label: string, optional: boolean): ComponentSchema {
  const checkbox = fields.checkbox({ label })
  if (!optional) return checkbox
  return { ...checkbox, serialize: (value: boolean) => ({ value: value ? true : undefined }) }
}

/**
 * A block of one of several kinds (a page section, a service's sample): a
 * select of its kind, then the fields of that kind. Keystatic writes it as
 * `{ discriminant, value }`, which the schema reads as the flat block
 * (schemas.ts `variants`); one that may be left out offers the kind "none".
 */
function blockKinds(label: string, union: z.ZodDiscriminatedUnion, optional: boolean): ComponentSchema {
  const key = union.def.discriminator
  const kinds = Object.fromEntries(
    union.options.map((option) => {
      const { [key]: kind, ...fieldsOfKind } = (option as z.ZodObject).shape
      const name = String((kind as z.ZodLiteral).value)
      const shape = Object.fromEntries(Object.entries(fieldsOfKind).map(([field, schema]) => [field, fieldOf(field, schema as z.ZodType)]))
      return [name, Object.keys(shape).length > 0 ? fields.object(shape) : fields.empty()]
    }),
  )
  const names = Object.keys(kinds)
  const options = [...(optional ? [{ label: 'None', value: NO_VARIANT }] : []), ...names.map((name) => ({ label: labelOf(name), value: name }))]
  const field = fields.conditional(fields.select({ label: `${label}: kind`, options, defaultValue: options[0]?.value ?? '' }), {
    ...(optional ? { [NO_VARIANT]: fields.empty() } : {}),
    ...kinds,
  })
  blockKeys.set(field, key)
  return field
}

const blockKeys = new WeakMap<ComponentSchema, string>()

/** The name that tells a flat block's kind ("type" of a page section), for a block field. */
export const blockKeyOf = (field: ComponentSchema) => blockKeys.get(field)

/** One of a few names, as a select; an optional one offers "None", which is not written. */
function choice(label: string, values: string[], optional: boolean): ComponentSchema {
  const options = values.map((value) => ({ label: value, value }))
  if (!optional) return fields.select({ label, options, defaultValue: values[0] ?? '' })
  const select = fields.select({ label, options: [{ label: 'None', value: '' }, ...options], defaultValue: '' })
  return {
    ...select,
    parse: (value: unknown) => select.parse(typeof value === 'string' ? value : ''),
    serialize: (value: string) => ({ value: value === '' ? undefined : value }),
  }
}

/** One of a few numbers (a grid's columns), as a select. */
function numberChoice(label: string, values: number[]): ComponentSchema {
  const select = fields.select({
    label,
    options: values.map((value) => ({ label: String(value), value: String(value) })),
    defaultValue: String(values.at(-1)),
  })
  return {
    ...select,
    parse: (value: unknown) => select.parse(value === undefined ? undefined : String(value)),
    serialize: (value: string) => ({ value: Number(value) }),
  }
}

/** "keywords" → "keyword", for the label of one item. */
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '')

/** An item's label in a list: its text, the first text of its fields (an FAQ's question), or a block's kind and first text. */
function itemLabelOf(props: object): string {
  // A block: its kind, then its first text ("Stats: What you can expect from us").
  if ('discriminant' in props && 'value' in props && props.value && typeof props.value === 'object') {
    const first = itemLabelOf(props.value)
    return first === 'Item' ? labelOf(String(props.discriminant)) : `${labelOf(String(props.discriminant))}: ${first}`
  }
  if ('value' in props && (typeof props.value === 'string' || typeof props.value === 'number')) return String(props.value)
  if ('fields' in props && props.fields && typeof props.fields === 'object') {
    for (const child of Object.values(props.fields as Record<string, object>)) {
      if ('value' in child && typeof child.value === 'string' && child.value !== '') return child.value
    }
  }
  return 'Item'
}

/** The editor's fields of an object schema, in the schema's order. */
export function shapeOf(schema: z.ZodObject): Record<string, ComponentSchema> {
  return Object.fromEntries(Object.entries(schema.shape).map(([name, field]) => [name, fieldOf(name, field as z.ZodType)]))
}

/** The object under a collection's schema (its refinements are the build's). */
export function objectOf(schema: z.ZodType): z.ZodObject {
  let inner = schema
  while (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType
  if (!(inner instanceof z.ZodObject)) throw new Error(`A collection's schema is an object, not ${inner.def.type}`)
  return inner
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * The body of a content file: its Markdown as written, edited as text and
 * saved byte for byte (Keystatic's rich-text fields would rewrite tables and
 * `{{placeholders}}`; the site's Markdown is checked by the build,
 * app/lib/content/markdown.ts).
 */
export function markdownBody(label: string): ContentFormField<{ source: string }, { source: string }, string> {
  return {
    kind: 'form',
    formKind: 'content',
    contentExtension: '.md',
    Input: (props) => (
      <TextArea
        label={label}
        description="Markdown: ## for a heading, **bold**, [text](/page) for a link, | for a table (docs/editing.md)."
        value={props.value.source}
        onChange={(source) => props.onChange({ source })}
        autoFocus={props.autoFocus}
        height="scale.6000"
      />
    ),
    defaultValue: () => ({ source: '' }),
    parse: (_value, { content }) => ({ source: content ? decoder.decode(content) : '' }),
    serialize: (value) => ({ value: undefined, content: encoder.encode(value.source), other: new Map(), external: new Map() }),
    validate: (value) => value,
    reader: { parse: (_value, { content }) => (content ? decoder.decode(content) : '') },
  }
}
