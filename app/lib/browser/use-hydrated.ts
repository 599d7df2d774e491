import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the pre-rendered HTML and while React hydrates an island, true from
 * the render right after. For what depends on the browser (a stored flag, the
 * address's query): render the HTML's version until it is true, so the HTML
 * and the first render in the browser agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
