import type { ComponentProps } from 'react'
import { ArticleSearch as Search } from '#app/components/article-search.tsx'
import { IslandBoundary } from '#app/components/error-fallback.tsx'

/**
 * The blog's search (app/components/article-search.tsx), an island woken the
 * first time a visitor points at or focuses it, or at once when the address
 * already holds a search (`client:interaction="q"`).
 */
export function ArticleSearch(props: ComponentProps<typeof Search>) {
  return (
    <IslandBoundary>
      <Search {...props} />
    </IslandBoundary>
  )
}
