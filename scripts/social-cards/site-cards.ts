// The site's social cards, from the same content fields the pages' meta()
// gives seo(): each page's title, and an article's category.
// Build settings must be defined first (defineBuildGlobals): the content reads the site config.
import { readFileSync } from 'node:fs'
import { contentFileOf, parseFrontmatter } from '#app/lib/content/files.ts'
import { resolvePlaceholdersIn } from '#app/lib/content/placeholders.ts'
import { page } from '#app/lib/site/registry.ts'
import { site } from '#app/lib/site/site.ts'
import { socialCard, socialCardPages, type SocialCard } from '#app/lib/site/social-card.ts'
import type { Brand } from './template.tsx'

// They are drawn before the build reads the collections (covers.ts), so
// from the files as written, placeholders resolved; the build checks the
// same fields (app/lib/content/loader.ts).
export function siteCards(): SocialCard[] {
  return socialCardPages.map((path) => {
    const { data } = parseFrontmatter(readFileSync(contentFileOf(page(path)), 'utf8'))
    const { title, category } = resolvePlaceholdersIn(data) as { title: string; category?: string }
    const card = socialCard({ path, title, category })
    if (!card) throw new Error(`${path} is listed for a social card but has none`)
    return card
  })
}

export function siteBrand(): Brand {
  return { name: site.name, tagline: site.tagline, logoSvg: readFileSync('public/favicon.svg', 'utf8') }
}
