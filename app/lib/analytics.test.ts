import { afterEach, describe, expect, it } from 'vitest'
import {
  conversionPayload,
  formSubmissionPayload,
  setAnalyticsSink,
  trackEvent,
  trackFormSubmission,
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
