/**
 * The contact form's markup contract (docs/product.md#contact-form): the ids
 * the component gives its controls and error messages, and the state a
 * refused form post comes back with. The component (app/components/contact-form.tsx)
 * renders it; without JavaScript the server writes the same state into the
 * pre-rendered page (server/contact-page.ts), so both must agree on this.
 */
import type { contactFormFields } from './lead-fields.ts'

export const CONTACT_FORM_ID = 'contact-form'

export type ContactField = (typeof contactFormFields)[number]

/** What the form shows: a message per bad field and the values to fill in again. */
export interface ContactFormState {
  errors: Partial<Record<ContactField | 'form', string>>
  values: Partial<Record<ContactField, string>>
}

export const emptyFormState: ContactFormState = { errors: {}, values: {} }

export const controlId = (field: ContactField) => `contact-${field}`
export const errorId = (field: ContactField) => `contact-${field}-error`

/** The look of a field's error message, the same whoever renders it. */
export const errorClass = 'mt-1.5 text-sm font-medium text-red-700'

/** The fields in the order the form shows them: focus goes to the first with an error. */
export const formOrder: readonly ContactField[] = ['topic', 'name', 'email', 'company', 'service', 'budget', 'message']

/** The first field, in the form's order, that has an error. */
export function firstError(errors: ContactFormState['errors']): ContactField | undefined {
  return formOrder.find((field) => errors[field] !== undefined)
}

/** The state the server wrote into the page (`data-state` on the form), if any. */
export function stateFromPage(doc: Document | undefined): ContactFormState {
  const raw = doc?.getElementById(CONTACT_FORM_ID)?.dataset.state
  if (!raw) return emptyFormState
  try {
    const state = JSON.parse(raw) as ContactFormState
    return { errors: state.errors ?? {}, values: state.values ?? {} }
  } catch {
    return emptyFormState
  }
}
