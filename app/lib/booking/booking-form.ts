/**
 * The booking form's state (docs/product.md#booking): its fields, the ids the
 * component gives its controls and error messages, and what a refused post
 * comes back with. The component (app/components/booking-form.tsx) renders it
 * on the pages the server renders on demand (app/pages/book.astro,
 * app/pages/book/manage.astro) and as an island in the browser.
 */

export const BOOKING_FORM_ID = 'booking-form'
/** The form that asks the page again for another zone or week (a GET form). */
export const BOOKING_ZONE_FORM_ID = 'booking-zone-form'

/** The form's fields, in the order it shows them: focus goes to the first with an error. */
export const bookingFields = ['start', 'name', 'email', 'phone', 'company', 'note'] as const
export type BookingField = (typeof bookingFields)[number]

/** What the form shows: a message per bad field (and `form`, one for the whole form) and the values to fill in again. */
export interface BookingFormState {
  errors: Partial<Record<BookingField | 'form', string>>
  values: Partial<Record<BookingField, string>>
  /** After the chosen time was taken: the nearest free starts, offered first. */
  nearest?: string[]
  /** The refused form's one-time key, sent again with it (`FORM_KEY_FIELD`). */
  formKey?: string
}

/**
 * The hidden field of a new booking's one-time key: made by the form when it
 * wakes in the browser (app/components/booking-form.tsx), so the same form
 * sent twice (a double click, a retry after a lost answer) books once, and a
 * booking is never found by its address and time alone
 * (server/booking/service.ts `bookSlot`). The page itself carries none, so
 * one rendering of the times serves every visitor (app/pages/book.astro).
 * Sent without one (no JavaScript), a second post of the same form meets the
 * one-call-per-address limit, whose message sends the visitor to the mail
 * about the call (docs/decisions/042-nobody-floods-the-calendar.md).
 */
export const FORM_KEY_FIELD = 'formKey'

export const emptyBookingForm: BookingFormState = { errors: {}, values: {} }

export const bookingControlId = (field: BookingField) => `booking-${field}`
export const bookingErrorId = (field: BookingField) => `booking-${field}-error`

/** The first field, in the form's order, that has an error. */
export function firstBookingError(errors: BookingFormState['errors']): BookingField | undefined {
  return bookingFields.find((field) => errors[field] !== undefined)
}

/** The query parameter that names the visitor's zone, e.g. `/book?tz=Europe/Berlin`. */
export const ZONE_PARAM = 'tz'

/**
 * The first script of a page that shows the booking form (before its body,
 * app/components/visitor-zone.astro): when the address names no zone and the
 * browser reports another than the one the page drew its times in (the
 * script's `data-zone`), it asks for the page again in the browser's zone
 * (`?tz=`), replacing this one in the history. So the server draws the times
 * on the visitor's clock, and the form's island need not wake to re-draw them
 * (docs/decisions/041-the-visitors-zone-before-the-first-paint.md). Once the
 * address names a zone it never asks again, whatever the server made of it.
 * Kept tiny and the same on every page: the CSP allows it by hash
 * (server/hosting/security-policy.ts).
 */
export const visitorZoneScript = () =>
  `{const u=new URL(location.href);let z;` +
  `if(!u.searchParams.has("${ZONE_PARAM}")){try{z=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}` +
  `if(z&&z!=document.currentScript.dataset.zone){u.searchParams.set("${ZONE_PARAM}",z);location.replace(u)}}}`

/** The query parameter that names the first day of the week shown, e.g. `/book?from=2026-12-07`. */
export const FROM_PARAM = 'from'
