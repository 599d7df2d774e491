/**
 * The contact form's state (docs/product.md#contact-form): the ids the
 * component gives its controls and error messages, and what a refused post
 * comes back with. The component (app/components/contact-form.tsx) renders
 * it, on the page the server renders for each request (app/pages/contact.astro)
 * and as an island in the browser.
 */
import { topicOptions, type contactFormFields } from './lead-fields.ts'

export const CONTACT_FORM_ID = 'contact-form'

export type ContactField = (typeof contactFormFields)[number]

/** What the form shows: a message per bad field (and `form`, one for the whole form) and the values to fill in again. */
export interface ContactFormState {
  errors: Partial<Record<ContactField | 'form', string>>
  values: Partial<Record<ContactField, string>>
}

/**
 * A post the server turned away (server/rendered-pages.ts), for the contact
 * page to show: the form's state and the status the page answers with.
 */
export interface RefusedContactForm {
  state: ContactFormState
  /** 400 a field is wrong, 429 too many posts, 503 the lead could not be stored. */
  status: 400 | 429 | 503
}

export const controlId = (field: ContactField) => `contact-${field}`
export const errorId = (field: ContactField) => `contact-${field}-error`

/** The look of a field's error message. */
export const errorClass = 'mt-1.5 text-sm font-medium text-red-700'

/** The fields in the order the form shows them: focus goes to the first with an error. */
export const formOrder: readonly ContactField[] = ['topic', 'name', 'email', 'company', 'service', 'budget', 'message']

/** The first field, in the form's order, that has an error. */
export function firstError(errors: ContactFormState['errors']): ContactField | undefined {
  return formOrder.find((field) => errors[field] !== undefined)
}

/** A fresh form; `?topic=audit` (a topic of `topicOptions`) preselects its topic. */
export function formFromQuery(query: URLSearchParams): ContactFormState {
  const topic = topicOptions.find((option) => option.value === query.get('topic'))?.value
  return { errors: {}, values: topic ? { topic } : {} }
}
