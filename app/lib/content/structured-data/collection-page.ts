// The JSON-LD of a page listing others, such as a blog topic's, built by its
// shell (app/pages/blog/category/[slug].astro); app/lib/site/seo.ts holds what every page shares.
import type { CollectionPage, ListItem } from 'schema-dts'
import { absoluteUrl } from '#app/lib/site/seo.ts'

/** A page that lists other pages of the site, such as a blog topic's articles. */
export function collectionPage(input: {
  path: string
  name: string
  description: string
  items: readonly { path: string; name: string }[]
}): CollectionPage {
  return {
    '@type': 'CollectionPage',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.path),
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: input.items.map((item, index): ListItem => ({
        '@type': 'ListItem',
        position: index + 1,
        url: absoluteUrl(item.path),
        name: item.name,
      })),
    },
  }
}
