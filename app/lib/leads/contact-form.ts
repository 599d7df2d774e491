/**
 * The contact form's state (docs/product.md#contact-form): the ids the
 * component gives its controls and error messages, and what a refused post
 * comes back with. The component (app/components/contact-form.tsx) renders
 * it, on the page the server renders for each request (app/pages/contact.astro)
 * and as an island in the browser.
 */
import { listOf } from '#app/lib/site/in-sentence.ts'
import { AUDIT_TOPIC } from './audit-request.ts'
import { UNREADABLE_FORM } from './lead-constants.ts'
import { contactFormFields, topicOptions } from './lead-fields.ts'

export const CONTACT_FORM_ID = 'contact-form'

export type ContactField = (typeof contactFormFields)[number]

/** What the form shows: a message per bad field (and `form`, one for the whole form) and the values to fill in again. */
export interface ContactFormState {
  errors: Partial<Record<ContactField | 'form', string>>
  values: Partial<Record<ContactField, string>>
}

/**
 * The form again after the contact action refused its post
 * (app/pages/contact.astro): what was typed, and the first message of each
 * field the action named (`form`: one for the whole form).
 */
export function refusedForm(posted: FormData, messages: Record<string, string[] | undefined>): ContactFormState {
  const values: ContactFormState['values'] = {}
  for (const field of contactFormFields) {
    const value = posted.get(field)
    if (typeof value === 'string' && value !== '') values[field] = value
  }
  const errors: ContactFormState['errors'] = {}
  for (const field of [...contactFormFields, 'form'] as const) {
    const message = messages[field]?.[0]
    if (message) errors[field] = message
  }
  // A message about no field the form shows (the hidden ones): said for the whole form.
  if (Object.keys(errors).length === 0) errors.form = Object.values(messages).flat().find(Boolean) ?? UNREADABLE_FORM
  return { errors, values }
}

export const controlId = (field: ContactField) => `contact-${field}`
export const errorId = (field: ContactField) => `contact-${field}-error`

/** The fields in the order the form shows them: focus goes to the first with an error. */
export const formOrder: readonly ContactField[] = [
  'topic',
  'name',
  'email',
  'websiteUrl',
  'company',
  'service',
  'budget',
  'message',
]

/**
 * The fields the form shows for a topic, in order: the free marketing audit's
 * asks for no service and no budget (docs/product.md#contact-form).
 */
export function fieldsFor(topic: string | undefined): readonly ContactField[] {
  return topic === AUDIT_TOPIC ? formOrder.filter((field) => field !== 'service' && field !== 'budget') : formOrder
}

/** The first field, in the form's order, that has an error. */
export function firstError(errors: ContactFormState['errors']): ContactField | undefined {
  return formOrder.find((field) => errors[field] !== undefined)
}

/** A field's short name, as the form's live region says it is fixed. */
export const fieldNames: Record<ContactField, string> = {
  topic: 'Topic',
  name: 'Name',
  email: 'Email',
  company: 'Company',
  websiteUrl: 'Website',
  service: 'Service',
  budget: 'Budget',
  message: 'Message',
}

/** How long typing pauses before the live region says a field is fixed (leaving the field says it at once). */
export const ANNOUNCE_PAUSE_MS = 1000

/**
 * What the form's polite live region says once fields with an error are
 * right: "Name is fixed. 3 more to fix.", "Service and message are fixed. The
 * form is ready to send." `remaining` counts the fields still marked wrong.
 */
export function fixedAnnouncement(fixed: readonly ContactField[], remaining: number): string {
  const names = fixed.map((field, index) => (index === 0 ? fieldNames[field] : fieldNames[field].toLowerCase()))
  const list = listOf(names)
  const rest = remaining === 0 ? 'The form is ready to send.' : `${remaining} more to fix.`
  return `${list} ${fixed.length > 1 ? 'are' : 'is'} fixed. ${rest}`
}

/** The fields of `errors` that are marked wrong (the whole form's message aside). */
export function fieldsInError(errors: ContactFormState['errors']): ContactField[] {
  return formOrder.filter((field) => errors[field] !== undefined)
}

/** A fresh form; `?topic=audit` (a topic of `topicOptions`) preselects its topic. */
export function formFromQuery(query: URLSearchParams): ContactFormState {
  const topic = topicOptions.find((option) => option.value === query.get('topic'))?.value
  return { errors: {}, values: topic ? { topic } : {} }
}
