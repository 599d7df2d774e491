import { useCallback, useMemo, useSyncExternalStore } from 'react'

// The address's query for islands that keep their state in it (the ROI
// calculator, the dashboard's range, the blog's search): read once the island
// has hydrated, replaced (never pushed) as the visitor changes it, so typing
// adds no history and a reload or a shared link shows the same state.

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
  }
}

/**
 * The page address's query and a function that replaces it. In the HTML and
 * while the island hydrates the query is `rendered`: empty on a pre-rendered
 * page, which cannot know it, or the query the page was rendered for on a
 * page rendered on demand; so the first render matches the HTML, and the
 * render right after reads the address.
 */
export function useSearchParams(rendered = ''): [URLSearchParams, (change: (params: URLSearchParams) => void) => void] {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => rendered,
  )
  const params = useMemo(() => new URLSearchParams(search), [search])
  const replace = useCallback((change: (params: URLSearchParams) => void) => {
    const url = new URL(window.location.href)
    change(url.searchParams)
    window.history.replaceState(window.history.state, '', url)
    for (const listener of listeners) listener()
  }, [])
  return [params, replace]
}
