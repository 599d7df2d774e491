import { useEffect, useId, useRef, useState } from 'react'
import { useFieldsAsLeft } from '#app/lib/browser/use-fields-as-left.ts'
import { ArticleList } from '#app/components/article-list.tsx'
import { CategoryNav } from '#app/components/category-nav.tsx'
import type { ArticleCard, ArticleSummary, CategoryLink } from '#app/lib/content/types.ts'
import { useSearchParams } from '#app/lib/browser/use-search-params.ts'

/** Where the headings of every article wait, fetched the first time a visitor searches (app/pages/blog/search.json.ts). */
export const SEARCH_HEADINGS_PATH = '/blog/search.json'

/** Lower case without accents, so "Café" finds "cafe". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/**
 * The articles that hold every word of `query` in their title, description,
 * category or (once fetched) headings, in the order given.
 */
export function searchArticles<Article extends ArticleSummary>(
  articles: Article[],
  query: string,
  headings: Record<string, string[]> = {},
): Article[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return articles
  return articles.filter((article) => {
    const text = fold(
      [article.title, article.description, article.category, ...(headings[article.path] ?? [])].join(' '),
    )
    return words.every((word) => text.includes(word))
  })
}

function countLabel(count: number): string {
  return count === 1 ? '1 article' : `${count} articles`
}

/**
 * The blog's article list with its topics and a search box that narrows the
 * list as you type (an island, app/islands/article-search.tsx). The query
 * lives in the URL (`?q=`), so a reload or a shared link shows the same
 * results. The pre-rendered page lists every article; the search box shows
 * only where JavaScript runs (`.js-only` in app/app.css), since without it
 * the box could not filter. `current` is the path of the page shown.
 */
export function ArticleSearch({
  articles,
  categories,
  current,
}: {
  articles: ArticleCard[]
  categories: CategoryLink[]
  current: string
}) {
  const [searchParams, setSearchParams] = useSearchParams()
  const query = searchParams.get('q') ?? ''
  const [headings, setHeadings] = useState<Record<string, string[]>>({})
  const requested = useRef(false)
  const inputId = useId()

  // The headings make the search deeper; until they arrive (or if they
  // never do) titles, descriptions and categories still match. The island
  // wakes when a visitor turns to the search, or the address holds one: they
  // are fetched then, and tried again with the next query if that failed.
  const loadHeadings = () => {
    if (requested.current) return
    requested.current = true
    fetch(SEARCH_HEADINGS_PATH)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((data: Record<string, string[]>) => setHeadings(data))
      .catch(() => {
        requested.current = false
      })
  }
  useEffect(loadHeadings, [query])

  const results = searchArticles(articles, query, headings)
  const setQuery = (value: string) =>
    setSearchParams((params) => {
      if (value) params.set('q', value)
      else params.delete('q')
    })
  // The island wakes as the visitor turns to the search (client:interaction): what they type
  // while its code arrives is the query.
  const searchBox = useRef<HTMLDivElement>(null)
  useFieldsAsLeft(searchBox, (changed) => setQuery(changed.q ?? ''))

  return (
    <div>
      <div className="mb-8">
        <CategoryNav categories={categories} current={current} />
      </div>
      <div className="mb-4 h-20">
        {/* No form to send: the list narrows as the visitor types. */}
        <div ref={searchBox} role="search" className="js-only max-w-xs">
          <label htmlFor={inputId} className="mb-2 block text-sm font-semibold text-ink">
            Search articles
          </label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onFocus={loadHeadings}
            placeholder="Try attribution, GA4 or onboarding"
            autoComplete="off"
            className="w-full rounded-lg border border-slate-300 bg-surface px-3.5 py-2.5 text-ink placeholder:text-muted"
          />
        </div>
      </div>
      <p role="status" className="mb-4 text-sm text-muted">
        {query ? `${countLabel(results.length)} match “${query}”` : `${countLabel(articles.length)}, newest first`}
      </p>
      {results.length > 0 ? (
        <ArticleList articles={results} />
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <p className="text-lg font-semibold text-ink">No article matches “{query}”.</p>
          <p className="mt-2 mb-4 text-muted">Try fewer or other words, or browse a topic:</p>
          <CategoryNav categories={categories} current={current} label="Blog topics to browse" />
        </div>
      )}
    </div>
  )
}
