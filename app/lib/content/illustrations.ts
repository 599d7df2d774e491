import { categorySlug } from './categories.ts'

// Apart from categories.ts, which every page loads: only the blog's lists and
// the build use it.

/**
 * The category's illustration: an abstract drawing under public/illustrations/,
 * shown on article cards (docs/product.md#article-catalogue).
 */
export function illustrationPath(category: string): string {
  return `/illustrations/${categorySlug(category)}.svg`
}
