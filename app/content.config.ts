import { defineCollection, reference } from 'astro:content'
import { contentLoader } from '#app/lib/content/loader.ts'
import { collectionSchemas, type Reference } from '#app/lib/content/schemas.ts'

// Every folder of content/ is a collection: Astro's glob loader with the
// site's checks (app/lib/content/loader.ts), the schemas of
// app/lib/content/schemas.ts, and references between collections made with
// Astro's reference() (docs/decisions/043-content-collections.md).
const schemas = collectionSchemas(reference as Reference)

export const collections = {
  pages: defineCollection({ loader: contentLoader('pages'), schema: schemas.pages }),
  services: defineCollection({ loader: contentLoader('services'), schema: schemas.services }),
  'case-studies': defineCollection({ loader: contentLoader('case-studies'), schema: schemas['case-studies'] }),
  cities: defineCollection({ loader: contentLoader('cities'), schema: schemas.cities }),
  blog: defineCollection({ loader: contentLoader('blog'), schema: schemas.blog }),
  categories: defineCollection({ loader: contentLoader('categories'), schema: schemas.categories }),
}
