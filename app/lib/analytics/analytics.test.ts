import { afterEach, describe, expect, it } from 'vitest'
import {
  conversionPayload,
  formSubmissionPayload,
  measuredLocation,
  pageLoadPayload,
  pageViewPayload,
  resourcePayloads,
  scrollDepthPayload,
  scrollDepthReached,
  setAnalyticsSink,
  sharePayload,
  trackEvent,
  trackFormSubmission,
  trackShare,
  webVitalPayload,
  type AnalyticsEvent,
} from './analytics.ts'

afterEach(() => setAnalyticsSink(null))

describe('analytics', () => {
  it('drops every call while no sink is set, and sends nothing queued once one is', () => {
    trackEvent('scroll_depth', 'engagement', { percent: 25 })
    trackFormSubmission({ formName: 'contact', success: true, pagePath: '/contact' })
    const sent: AnalyticsEvent[] = []
    setAnalyticsSink((event) => sent.push(event))
    expect(sent).toEqual([])
    trackEvent('scroll_depth', 'engagement', { percent: 50 })
    expect(sent).toEqual([{ name: 'scroll_depth', params: { percent: 50, event_category: 'engagement' } }])
  })

  it('counts a conversion as 1 US dollar unless told otherwise', () => {
    expect(conversionPayload('contact')).toEqual({
      name: 'conversion',
      params: { conversion_name: 'contact', value: 1, currency: 'USD', event_category: 'conversion' },
    })
    expect(conversionPayload('contact', { value: 300, currency: 'EUR' }).params).toMatchObject({
      value: 300,
      currency: 'EUR',
    })
  })

  it('records a form by name, outcome and page, and a successful one also as a conversion', () => {
    expect(formSubmissionPayload({ formName: 'exit_popup', success: false, pagePath: '/about' })).toEqual({
      name: 'form_submit',
      params: { form_name: 'exit_popup', success: false, page_path: '/about', event_category: 'engagement' },
    })
    const sent: AnalyticsEvent[] = []
    setAnalyticsSink((event) => sent.push(event))
    trackFormSubmission({ formName: 'exit_popup', success: false, pagePath: '/about' })
    expect(sent.map((event) => event.name)).toEqual(['form_submit'])
    trackFormSubmission({ formName: 'exit_popup', success: true, pagePath: '/about' })
    expect(sent.map((event) => event.name)).toEqual(['form_submit', 'form_submit', 'conversion'])
  })
})

describe('payloads', () => {
  it('measures a page by its path and title, with no query string but campaign tags, and no fragment', () => {
    expect(
      pageViewPayload({
        href: 'https://northpeak.example/blog?q=jane%40example.com&utm_source=news&utm_medium=email#top',
        title: 'Blog | Northpeak',
      }),
    ).toEqual({
      name: 'page_view',
      params: {
        page_path: '/blog',
        page_location: 'https://northpeak.example/blog?utm_source=news&utm_medium=email',
        page_title: 'Blog | Northpeak',
        event_category: 'engagement',
      },
    })
    expect(measuredLocation('https://northpeak.example/contact?topic=audit')).toEqual({
      path: '/contact',
      location: 'https://northpeak.example/contact',
    })
  })

  it('reaches each scroll mark once the bottom of the window passes it', () => {
    const at = (scrollTop: number) => scrollDepthReached({ scrollTop, viewportHeight: 1000, pageHeight: 4000 })
    expect(at(0)).toEqual([25])
    expect(at(999)).toEqual([25, 50])
    expect(at(1999)).toEqual([25, 50, 75])
    // Within two pixels of the end is the end.
    expect(at(2998)).toEqual([25, 50, 75, 100])
    expect(scrollDepthReached({ scrollTop: 0, viewportHeight: 800, pageHeight: 0 })).toEqual([])
    expect(scrollDepthPayload(50, '/about')).toEqual({
      name: 'scroll_depth',
      params: { percent_scrolled: 50, page_path: '/about', event_category: 'engagement' },
    })
  })

  it('reports web vitals in whole milliseconds, CLS as a score, with their rating', () => {
    expect(webVitalPayload({ name: 'LCP', value: 1234.56, rating: 'good' })).toEqual({
      name: 'web_vitals',
      params: { metric_name: 'LCP', metric_value: 1235, metric_rating: 'good', event_category: 'performance' },
    })
    expect(webVitalPayload({ name: 'CLS', value: 0.123456, rating: 'needs-improvement' }).params.metric_value).toBe(
      0.123,
    )
    expect(pageLoadPayload(987.6)).toEqual({
      name: 'page_load_time',
      params: { load_time_ms: 988, event_category: 'performance' },
    })
  })

  it('sums the resources and names each one slower than 2000 ms by its address without the query', () => {
    const events = resourcePayloads([
      { name: 'https://northpeak.example/assets/app.js', initiatorType: 'script', duration: 120, transferSize: 10240 },
      {
        name: 'https://northpeak.example/pricing.data?_routes=x',
        initiatorType: 'fetch',
        duration: 2400,
        transferSize: 2048,
      },
      { name: 'https://northpeak.example/assets/icons.svg', initiatorType: 'img', duration: 2000, transferSize: 0 },
    ])
    expect(events).toEqual([
      {
        name: 'resource_summary',
        params: { resource_count: 3, total_kb: 12, event_category: 'performance' },
      },
      {
        name: 'slow_resource',
        params: {
          resource_url: 'https://northpeak.example/pricing.data',
          resource_type: 'fetch',
          duration_ms: 2400,
          event_category: 'performance',
        },
      },
    ])
  })

  it('files a share under user interaction, as an article, by its path', () => {
    expect(sharePayload({ method: 'linkedin', itemId: '/blog/seo-strategy-2025' })).toEqual({
      name: 'share',
      params: {
        method: 'linkedin',
        content_type: 'article',
        item_id: '/blog/seo-strategy-2025',
        event_category: 'user_interaction',
      },
    })
    const sent: AnalyticsEvent[] = []
    trackShare({ method: 'copy_link', itemId: '/about' })
    setAnalyticsSink((event) => sent.push(event))
    trackShare({ method: 'copy_link', itemId: '/about' })
    setAnalyticsSink(null)
    trackShare({ method: 'x', itemId: '/about' })
    expect(sent.map((event) => event.params.method)).toEqual(['copy_link'])
  })
})
