// The site's social cards, from the same content fields the pages' meta()
// gives seo(): each page's title, and an article's category.
// Build settings must be defined first (defineBuildGlobals): the content reads the site config.
import { readFileSync } from 'node:fs'
import { content } from '#app/lib/content/collections.server.ts'
import { page } from '#app/lib/registry.ts'
import { site } from '#app/lib/site.ts'
import { socialCard, socialCardPages, type SocialCard } from '#app/lib/social-card.ts'
import type { Brand } from './template.tsx'

export function siteCards(): SocialCard[] {
  const all = content()
  return socialCardPages.map((path) => {
    const entry = page(path)
    const parsed = (all[entry.collection] as Map<string, { data: { title: string; category?: string } }>).get(path)
    if (!parsed) throw new Error(`No content for the social card of ${path}`)
    const card = socialCard({ path, title: parsed.data.title, category: parsed.data.category })
    if (!card) throw new Error(`${path} is listed for a social card but has none`)
    return card
  })
}

export function siteBrand(): Brand {
  return { name: site.name, tagline: site.tagline, logoSvg: readFileSync('public/favicon.svg', 'utf8') }
}
