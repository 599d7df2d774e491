import { onCLS, onFCP, onINP, onLCP } from 'web-vitals'
import {
  measuredLocation,
  pageLoadPayload,
  pageViewPayload,
  resourcePayloads,
  scrollDepthPayload,
  scrollDepthReached,
  setAnalyticsSink,
  track,
  webVitalPayload,
  type AnalyticsEvent,
  type ScrollDepth,
  type WebVitalName,
} from './analytics.ts'
import { afterLoad } from '../browser/idle.ts'

/**
 * Google's tag (gtag.js, GA4) as the analytics sink, and the measurements
 * that feed it: page views, scroll depth, performance
 * (docs/product.md#analytics-and-consent). This module and the web-vitals
 * library load only after a visitor accepts, and only in a build with a
 * measurement id (docs/decisions/021-consent-before-measurement.md).
 */

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

const tagUrl = 'https://www.googletagmanager.com/gtag/js'

/** Performance is reported this long after the load event (docs/product.md#business-constants). */
export const PERFORMANCE_DELAY_MS = 1000

/** Google Consent Mode v2: everything denied until the visitor says otherwise. */
const allDenied = {
  ad_storage: 'denied',
  analytics_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
} as const

function gtag(..._command: unknown[]): void {
  // gtag.js reads its commands as `arguments` objects; an array would be taken for data.
  // eslint-disable-next-line prefer-rest-params
  ;(window.dataLayer ??= []).push(arguments)
}

let tagAdded = false
let running = false
let performanceScheduled = false
let stopWatchingScroll = () => {}
let currentPath = ''
let reached = new Set<ScrollDepth>()

function sendToTag({ name, params }: AnalyticsEvent): void {
  // Later events (scroll depth, shares) belong to the page last viewed.
  if (name === 'page_view') gtag('set', { page_location: params.page_location, page_title: params.page_title })
  gtag('event', name, params)
}

/**
 * Starts measuring, after the visitor accepted. The first time on a page the
 * consent defaults (all denied) are the first command, then analytics
 * storage is granted, the tag configured without its own page views, and
 * gtag.js added; ads storage and personalization stay denied, the site runs
 * no ads. Calling it again while running does nothing.
 */
export function startMeasurement(measurementId: string): void {
  if (running) return
  running = true
  Reflect.set(window, `ga-disable-${measurementId}`, false)
  if (!tagAdded) {
    tagAdded = true
    gtag('consent', 'default', allDenied)
    gtag('consent', 'update', { analytics_storage: 'granted' })
    gtag('js', new Date())
    gtag('config', measurementId, {
      send_page_view: false,
      anonymize_ip: true,
      page_location: measuredLocation(location.href).location,
    })
    const script = document.createElement('script')
    script.async = true
    script.src = `${tagUrl}?id=${encodeURIComponent(measurementId)}`
    document.head.append(script)
  } else {
    gtag('consent', 'update', { analytics_storage: 'granted' })
  }
  setAnalyticsSink(sendToTag)
  stopWatchingScroll = watchScroll()
  schedulePerformance()
}

/**
 * Stops measuring, after the visitor rejected: no more events reach the tag,
 * consent is updated to denied, Google's opt-out flag for the id is set (so
 * gtag.js sends nothing more on its own) and its cookies are deleted.
 */
export function stopMeasurement(measurementId: string): void {
  if (!running) return
  running = false
  setAnalyticsSink(null)
  stopWatchingScroll()
  gtag('consent', 'update', allDenied)
  Reflect.set(window, `ga-disable-${measurementId}`, true)
  deleteAnalyticsCookies()
}

/** A page view of the current page, once its title is set; scroll depth starts again from zero. */
export function measurePageView(): void {
  if (!running) return
  const event = pageViewPayload({ href: location.href, title: document.title })
  currentPath = String(event.params.page_path)
  reached = new Set()
  track(event)
}

function watchScroll(): () => void {
  let frame = 0
  const check = () => {
    frame = 0
    const marks = scrollDepthReached({
      scrollTop: window.scrollY,
      viewportHeight: window.innerHeight,
      pageHeight: document.documentElement.scrollHeight,
    })
    for (const mark of marks) {
      if (reached.has(mark)) continue
      reached.add(mark)
      track(scrollDepthPayload(mark, currentPath))
    }
  }
  const onScroll = () => {
    frame ||= requestAnimationFrame(check)
  }
  window.addEventListener('scroll', onScroll, { passive: true })
  return () => {
    window.removeEventListener('scroll', onScroll)
    cancelAnimationFrame(frame)
    frame = 0
  }
}

/** Once per page load: the load time, the resources and the web vitals, 1 s after the load event. */
function schedulePerformance(): void {
  if (performanceScheduled) return
  performanceScheduled = true
  afterLoad(() => {
    const loadEnd = navigationTiming()?.loadEventEnd || performance.now()
    setTimeout(reportPerformance, Math.max(0, loadEnd + PERFORMANCE_DELAY_MS - performance.now()))
  })
}

function navigationTiming(): PerformanceNavigationTiming | undefined {
  return performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
}

function reportPerformance(): void {
  const navigation = navigationTiming()
  if (navigation) track(pageLoadPayload(navigation.loadEventEnd - navigation.startTime))
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
  for (const event of resourcePayloads(resources)) track(event)
  // Each reports when its value is final (LCP at the first input, CLS and INP
  // when the page is hidden); after a Reject the sink is gone and they are dropped.
  const report = (metric: { name: WebVitalName; value: number; rating: 'good' | 'needs-improvement' | 'poor' }) =>
    track(webVitalPayload(metric))
  onFCP(report)
  onLCP(report)
  onCLS(report)
  onINP(report)
}

/** Google Analytics' cookies (`_ga`, `_ga_<id>`), on this host and every parent domain it may have used. */
function deleteAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((cookie) => cookie.split('=')[0]!.trim())
    .filter((name) => name === '_ga' || name.startsWith('_ga_'))
  const labels = location.hostname.split('.')
  const domains = labels.map((_, index) => labels.slice(index).join('.'))
  for (const name of names) {
    document.cookie = `${name}=; Max-Age=0; Path=/`
    for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/; Domain=${domain}`
  }
}
