/**
 * The site's one analytics module (docs/product.md#analytics-and-consent):
 * typed helpers that build each event and hand it to the sink. Until a sink is
 * set (a visitor who accepted measurement, with a measurement id configured),
 * every call is dropped, never queued. No event carries personal data: no
 * email, no name, no message, no query string but campaign tags, only what
 * the helpers below name. The sink itself (Google's tag, loaded after
 * consent) is app/lib/analytics/measurement.ts; the choice, app/lib/analytics/consent.ts
 * (docs/decisions/021-consent-before-measurement.md).
 */

/** The categories every event is filed under. */
export type EventCategory = 'engagement' | 'conversion' | 'user_interaction' | 'performance'

export type EventParams = Record<string, string | number | boolean>

export interface AnalyticsEvent {
  name: string
  params: EventParams & { event_category: EventCategory }
}

/** Where events go once a visitor has agreed to measurement. */
export type AnalyticsSink = (event: AnalyticsEvent) => void

let sink: AnalyticsSink | null = null

/** Starts (a sink) or stops (null) sending events. */
export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next
}

function send(event: AnalyticsEvent): void {
  sink?.(event)
}

export function eventPayload(name: string, category: EventCategory, params: EventParams = {}): AnalyticsEvent {
  return { name, params: { ...params, event_category: category } }
}

/** A conversion counts as value 1, in US dollars, unless told otherwise. */
export function conversionPayload(
  name: string,
  { value = 1, currency = 'USD' }: { value?: number; currency?: string } = {},
): AnalyticsEvent {
  return eventPayload('conversion', 'conversion', { conversion_name: name, value, currency })
}

export interface FormSubmission {
  /** Which form: `exit_popup`, `contact`. */
  formName: string
  success: boolean
  /** The path of the page the form was sent from. */
  pagePath: string
}

export function formSubmissionPayload({ formName, success, pagePath }: FormSubmission): AnalyticsEvent {
  return eventPayload('form_submit', 'engagement', { form_name: formName, success, page_path: pagePath })
}

export function trackEvent(name: string, category: EventCategory, params?: EventParams): void {
  send(eventPayload(name, category, params))
}

export function trackConversion(name: string, options?: { value?: number; currency?: string }): void {
  send(conversionPayload(name, options))
}

/** A form sent (or refused); a successful one also counts as a conversion named after the form. */
export function trackFormSubmission(submission: FormSubmission): void {
  send(formSubmissionPayload(submission))
  if (submission.success) trackConversion(submission.formName)
}

/**
 * A page's address as it is measured: the site's origin and path, with no
 * query string but its campaign tags (`utm_*`) and no fragment, so nothing a
 * visitor typed into a search or a form can reach an event.
 */
export function measuredLocation(href: string): { path: string; location: string } {
  const url = new URL(href)
  const campaign = [...url.searchParams].filter(([name]) => name.startsWith('utm_'))
  const query = new URLSearchParams(campaign).toString()
  return { path: url.pathname, location: `${url.origin}${url.pathname}${query ? `?${query}` : ''}` }
}

/** A page view, sent by hand on every route change (the tag's own are off). */
export function pageViewPayload({ href, title }: { href: string; title: string }): AnalyticsEvent {
  const { path, location } = measuredLocation(href)
  return eventPayload('page_view', 'engagement', { page_path: path, page_location: location, page_title: title })
}

/** How far down a page a visitor has scrolled: each of these once per page view. */
export const scrollDepthMarks = [25, 50, 75, 100] as const
export type ScrollDepth = (typeof scrollDepthMarks)[number]

export function scrollDepthPayload(percent: ScrollDepth, pagePath: string): AnalyticsEvent {
  return eventPayload('scroll_depth', 'engagement', { percent_scrolled: percent, page_path: pagePath })
}

/**
 * The marks a scroll position has reached: `scrolled` is how far the bottom
 * of the window is down the page, as a share of the page's height (1 at the
 * end). A page that fits the window reaches them only when scrolled, never on
 * its own.
 */
export function scrollDepthReached({
  scrollTop,
  viewportHeight,
  pageHeight,
}: {
  scrollTop: number
  viewportHeight: number
  pageHeight: number
}): ScrollDepth[] {
  if (pageHeight <= 0) return []
  // Within two pixels of the end counts as the end (fractional zoom, rounding).
  const percent = Math.min(100, ((scrollTop + viewportHeight + 2) / pageHeight) * 100)
  return scrollDepthMarks.filter((mark) => percent >= mark)
}

/** The Core Web Vitals the site reports, measured with the web-vitals library. */
export type WebVitalName = 'FCP' | 'LCP' | 'CLS' | 'INP'

/** A web vital: milliseconds, or for CLS the score (a unitless fraction), with Google's rating. */
export function webVitalPayload({
  name,
  value,
  rating,
}: {
  name: WebVitalName
  value: number
  rating: 'good' | 'needs-improvement' | 'poor'
}): AnalyticsEvent {
  return eventPayload('web_vitals', 'performance', {
    metric_name: name,
    // CLS is a small fraction; the others whole milliseconds.
    metric_value: name === 'CLS' ? Math.round(value * 1000) / 1000 : Math.round(value),
    metric_rating: rating,
  })
}

/** From the start of navigation to the end of the load event, in whole milliseconds. */
export function pageLoadPayload(loadTimeMs: number): AnalyticsEvent {
  return eventPayload('page_load_time', 'performance', { load_time_ms: Math.round(loadTimeMs) })
}

/** A resource slower than this is reported on its own (docs/product.md#business-constants). */
export const SLOW_RESOURCE_MS = 2000

export interface ResourceTiming {
  /** The resource's URL; only its origin and path are sent. */
  name: string
  /** `script`, `img`, `link`, `fetch`... */
  initiatorType: string
  duration: number
  /** Bytes over the network (0 when cached, or cross-origin without timing access). */
  transferSize: number
}

/**
 * What the page's resources cost: one summary (count and total size in KB)
 * and one event for each resource slower than 2000 ms.
 */
export function resourcePayloads(resources: ResourceTiming[]): AnalyticsEvent[] {
  const totalKb = resources.reduce((sum, resource) => sum + resource.transferSize, 0) / 1024
  const slow = resources
    .filter((resource) => resource.duration > SLOW_RESOURCE_MS)
    .map((resource) => {
      const url = new URL(resource.name)
      return eventPayload('slow_resource', 'performance', {
        resource_url: `${url.origin}${url.pathname}`,
        resource_type: resource.initiatorType,
        duration_ms: Math.round(resource.duration),
      })
    })
  return [
    eventPayload('resource_summary', 'performance', {
      resource_count: resources.length,
      total_kb: Math.round(totalKb * 10) / 10,
    }),
    ...slow,
  ]
}

/** How a page was shared (docs/product.md#share-widget). */
export type ShareMethod = 'x' | 'linkedin' | 'facebook' | 'copy_link' | 'native'

/** A share of an article or case study; `itemId` is its path. */
export function sharePayload({ method, itemId }: { method: ShareMethod; itemId: string }): AnalyticsEvent {
  return eventPayload('share', 'user_interaction', { method, content_type: 'article', item_id: itemId })
}

/** Sends an event built by one of the payload helpers above. */
export function track(event: AnalyticsEvent): void {
  send(event)
}

export function trackShare(share: { method: ShareMethod; itemId: string }): void {
  send(sharePayload(share))
}
