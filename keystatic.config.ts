import { config, fields, type Collection, type ComponentSchema } from '@keystatic/core'
import { editorImage, markdownBody, objectOf, shapeOf, editorReference } from '#app/lib/content/editor/fields.tsx'
import { collectionSchemas, dataSchemas, isDataCollection, type DataCollectionName } from '#app/lib/content/schemas.ts'
import type { CollectionName } from '#app/lib/site/registry.ts'

// The content editor, `npm run cms` (docs/editing.md): every folder of
// content/ as a collection, its fields derived from the schemas the build
// checks (app/lib/content/editor/fields.tsx), its files written in the
// checkout. Never part of the public build (astro.config.ts adds the editor
// only for `npm run cms`; docs/decisions/050-editing-in-keystatic.md).

/** A folder of content/ in the editor: the pages' Markdown files, or the YAML files of what pages draw from. */
export type EditorCollectionName = CollectionName | DataCollectionName

/** What each folder holds, as the editor lists it, the columns of its list, where its pages are on the site, and its files' format. */
export const editorCollections: Record<
  EditorCollectionName,
  { label: string; columns: string[]; pagePath?: string; format: 'md' | 'yaml' }
> = {
  pages: { label: 'Pages', columns: ['title'], format: 'md' },
  services: { label: 'Services', columns: ['title'], pagePath: '/services/', format: 'md' },
  'case-studies': { label: 'Case studies', columns: ['title'], pagePath: '/case-studies/', format: 'md' },
  cities: { label: 'Cities', columns: ['title'], pagePath: '/locations/', format: 'md' },
  blog: { label: 'Articles', columns: ['title', 'date'], pagePath: '/blog/', format: 'md' },
  categories: { label: 'Blog categories', columns: ['heading'], pagePath: '/blog/category/', format: 'md' },
  team: { label: 'Team', columns: ['name', 'role'], format: 'yaml' },
  testimonials: { label: 'Testimonials', columns: ['person', 'company'], format: 'yaml' },
  clients: { label: 'Clients', columns: ['name'], format: 'yaml' },
}

/**
 * The file's name, which is the page's address: not a field of the file
 * (the build reads it from the name), so it is checked as a slug only.
 */
export const SLUG_FIELD = 'slug'

/** The schema the build checks a collection's files with, as the editor reads it: pictures uploaded beside its files. */
export function schemaOf(name: EditorCollectionName) {
  const image = editorImage(`content/${name}`)
  return isDataCollection(name) ? dataSchemas(image)[name] : collectionSchemas(editorReference, image)[name]
}

/** The editor's fields of a collection: the file name, the fields from the schema, and the body of a Markdown file. */
export function editorSchema(name: EditorCollectionName): Record<string, ComponentSchema> {
  return {
    [SLUG_FIELD]: fields.text({
      label:
        editorCollections[name].format === 'yaml' ? 'File name (a name in lower case)' : 'File name (the page address)',
      validation: {
        isRequired: true,
        pattern: {
          regex: /^[a-z0-9]+(?:[-/][a-z0-9]+)*$/,
          message: 'lower-case words joined by hyphens, such as local-seo-guide',
        },
      },
    }),
    ...shapeOf(objectOf(schemaOf(name))),
    ...(editorCollections[name].format === 'md' ? { body: markdownBody('Body') } : {}),
  }
}

function contentCollection(name: EditorCollectionName): Collection<Record<string, ComponentSchema>, string> {
  const { label, columns, pagePath, format } = editorCollections[name]
  return {
    label,
    // pages/ holds folders of its own (industries/, resources/, book/).
    path: name === 'pages' ? `content/${name}/**` : `content/${name}/*`,
    slugField: SLUG_FIELD,
    format: format === 'md' ? { contentField: 'body' } : { data: 'yaml' },
    entryLayout: name === 'blog' ? 'content' : 'form',
    columns,
    // "Preview" opens the page as `npm run cms` renders it from the saved file.
    ...(pagePath ? { previewUrl: `${pagePath}{slug}` } : {}),
    schema: editorSchema(name),
  }
}

// GitHub mode for a team (docs/editing.md, "GitHub mode"): the repository, "owner/name", from .env;
// without it the editor writes the files of this checkout. Read through Vite in the editor, absent in tsx scripts.
const githubRepo = import.meta.env?.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined

export default config({
  storage: githubRepo ? { kind: 'github', repo: githubRepo } : { kind: 'local' },
  ui: { brand: { name: 'Northpeak content' } },
  collections: {
    pages: contentCollection('pages'),
    services: contentCollection('services'),
    'case-studies': contentCollection('case-studies'),
    cities: contentCollection('cities'),
    blog: contentCollection('blog'),
    categories: contentCollection('categories'),
    team: contentCollection('team'),
    testimonials: contentCollection('testimonials'),
    clients: contentCollection('clients'),
  },
})
