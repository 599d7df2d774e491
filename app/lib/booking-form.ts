/**
 * The booking form's state (docs/product.md#booking): its fields, the ids the
 * component gives its controls and error messages, and what a refused post
 * comes back with. The component (app/components/booking-form.tsx) renders it
 * on the page the server renders for each request (app/pages/book.astro) and
 * as an island in the browser.
 */

export const BOOKING_FORM_ID = 'booking-form'
/** The form that asks the page again for another zone or week (a GET form). */
export const BOOKING_ZONE_FORM_ID = 'booking-zone-form'

/** The form's fields, in the order it shows them: focus goes to the first with an error. */
export const bookingFields = ['start', 'name', 'email', 'company', 'note'] as const
export type BookingField = (typeof bookingFields)[number]

/** What the form shows: a message per bad field (and `form`, one for the whole form) and the values to fill in again. */
export interface BookingFormState {
  errors: Partial<Record<BookingField | 'form', string>>
  values: Partial<Record<BookingField, string>>
  /** After the chosen time was taken: the nearest free starts, offered first. */
  nearest?: string[]
}

export const emptyBookingForm: BookingFormState = { errors: {}, values: {} }

export const bookingControlId = (field: BookingField) => `booking-${field}`
export const bookingErrorId = (field: BookingField) => `booking-${field}-error`

/** The first field, in the form's order, that has an error. */
export function firstBookingError(errors: BookingFormState['errors']): BookingField | undefined {
  return bookingFields.find((field) => errors[field] !== undefined)
}

/** The query parameter that names the visitor's zone, e.g. `/book?tz=Europe/Berlin`. */
export const ZONE_PARAM = 'tz'

/** The query parameter that names the first day of the week shown, e.g. `/book?from=2026-12-07`. */
export const FROM_PARAM = 'from'
