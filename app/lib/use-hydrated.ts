import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the pre-rendered HTML and while React hydrates it, true from the
 * render right after (and at once in anything mounted later). For widgets
 * with no static stand-in, which must not add to a page's HTML
 * (docs/decisions/008-html-round-trip-budget.md): render nothing until it is
 * true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
