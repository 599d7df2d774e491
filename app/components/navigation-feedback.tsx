import { useEffect, useRef, useState } from 'react'
import { PrefetchPageLinks, useLocation, useNavigation } from 'react-router'
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

/**
 * Fetches the code and data of likely next pages ahead of a click (SPEC.md
 * section 2): /contact, /services, /pricing and /case-studies once the page
 * has loaded, and a page of every other template when the browser is idle,
 * or after 2 s where idle callbacks are missing. Nothing of this is in the
 * pre-rendered HTML or in the hydration work, so it never competes with the
 * first paint or delays the page becoming interactive.
 */
export function Prefetch() {
  const [stage, setStage] = useState<'waiting' | 'started' | 'idle'>('waiting')
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let idleId: number | undefined
    function start() {
      setStage('started')
      // Where idle callbacks are missing, the second tier waits 2 s instead.
      if ('requestIdleCallback' in window) idleId = window.requestIdleCallback(() => setStage('idle'))
      else timer = setTimeout(() => setStage('idle'), 2000)
    }
    if (document.readyState === 'complete') timer = setTimeout(start, 0)
    else window.addEventListener('load', start, { once: true })
    return () => {
      window.removeEventListener('load', start)
      clearTimeout(timer)
      if (idleId !== undefined) window.cancelIdleCallback(idleId)
    }
  }, [])
  if (stage === 'waiting') return null
  const targets = stage === 'idle' ? [...startPages, ...idlePages] : startPages
  return targets.map((page) => <PrefetchPageLinks key={page.path} page={page.path} />)
}
