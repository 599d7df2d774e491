import { config, fields, type Collection, type ComponentSchema } from '@keystatic/core'
import { markdownBody, objectOf, shapeOf, editorReference } from '#app/lib/content/editor/fields.tsx'
import { collectionSchemas } from '#app/lib/content/schemas.ts'
import type { CollectionName } from '#app/lib/site/registry.ts'

// The content editor, `npm run cms` (docs/editing.md): every folder of
// content/ as a collection, its fields derived from the schemas the build
// checks (app/lib/content/editor/fields.tsx), its files written in the
// checkout. Never part of the public build (astro.config.ts adds the editor
// only for `npm run cms`; docs/decisions/050-editing-in-keystatic.md).

const schemas = collectionSchemas(editorReference)

/** What each folder holds, as the editor lists it, the columns of its list, and where its pages are on the site. */
export const editorCollections: Record<CollectionName, { label: string; columns: string[]; pagePath?: string }> = {
  pages: { label: 'Pages', columns: ['title'] },
  services: { label: 'Services', columns: ['title'], pagePath: '/services/' },
  'case-studies': { label: 'Case studies', columns: ['title'], pagePath: '/case-studies/' },
  cities: { label: 'Cities', columns: ['title'], pagePath: '/locations/' },
  blog: { label: 'Articles', columns: ['title', 'date'], pagePath: '/blog/' },
  categories: { label: 'Blog categories', columns: ['heading'], pagePath: '/blog/category/' },
}

/**
 * The file's name, which is the page's address: not a field of the file
 * (the build reads it from the name), so it is checked as a slug only.
 */
export const SLUG_FIELD = 'slug'

/** The editor's fields of a collection: the file name, the frontmatter's fields from the schema, the body. */
export function editorSchema(name: CollectionName): Record<string, ComponentSchema> {
  return {
    [SLUG_FIELD]: fields.text({
      label: 'File name (the page address)',
      validation: {
        isRequired: true,
        pattern: {
          regex: /^[a-z0-9]+(?:[-/][a-z0-9]+)*$/,
          message: 'lower-case words joined by hyphens, such as local-seo-guide',
        },
      },
    }),
    ...shapeOf(objectOf(schemas[name])),
    body: markdownBody('Body'),
  }
}

function contentCollection(name: CollectionName): Collection<Record<string, ComponentSchema>, string> {
  const { label, columns, pagePath } = editorCollections[name]
  return {
    label,
    // pages/ holds folders of its own (industries/, resources/, book/).
    path: name === 'pages' ? `content/${name}/**` : `content/${name}/*`,
    slugField: SLUG_FIELD,
    format: { contentField: 'body' },
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
  },
})
