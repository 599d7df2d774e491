import { readFileSync } from 'node:fs'
import { expect, type Page, type Response } from '@playwright/test'
import { contentFileOf, parseFrontmatter } from '#app/lib/content/files.ts'
import { resolvePlaceholdersIn } from '#app/lib/content/placeholders.ts'
import { pages, type PageEntry, type RouteModule } from '#app/lib/site/registry.ts'
import { hasSocialCard } from '#app/lib/site/social-card.ts'

/** What a visitor must find on a page, read from its content file with placeholders resolved. */
export interface Expected {
  page: PageEntry
  heading: string
  /** A sentence of the page's own text under the heading. */
  text: string
  /** The search-result title as written, before the brand suffix. */
  title: string
  description: string
}

function read(entry: PageEntry): Expected {
  const source = readFileSync(contentFileOf(entry), 'utf8')
  const data = resolvePlaceholdersIn(parseFrontmatter(source).data) as Record<string, string>
  const heading = entry.collection === 'blog' ? data.title! : data.heading!
  return {
    page: entry,
    heading,
    text: entry.collection === 'blog' ? data.description! : data.lede!,
    // An article's headline too long for search results has a shorter search title.
    title: data.searchTitle ?? data.title!,
    description: data.description!,
  }
}

export const expectedPages: Expected[] = pages.map(read)

export const origin = 'https://northpeak.example'

/** The h1 a page must show. */
export function headingOf(path: string): string {
  const found = expectedPages.find((entry) => entry.page.path === path)
  if (!found) throw new Error(`No page at ${path}`)
  return found.heading
}

/**
 * One page of each template: the first the registry lists for each shell (a
 * service, a case study, a city, an article, a blog topic, each top-level
 * page's own), for the checks a template decides alone (the dark theme's
 * colors, the pre-rendered HTML without JavaScript).
 */
export const onePerTemplate: string[] = [
  ...pages
    .reduce(
      (first, entry) => (first.has(entry.route) ? first : first.set(entry.route, entry.path)),
      new Map<RouteModule, string>(),
    )
    .values(),
]

/**
 * What a visitor and a search engine find on `expected`'s page as `page`
 * shows it (`response` its answer): 200, its heading and text, its title
 * with the brand, its description, Markdown rendered (no "[label](/path)" or
 * "**bold**" to read, closed FAQ answers included) and placeholders resolved,
 * its canonical address, its social card, robots and Twitter card.
 */
export async function expectPageAsListed(page: Page, response: Response | null, expected: Expected) {
  const { page: entry, heading, text, title, description } = expected
  expect(response?.status(), entry.path).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
  await expect(page.locator('main')).toContainText(text)
  // Every title carries the brand: " | Northpeak" is appended unless the title names it.
  await expect(page).toHaveTitle(title.toLowerCase().includes('northpeak') ? title : `${title} | Northpeak`)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description)
  const visibleText = await page.locator('body').evaluate((body) => {
    const copy = body.cloneNode(true) as HTMLElement
    copy.querySelectorAll('script, style, template').forEach((node) => node.remove())
    return copy.textContent ?? ''
  })
  expect(visibleText).not.toMatch(/\[[^\]\n]+\]\([^)\s]*\)|\*\*[^*\n]+\*\*|__[^_\n]+__/)
  // Placeholders for the offer and the claims reach visitors as their values.
  expect(visibleText).not.toMatch(/\{\{|\}\}/)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    entry.path === '/' ? `${origin}/` : `${origin}${entry.path}`,
  )
  // Articles and family pages show a card of their own (social-cards.spec.ts), the others the default.
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    hasSocialCard(entry.path) ? `${origin}/social${entry.path}.png` : `${origin}/og-image.jpg`,
  )
  if (entry.noIndex) {
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
  } else {
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  }
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
}
