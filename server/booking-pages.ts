import { Hono, type Context, type Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { knownTimeZone } from '#app/lib/booking-days.ts'
import { bookingFields, FORM_KEY_FIELD, ZONE_PARAM, type BookingFormState } from '#app/lib/booking-form.ts'
import type { BookingLinkData, BookingOffer, CallTime, RefusedBooking } from '#app/lib/booking-page.ts'
import { MAX_LEAD_BYTES, sameSite } from './api/lead-intake.ts'
import { HOLD_MINUTES } from './booking/limits.ts'
import type { BookingService, ManageOutcome } from './booking/service.ts'
import { MANAGE_PATH } from './booking/tokens.ts'
import { parseInstant } from './booking/zoned-time.ts'
import type { ClientAddress } from './client-address.ts'
import { retryAfterSeconds, type RateLimiter } from './rate-limit.ts'
import type { StoredBooking } from './store/lead-store.ts'

/** Where the booking form posts, and where a spent link offers to book again. */
export const BOOK_PATH = '/book'
/** The query flag of the page the booking form lands on: the call was just booked. */
export const JUST_BOOKED_PARAM = 'booked'
/**
 * The query parameter of the page a held booking lands on: the start of the
 * time held, the only thing about it the page is told (the link to confirm
 * it goes to the address alone).
 */
export const HELD_PARAM = 'held'

/** Renders the on-demand page at `c`'s path for a GET, with `locals`, answered with its headers. */
export type RenderWith = (c: Context, locals: App.Locals) => Promise<Response>

const callTime = (booking: Pick<StoredBooking, 'start' | 'end' | 'timeZone' | 'status'>): CallTime => ({
  start: booking.start,
  end: booking.end,
  timeZone: booking.timeZone,
  // The store's word is the iCalendar one; the page's, the site's spelling.
  status: booking.status === 'confirmed' ? 'confirmed' : booking.status === 'held' ? 'held' : 'canceled',
})

/**
 * The booking pages' requests (docs/product.md#booking): the free times for
 * /book, the booking form's post, and /book/manage, the page of the links a
 * booking's emails carry (look, move, cancel). Each post is a plain form post
 * that works without JavaScript, checked like the lead API's (same site, size
 * and rate limits), and goes through the same service as the booking API
 * (./booking/service.ts): a good booking lands on its page (303), a refused
 * one comes back with each error beside its field, what was typed kept, and
 * after a taken time the nearest free ones offered first.
 */
export function bookingPagesApp({
  service,
  render,
  limiter,
  clientAddress,
  now,
  siteOrigin,
}: {
  service: BookingService
  render: RenderWith
  limiter: RateLimiter
  clientAddress: ClientAddress
  now: () => number
  siteOrigin?: string
}) {
  /** The free starts to offer at `now`: none when the team's calendar cannot tell. */
  async function offerAt(at: number): Promise<BookingOffer> {
    const found = await service.slots(at, service.settings.timeZone)
    return found
      ? { ok: true, starts: found.slots.map((slot) => slot.start) }
      : { ok: false, reason: 'calendar-unavailable' }
  }

  const bookPage = async (c: Context, refused?: RefusedBooking) => {
    const at = now()
    return render(c, {
      booking: { offer: await offerAt(at), teamTimeZone: service.settings.timeZone, refused },
    })
  }

  /**
   * The page a held booking lands on: the time held, on the zone's clock
   * (`?tz=`, else the team's), and that the link to confirm it is in the
   * visitor's mail. Anyone may open it with any time: it says nothing else.
   */
  function heldPage(c: Context, start: string) {
    let at: number
    try {
      at = parseInstant(start)
    } catch {
      return render(c, { bookingLink: { kind: 'none' } })
    }
    const timeZone = knownTimeZone(c.req.query(ZONE_PARAM)) ?? service.settings.timeZone
    const end = new Date(at + service.settings.slotMinutes * 60_000).toISOString()
    return render(c, {
      bookingLink: {
        kind: 'held',
        call: { start: new Date(at).toISOString(), end, timeZone, status: 'held' },
        holdMinutes: HOLD_MINUTES,
      },
    })
  }

  /** The manage page for a link that `outcome` read, with what it may do. */
  async function linkPage(c: Context, token: string, outcome: ManageOutcome, refused?: RefusedBooking) {
    const action = service.linkAction(token)
    if (outcome.kind === 'bad-link')
      return render(c, { bookingLink: { kind: 'spent', message: outcome.message, status: 400 } })
    if (outcome.kind === 'spent')
      return render(c, { bookingLink: { kind: 'spent', message: outcome.message, status: 410 } })
    if (outcome.kind !== 'done' || !action) throw new Error(`A link's look-up gave ${outcome.kind}`)
    const at = now()
    const link: BookingLinkData = {
      kind: 'good',
      action,
      token,
      call: callTime(outcome.booking),
      justBooked: new URL(c.req.url).searchParams.has(JUST_BOOKED_PARAM),
      offer: action === 'reschedule' ? await offerAt(at) : undefined,
      teamTimeZone: service.settings.timeZone,
      refused,
    }
    return render(c, { bookingLink: link })
  }

  /** A form post from this site within the size limit: its fields (the first of each name), or an answer. */
  const formChecks = [
    async (c: Context, next: Next) => {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
      if (type !== 'application/x-www-form-urlencoded') return c.text('Send the form as a form post', 415)
      if (!sameSite(c, siteOrigin)) return c.text('Bookings are taken from this site only', 403)
      await next()
    },
    bodyLimit({
      maxSize: MAX_LEAD_BYTES,
      onError: (c) => c.text(`A booking is at most ${MAX_LEAD_BYTES / 1024} KB`, 413),
    }),
  ] as const
  const formFields = async (c: Context) => {
    const fields: Record<string, string> = {}
    for (const [name, value] of new URLSearchParams(await c.req.text())) fields[name] ??= value
    return fields
  }
  /** The rate limit, as the lead API's: a refusal, or undefined to go on. */
  const overLimit = async (c: Context) => {
    const decision = await limiter.hit(clientAddress(c), now())
    return decision.allowed ? undefined : retryAfterSeconds(decision.retryAfterMs)
  }
  const tooMany = 'Too many submissions from your address: try again in a minute.'

  const app = new Hono()
  app.on(['GET', 'HEAD'], BOOK_PATH, compress(), (c) => bookPage(c))
  app.post(BOOK_PATH, compress(), ...formChecks, async (c) => {
    const fields = await formFields(c)
    const values: BookingFormState['values'] = {}
    for (const field of bookingFields) if (fields[field]) values[field] = fields[field]
    // A refused form comes back with what was typed and its key, to be sent again.
    const refusedForm = (errors: BookingFormState['errors'], nearest?: string[]): BookingFormState => ({
      errors,
      values,
      formKey: fields[FORM_KEY_FIELD],
      ...(nearest ? { nearest } : {}),
    })
    const retryAfter = await overLimit(c)
    if (retryAfter) {
      const page = await bookPage(c, { state: refusedForm({ form: tooMany }), status: 429 })
      page.headers.set('Retry-After', retryAfter)
      return page
    }
    const outcome = await service.bookSlot(fields, now(), clientAddress(c))
    const zone = knownTimeZone(fields.timeZone)
    const inZone: Record<string, string> = zone ? { [ZONE_PARAM]: zone } : {}
    switch (outcome.kind) {
      case 'booked': {
        const token = service.linkToken(outcome.booking, 'reschedule')
        const query = new URLSearchParams({ token, [JUST_BOOKED_PARAM]: '', ...inZone })
        return c.redirect(`${MANAGE_PATH}?${query}`, 303)
      }
      case 'held':
        return c.redirect(
          `${MANAGE_PATH}?${new URLSearchParams({ [HELD_PARAM]: outcome.booking.start, ...inZone })}`,
          303,
        )
      case 'dropped':
        return c.redirect(BOOK_PATH, 303)
      case 'invalid':
        return bookPage(c, { state: refusedForm(outcome.errors), status: 400 })
      case 'refused':
        return bookPage(c, {
          state: refusedForm(
            { start: outcome.message },
            outcome.nearest.map((slot) => slot.start),
          ),
          status: 409,
        })
      case 'limited':
        return bookPage(c, {
          state: refusedForm({ form: outcome.message }),
          status: outcome.reason === 'network-limit' ? 429 : 409,
        })
      case 'unavailable':
        return bookPage(c, { state: refusedForm({ form: outcome.message }), status: 503 })
    }
  })

  app.on(['GET', 'HEAD'], MANAGE_PATH, compress(), async (c) => {
    const held = c.req.query(HELD_PARAM)
    if (held !== undefined) return heldPage(c, held)
    const token = c.req.query('token')
    if (token === undefined) return render(c, { bookingLink: { kind: 'none' } })
    return linkPage(c, token, await service.readLink(token, now()))
  })
  app.post(MANAGE_PATH, compress(), ...formChecks, async (c) => {
    const fields = await formFields(c)
    const token = fields.token ?? ''
    const retryAfter = await overLimit(c)
    if (retryAfter) {
      const page = await linkPage(c, token, await service.readLink(token, now()), {
        state: { errors: { form: tooMany }, values: { start: fields.start } },
        status: 429,
      })
      page.headers.set('Retry-After', retryAfter)
      return page
    }
    const at = now()
    const outcome =
      fields.action === 'cancel'
        ? await service.cancel(fields, at)
        : fields.action === 'confirm'
          ? await service.confirm(fields, at)
          : await service.reschedule(fields, at)
    switch (outcome.kind) {
      case 'done':
        return render(c, {
          bookingLink: {
            kind: 'done',
            action: fields.action === 'cancel' ? 'canceled' : fields.action === 'confirm' ? 'confirmed' : 'rescheduled',
            call: callTime(outcome.booking),
          },
        })
      case 'bad-link':
      case 'spent':
        return linkPage(c, token, outcome)
      case 'invalid':
        return linkPage(c, token, await service.readLink(token, now()), {
          state: { errors: outcome.errors, values: { start: fields.start } },
          status: 400,
        })
      case 'refused':
        return linkPage(c, token, await service.readLink(token, now()), {
          state: {
            errors: { start: outcome.message },
            values: { start: fields.start },
            nearest: outcome.nearest.map((slot) => slot.start),
          },
          status: 409,
        })
      case 'unavailable':
        return linkPage(c, token, await service.readLink(token, now()), {
          state: { errors: { form: outcome.message }, values: { start: fields.start } },
          status: 503,
        })
    }
  })
  for (const path of [BOOK_PATH, MANAGE_PATH])
    app.all(path, (c) => c.text('Method not allowed', 405, { Allow: 'GET, HEAD, POST' }))
  return app
}

/**
 * What the build renders the booking pages with, having no store, calendar or
 * link (scripts/postbuild.ts hashes each page's inline scripts for its
 * Content-Security-Policy, scripts/check-html.ts checks the HTML): the forms
 * with their island, and with `refused`, every error a post can bring back.
 * Any other path gets no locals.
 */
export function bookingPreview(urlPath: string, refused = false): App.Locals {
  const starts = ['2026-12-01T14:00:00.000Z', '2026-12-01T14:30:00.000Z', '2026-12-02T15:00:00.000Z']
  const offer: BookingOffer = { ok: true, starts }
  const teamTimeZone = 'America/New_York'
  const errors: BookingFormState['errors'] = {
    form: 'Too many submissions from your address: try again in a minute.',
    start: 'That time has just been booked by someone else. Pick one of the nearest free times instead.',
    name: 'Enter your name',
    email: 'Enter a valid email address, like name@company.com',
    company: 'Enter your company',
  }
  const state: BookingFormState = {
    errors,
    values: { name: 'Ada <Lovelace>', email: 'ada@', note: 'Line one\nLine "two" & more', start: starts[0] },
    nearest: starts.slice(1),
  }
  if (urlPath === BOOK_PATH)
    return { booking: { offer, teamTimeZone, refused: refused ? { state, status: 409 } : undefined } }
  if (urlPath === MANAGE_PATH)
    return {
      bookingLink: {
        kind: 'good',
        action: 'reschedule',
        token: 'reschedule.preview.0.preview',
        call: { start: starts[0]!, end: '2026-12-01T14:30:00.000Z', timeZone: 'Europe/Berlin', status: 'confirmed' },
        justBooked: false,
        offer,
        teamTimeZone,
        refused: refused ? { state, status: 409 } : undefined,
      },
    }
  return {}
}
