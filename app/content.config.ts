import { defineCollection, reference, type SchemaContext } from 'astro:content'
import { contentLoader, dataLoader } from '#app/lib/content/loader.ts'
import { collectionSchemas, dataSchemas, type Reference } from '#app/lib/content/schemas.ts'

// Every folder of content/ is a collection: Astro's glob loader with the
// site's checks (app/lib/content/loader.ts), the schemas of
// app/lib/content/schemas.ts, references between collections made with
// Astro's reference() (docs/decisions/043-content-collections.md) and
// pictures with its image(), which hands them to the image pipeline.
const schemas = ({ image }: SchemaContext) => collectionSchemas(reference as Reference, image)

export const collections = {
  pages: defineCollection({ loader: contentLoader('pages'), schema: (context) => schemas(context).pages }),
  services: defineCollection({ loader: contentLoader('services'), schema: (context) => schemas(context).services }),
  'case-studies': defineCollection({
    loader: contentLoader('case-studies'),
    schema: (context) => schemas(context)['case-studies'],
  }),
  cities: defineCollection({ loader: contentLoader('cities'), schema: (context) => schemas(context).cities }),
  blog: defineCollection({ loader: contentLoader('blog'), schema: (context) => schemas(context).blog }),
  categories: defineCollection({
    loader: contentLoader('categories'),
    schema: (context) => schemas(context).categories,
  }),
  team: defineCollection({ loader: dataLoader('team'), schema: ({ image }) => dataSchemas(image).team }),
  testimonials: defineCollection({
    loader: dataLoader('testimonials'),
    schema: ({ image }) => dataSchemas(image).testimonials,
  }),
  clients: defineCollection({ loader: dataLoader('clients'), schema: ({ image }) => dataSchemas(image).clients }),
}
