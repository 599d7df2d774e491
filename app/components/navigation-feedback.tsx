import { useEffect, useRef, useState } from 'react'
import { PrefetchPageLinks, useLocation, useNavigation } from 'react-router'
import { afterLoad, IDLE_FALLBACK_MS, whenIdle } from '#app/lib/idle.ts'
import { pages } from '#app/lib/registry.ts'

/**
 * A bar at the top of the window while the next page's code or data loads.
 * It fades in only after 150 ms (app.css), so fast navigations show nothing.
 */
export function LoadingBar() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="loading-bar fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-2/5 bg-brand-600" />
    </div>
  )
}

/**
 * Tells screen-reader users that a client-side navigation has finished, as a
 * full page load would, by announcing the new page's title.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation()
  const [message, setMessage] = useState('')
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // The title is set by <Meta> in the same commit; read it once it is there.
    const id = window.setTimeout(() => setMessage(document.title), 50)
    return () => window.clearTimeout(id)
  }, [pathname])
  return (
    <div aria-live="assertive" aria-atomic="true" className="sr-only">
      {message}
    </div>
  )
}

const startPages = pages.filter((page) => page.prefetch === 'start')
const idlePages = pages.filter((page) => page.prefetch === 'idle')
const prefetchOrder = [...startPages, ...idlePages]

/**
 * Fetches the code and data of likely next pages ahead of a click
 * (docs/product.md#prefetching): /contact, /services, /pricing and /case-studies once the page
 * has loaded, and a page of every other template when the browser is idle,
 * or after 2 s where idle callbacks are missing. Nothing of this is in the
 * pre-rendered HTML or in the hydration work, so it never competes with the
 * first paint. Pages are added one per task, so the work of matching a page
 * and loading its route module never becomes one long task that would delay
 * a visitor's first tap.
 */
export function Prefetch() {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (count >= prefetchOrder.length) return
    const next = () => setCount(count + 1)
    if (count === 0) return afterLoad(next)
    if (count < startPages.length) {
      const id = setTimeout(next, 0)
      return () => clearTimeout(id)
    }
    // Without idle callbacks, only the first idle page waits the fallback time.
    return whenIdle(next, count === startPages.length ? IDLE_FALLBACK_MS : 0)
  }, [count])
  return prefetchOrder.slice(0, count).map((page) => <PrefetchPageLinks key={page.path} page={page.path} />)
}
