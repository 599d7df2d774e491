import type { ActionAPIContext } from 'astro:actions'
import { knownTimeZone } from '#app/lib/booking/booking-days.ts'
import {
  bookingFields,
  FORM_KEY_FIELD,
  ZONE_PARAM,
  type BookingField,
  type BookingFormState,
} from '#app/lib/booking/booking-form.ts'
import {
  bookerCalendar,
  callTime,
  HELD_PARAM,
  JUST_BOOKED_PARAM,
  type BookingWrite,
} from '#app/lib/booking/booking-page.ts'
import { UNREADABLE_FORM } from '#app/lib/leads/lead-constants.ts'
import { page } from '#app/lib/site/registry.ts'
import type { BookingOutcome, BookingService, ManageOutcome } from '#server/booking/service.ts'
import { MANAGE_PATH } from '#server/booking/tokens.ts'

const BOOK_PATH = page('/book').path

/** The form's fields as it sent them: the first value of each name. */
export function sentFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const [name, value] of form) if (typeof value === 'string') fields[name] ??= value
  return fields
}

/** The form again: what was typed, its errors, its key, and after a taken time the nearest free ones. */
export function refusedState(
  fields: Record<string, string>,
  errors: Record<string, string | undefined>,
  nearest?: string[],
): BookingFormState {
  const values: BookingFormState['values'] = {}
  for (const field of bookingFields) if (fields[field]) values[field] = fields[field]
  // A message about a field the form does not show (its zone, sent hidden) is said for the whole form.
  const shown: BookingFormState['errors'] = {}
  for (const [field, message] of Object.entries(errors))
    if (message)
      shown[(bookingFields as readonly string[]).includes(field) ? (field as BookingField) : 'form'] ??= message
  if (Object.keys(shown).length === 0) shown.form = UNREADABLE_FORM
  return { errors: shown, values, formKey: fields[FORM_KEY_FIELD], ...(nearest ? { nearest } : {}) }
}

const refused = (state: BookingFormState, status: number): BookingWrite => ({
  kind: 'refused',
  refused: { state, status },
})

/**
 * The form again after a refusal a booking and a link's change both meet: a
 * field wrong (400), the time taken or no longer bookable, with the nearest
 * free ones (409), or the calendar or the store not answering (503).
 */
function formAgain(
  outcome: Extract<BookingOutcome | ManageOutcome, { kind: 'invalid' | 'refused' | 'unavailable' }>,
  fields: Record<string, string>,
): BookingWrite {
  switch (outcome.kind) {
    case 'invalid':
      return refused(refusedState(fields, outcome.errors), 400)
    case 'refused':
      return refused(
        refusedState(
          fields,
          { start: outcome.message },
          outcome.nearest.map((slot) => slot.start),
        ),
        409,
      )
    case 'unavailable':
      return refused(refusedState(fields, { form: outcome.message }), 503)
  }
}

/**
 * Books the time the booking form sent (/book): the booking service checks
 * the form (the bot check, one schema, the limits of
 * docs/decisions/042-nobody-floods-the-calendar.md) and stores the call. A
 * booked call lands on its page with its link to move it; a held one on the
 * page that says the link to confirm it is in the mail; nothing else about
 * any booking goes back.
 */
export async function book(form: FormData, { locals, clientAddress }: ActionAPIContext): Promise<BookingWrite> {
  const { booking: service, now } = locals.services
  const fields = sentFields(form)
  const outcome = await service.bookSlot(fields, now(), clientAddress)
  const zone = knownTimeZone(fields.timeZone)
  const inZone: Record<string, string> = zone ? { [ZONE_PARAM]: zone } : {}
  switch (outcome.kind) {
    case 'booked': {
      const token = service.linkToken(outcome.booking, 'reschedule')
      return {
        kind: 'next',
        to: `${MANAGE_PATH}?${new URLSearchParams({ token, [JUST_BOOKED_PARAM]: '', ...inZone })}`,
      }
    }
    case 'held':
      return {
        kind: 'next',
        to: `${MANAGE_PATH}?${new URLSearchParams({ [HELD_PARAM]: outcome.booking.start, ...inZone })}`,
      }
    case 'dropped':
      return { kind: 'next', to: BOOK_PATH }
    case 'limited':
      return refused(refusedState(fields, { form: outcome.message }), outcome.reason === 'network-limit' ? 429 : 409)
    case 'invalid':
    case 'refused':
    case 'unavailable':
      return formAgain(outcome, fields)
  }
}

/** What a link's change answers: the call as it is now, the form again, or why the link no longer works. */
function changed(
  outcome: ManageOutcome,
  fields: Record<string, string>,
  done: 'rescheduled' | 'canceled' | 'confirmed',
  service: BookingService,
): BookingWrite {
  switch (outcome.kind) {
    case 'done':
      return {
        kind: 'done',
        action: done,
        call: callTime(outcome.booking),
        // A call that stands (moved, or confirmed) goes into calendars with its new links.
        calendar: done === 'canceled' ? undefined : bookerCalendar(service.callCalendar(outcome.booking)),
      }
    case 'bad-link':
      return { kind: 'spent', message: outcome.message, status: 400 }
    case 'spent':
      return { kind: 'spent', message: outcome.message, status: 410 }
    case 'invalid':
    case 'refused':
    case 'unavailable':
      return formAgain(outcome, fields)
  }
}

/** Moves the call a reschedule link names (its `token` in the form) to the time sent; the link is spent by it. */
export async function reschedule(form: FormData, { locals }: ActionAPIContext): Promise<BookingWrite> {
  const fields = sentFields(form)
  const service = locals.services.booking
  return changed(await service.reschedule(fields, locals.services.now()), fields, 'rescheduled', service)
}

/** Cancels the call a cancel link names. */
export async function cancel(form: FormData, { locals }: ActionAPIContext): Promise<BookingWrite> {
  const fields = sentFields(form)
  const service = locals.services.booking
  return changed(await service.cancel(fields, locals.services.now()), fields, 'canceled', service)
}

/** Confirms the held call a confirm link names (its visitor opened the mail): the invitation follows. */
export async function confirm(form: FormData, { locals }: ActionAPIContext): Promise<BookingWrite> {
  const fields = sentFields(form)
  const service = locals.services.booking
  return changed(await service.confirm(fields, locals.services.now()), fields, 'confirmed', service)
}
