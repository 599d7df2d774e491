/**
 * The site's one analytics module (docs/product.md#analytics): typed helpers
 * that build each event and hand it to the sink. Until a sink is set (a
 * visitor who accepted measurement, with a measurement id configured), every
 * call is dropped, never queued. No event carries personal data: no e-mail,
 * no name, no message, only what the helpers below name.
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
