import { useState, type ChangeEvent, type ReactNode, type SyntheticEvent } from 'react'
import { BookedCall } from '#app/components/booked-call.tsx'
import { errorClass, FormField } from '#app/components/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { timesInZone, type TimesInZone } from '#app/lib/booking-days.ts'
import type { CallTime } from '#app/lib/booking-page.ts'
import {
  BOOKING_FORM_ID,
  bookingControlId,
  bookingErrorId,
  firstBookingError,
  ZONE_PARAM,
  type BookingField,
  type BookingFormState,
} from '#app/lib/booking-form.ts'
import { HONEYPOT_FIELD } from '#app/lib/lead-constants.ts'

const controlClass =
  'mt-1.5 w-full rounded-lg border border-slate-300 bg-surface px-3 text-ink aria-invalid:border-danger'

export interface BookingFormProps {
  /**
   * The free times (at least one) as the page drew them, in the zone it
   * names: `timesInZone` of the free starts and `initial.nearest`
   * (app/lib/booking-days.ts), formatted where the page is rendered.
   */
  times: TimesInZone
  /**
   * The zone the times are shown in, when not `times`' own: the browser's,
   * once the form wakes (app/islands/booking-form.tsx). The form formats them
   * itself then, as it does when the visitor picks another zone.
   */
  timeZone?: string
  /** Every zone the visitor may choose (app/lib/booking-days.ts `timeZoneNames`). */
  zones: readonly string[]
  /** What the form shows first: a refused post's errors and values, and the nearest starts after a taken one. */
  initial: BookingFormState
  /** Where the form posts and where the zone chooser goes: the booking page, or the page moving a call. */
  action: string
  /**
   * Says whether scripts run: the zone chooser's button then goes, as choosing
   * re-draws the times at once; and a form drawn then draws a closed day's
   * times when it is first opened.
   */
  hydrated?: boolean
  /**
   * Moving a booked call (/book/manage): no details to give, the current call
   * shown instead (`current`), and the link's fields sent with the time.
   */
  move?: { current: CallTime; fields: Record<string, string> }
}

/**
 * The booking form (docs/product.md#booking): the free times grouped by the
 * visitor's days, in the visitor's zone, named on screen and changeable, then
 * name, email, company and a note. Each day is a disclosure (the first open),
 * its times radio buttons whose value is the UTC start, so a time means the
 * same call whatever zone shows it. The booking is a form post to the page,
 * which the server answers (server/booking-pages.ts): scripts only re-draw the
 * times in another zone at once, where without them the zone chooser reloads
 * the page with `?tz=`.
 */
export function BookingForm({
  times,
  timeZone: initialZone = times.timeZone,
  zones,
  initial,
  action,
  hydrated = false,
  move,
}: BookingFormProps) {
  const [timeZone, setTimeZone] = useState(initialZone)
  const { errors, values, nearest = [] } = initial
  const shown =
    timeZone === times.timeZone
      ? times
      : timesInZone(
          times.days.flatMap((day) => day.slots.map((slot) => slot.start)),
          timeZone,
          nearest,
        )
  const { days } = shown
  const chosen = values.start
  const openDate = days.find((day) => day.slots.some((slot) => slot.start === chosen))?.date ?? days[0]?.date
  // The days whose times are drawn. In the HTML, and while hydrating it, every
  // day's, as a closed day must hold its times without scripts. A list drawn in
  // the browser (another zone) draws a day's times when it is first opened:
  // a few dozen elements at once instead of hundreds. A day once drawn stays,
  // so a time chosen there is still sent.
  const [drawn, setDrawn] = useState<ReadonlySet<string> | 'all'>(() =>
    hydrated && openDate !== undefined ? new Set([openDate]) : 'all',
  )
  function drawWhenOpened(date: string, event: SyntheticEvent<HTMLDetailsElement>) {
    if (!event.currentTarget.open) return
    setDrawn((days) => (days === 'all' || days.has(date) ? days : new Set([...days, date])))
  }

  function chooseZone(event: ChangeEvent<HTMLSelectElement>) {
    if (!hydrated) return
    setTimeZone(event.target.value)
    const url = new URL(window.location.href)
    url.searchParams.set(ZONE_PARAM, event.target.value)
    window.history.replaceState(window.history.state, '', url)
  }

  const first = firstBookingError(errors)
  const control = (name: BookingField) => ({
    id: bookingControlId(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? bookingErrorId(name) : undefined,
    autoFocus: name === first || undefined,
    defaultValue: values[name],
  })
  const field = (name: BookingField, label: string, input: ReactNode, optional = false) => (
    <FormField
      controlId={bookingControlId(name)}
      errorId={bookingErrorId(name)}
      label={label}
      error={errors[name]}
      optional={optional}
    >
      {input}
    </FormField>
  )
  const slotChoice = (start: string, label: string) => (
    <label
      key={start}
      className="flex h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-surface px-3 text-sm font-semibold text-ink hover:border-brand-600 has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
    >
      <input type="radio" name="start" value={start} defaultChecked={start === chosen} className="sr-only" />
      {label}
    </label>
  )

  return (
    <div className="flex flex-col gap-8">
      {/* The button beside the chooser, the line under both: when scripts take
          over and the button goes, nothing below moves. */}
      <form method="get" action={action}>
        <label htmlFor="booking-zone" className="block text-sm font-semibold text-ink">
          Times are shown in
        </label>
        <div className="flex items-start gap-3">
          <select
            id="booking-zone"
            name={ZONE_PARAM}
            value={timeZone}
            onChange={chooseZone}
            aria-describedby="booking-zone-now"
            className={`${controlClass} h-11 min-w-0 sm:max-w-md`}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <Button type="submit" variant="outline" className="mt-1.5">
              Show times
            </Button>
          )}
        </div>
        <p id="booking-zone-now" className="mt-1.5 text-sm text-muted">
          {shown.zone}. Change it if it is not where you will take the call.
        </p>
      </form>

      <form
        id={BOOKING_FORM_ID}
        method="post"
        action={action}
        noValidate
        aria-label={move ? 'Move your call' : 'Book your call'}
        className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      >
        <input type="hidden" name="timeZone" value={timeZone} />
        {Object.entries(move?.fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset
          className="min-w-0"
          aria-invalid={errors.start ? true : undefined}
          aria-describedby={errors.start ? bookingErrorId('start') : undefined}
        >
          <legend className="text-lg font-bold text-ink">Pick a time</legend>
          {errors.start ? (
            <p id={bookingErrorId('start')} className={errorClass}>
              {errors.start}
            </p>
          ) : null}
          {nearest.length > 0 ? (
            <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
              <p className="text-sm font-semibold text-ink">The nearest free times:</p>
              <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                {nearest.map((start, index) => slotChoice(start, shown.nearest[index]!))}
              </div>
            </div>
          ) : null}
          <div className="mt-4 flex flex-col gap-3">
            {days.map((day) => (
              <details
                key={day.date}
                name="booking-day"
                open={day.date === openDate}
                onToggle={(event) => drawWhenOpened(day.date, event)}
                className="group rounded-xl border border-slate-200 bg-surface"
              >
                <summary className="flex cursor-pointer items-center justify-between gap-4 rounded-xl px-4 py-3 font-semibold text-ink">
                  <span>{day.label}</span>
                  <span className="text-sm font-normal text-muted">
                    {day.slots.length} {day.slots.length === 1 ? 'time' : 'times'}
                  </span>
                </summary>
                <div className="grid grid-cols-3 gap-2 px-4 pb-4 sm:grid-cols-4 md:grid-cols-5">
                  {drawn === 'all' || drawn.has(day.date)
                    ? day.slots.map((slot) => slotChoice(slot.start, slot.time))
                    : null}
                </div>
              </details>
            ))}
          </div>
        </fieldset>

        <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-surface p-6 lg:sticky lg:top-24">
          {move ? (
            <BookedCall call={move.current} title="Booked now" />
          ) : (
            <>
              <p className="text-lg font-bold text-ink">Your details</p>
              {field(
                'name',
                'Name',
                <input {...control('name')} type="text" autoComplete="name" className={`${controlClass} h-11`} />,
              )}
              {field(
                'email',
                'Work email',
                <input {...control('email')} type="email" autoComplete="email" className={`${controlClass} h-11`} />,
              )}
              {field(
                'company',
                'Company',
                <input
                  {...control('company')}
                  type="text"
                  autoComplete="organization"
                  className={`${controlClass} h-11`}
                />,
              )}
              {field(
                'note',
                'What should we look at first?',
                <textarea {...control('note')} rows={4} className={`${controlClass} py-2`} />,
                true,
              )}
              {/* Left empty by people: hidden from sight and from assistive technology. */}
              <div aria-hidden="true" className="sr-only">
                <label htmlFor="booking-website">Website</label>
                <input id="booking-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
              </div>
            </>
          )}
          {errors.form ? (
            <p role="alert" className={errorClass}>
              {errors.form}
            </p>
          ) : null}
          <Button type="submit" variant="cta" size="lg">
            {move ? 'Move my call' : 'Confirm my call'}
          </Button>
        </div>
      </form>
    </div>
  )
}
