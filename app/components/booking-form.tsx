import { useEffect, useMemo, useRef, useState, type ChangeEvent, type MouseEvent } from 'react'
import { BookedCall } from '#app/components/booked-call.tsx'
import { HostCard } from '#app/components/call-details.tsx'
import { errorClass, formFields } from '#app/components/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { timesInZone, whenInZone, zoneOptions, type TimesInZone } from '#app/lib/booking/booking-days.ts'
import type { CallTime } from '#app/lib/booking/booking-page.ts'
import { hostFirstName, type MeetingMode } from '#app/lib/booking/call-details.ts'
import {
  BOOKING_FORM_ID,
  BOOKING_ZONE_FORM_ID,
  bookingControlId,
  bookingErrorId,
  firstBookingError,
  FORM_KEY_FIELD,
  FROM_PARAM,
  ZONE_PARAM,
  type BookingFormState,
} from '#app/lib/booking/booking-form.ts'
import { HONEYPOT_FIELD } from '#app/lib/leads/lead-constants.ts'
import { useHydrated } from '#app/lib/browser/use-hydrated.ts'

/** No nearest times: one array, so that the times derived from it are not re-derived on each render. */
const noStarts: readonly string[] = []

/** What the zone chooser holds in the browser: the options the page drew, kept as they are (below). */
const drawnOptions = { __html: '' }

/** The time choices of a list, styled from it: a button-like label per time, filled when chosen. */
const slotList =
  '*:flex *:h-11 *:cursor-pointer *:items-center *:justify-center *:rounded-lg *:border *:border-slate-300 *:bg-surface *:px-3 *:text-sm *:font-semibold *:text-ink *:hover:border-brand-600 *:has-checked:border-brand-700 *:has-checked:bg-brand-700 *:has-checked:text-white *:has-focus-visible:outline-2 *:has-focus-visible:outline-offset-2 *:has-focus-visible:outline-brand-600'

const controlClass =
  'mt-1.5 w-full rounded-lg border border-slate-300 bg-surface px-3 text-ink aria-invalid:border-danger'

export interface BookingFormProps {
  /**
   * The week of free times the page drew, in the zone it names: `timesInZone`
   * of `starts` and `initial.nearest` (app/lib/booking/booking-days.ts), formatted
   * where the page is rendered.
   */
  times: TimesInZone
  /** Every free start (UTC instants, at least one): the form draws another week or zone from them. */
  starts: readonly string[]
  /** What the form shows first: a refused post's errors and values, and the nearest starts after a taken one. */
  initial: BookingFormState
  /** Where the zone chooser and the week buttons go: the booking page, or the page moving a call (with its link). */
  action: string
  /** The query of the action the form posts to on that page (`?_action=book`, app/actions/index.ts). */
  post: string
  /**
   * Moving a booked call (/book/manage): no details to give, the current call
   * shown instead (`current`), and the link's fields sent with the time.
   */
  move?: { current: CallTime; fields: Record<string, string> }
  /**
   * How the call happens (the booking service's `meeting`): a new booking
   * shows the host and the way beside the times, and for a phone call asks
   * for the number to call (docs/decisions/048-the-call-its-host-and-how-it-happens.md).
   */
  meeting?: MeetingMode
}

/** Sets `name` in the address, as the page would have it after asking again. */
function keepInAddress(name: string, value: string) {
  const url = new URL(window.location.href)
  url.searchParams.set(name, value)
  window.history.replaceState(window.history.state, '', url)
}

/**
 * The booking form (docs/product.md#booking): a week of free times grouped by
 * the visitor's days, in the visitor's zone, named on screen and changeable,
 * with buttons to the weeks before and after; then name, email, company and a
 * note. Each day is a disclosure (the first open), its times radio buttons
 * whose value is the UTC start, so a time means the same call whatever zone
 * shows it. The booking is a form post to the booking action on the page
 * (app/actions/index.ts), which answers with the next page or the form again. The zone chooser and the week buttons belong to
 * a form that asks the page again (`?tz=`, `?from=`); scripts only draw the
 * zone or week asked for in place.
 */
export function BookingForm({ times, starts, initial, action, post, move, meeting }: BookingFormProps) {
  // Whether scripts run: the zone chooser's button then goes, as choosing
  // re-draws the times at once, and the week buttons draw their week in place.
  const hydrated = useHydrated()
  const [timeZone, setTimeZone] = useState(times.timeZone)
  // The week the visitor went to in place; undefined while it is the page's.
  const [from, setFrom] = useState<string>()
  const { errors, values, nearest = noStarts } = initial
  const [chosen, setChosen] = useState(values.start)
  // A new booking's one-time key (FORM_KEY_FIELD): a refused form's own, else
  // one made as the form wakes; a move is named by its link instead.
  const [wakingKey] = useState(() => crypto.randomUUID())
  const formKey = move ? undefined : (initial.formKey ?? (hydrated ? wakingKey : undefined))
  const zoneChooser = useRef<HTMLSelectElement>(null)
  const timeChoices = useRef<HTMLFieldSetElement>(null)
  // The form wakes as the visitor reaches it, and may still be on its way
  // when they choose: a zone chosen or a time picked before it woke is the
  // form's from the start. Both controls keep what the visitor did, as React
  // leaves an uncontrolled control's value to the browser.
  useEffect(() => {
    const zone = zoneChooser.current?.value
    if (zone && zone !== times.timeZone) {
      setTimeZone(zone)
      keepInAddress(ZONE_PARAM, zone)
    }
    const picked = timeChoices.current?.querySelector<HTMLInputElement>('input[name="start"]:checked')
    if (picked) setChosen(picked.value)
  }, [times.timeZone])
  // Formatted once per zone and week, not on each choice of a time.
  const shown = useMemo(
    () =>
      timeZone === times.timeZone && from === undefined
        ? times
        : timesInZone(starts, timeZone, {
            nearest,
            // In another zone, the page's week: from its first day, or the first week.
            from: from ?? (times.earlier ? times.days[0]?.date : undefined),
            showing: values.start,
          }),
    [times, starts, timeZone, from, nearest, values.start],
  )
  const { days } = shown
  const openDate = days.find((day) => day.slots.some((slot) => slot.start === chosen))?.date ?? days[0]?.date
  // A time chosen in a week no longer shown is still the one sent.
  const chosenElsewhere =
    chosen !== undefined &&
    starts.includes(chosen) &&
    !nearest.includes(chosen) &&
    !days.some((day) => day.slots.some((slot) => slot.start === chosen))

  function chooseZone(event: ChangeEvent<HTMLSelectElement>) {
    if (!hydrated) return
    setTimeZone(event.target.value)
    keepInAddress(ZONE_PARAM, event.target.value)
  }

  function goToWeek(event: MouseEvent<HTMLButtonElement>, date: string | undefined) {
    if (!hydrated) return
    event.preventDefault()
    if (date === undefined) return
    setFrom(date)
    keepInAddress(FROM_PARAM, date)
  }

  function noteChoice(event: ChangeEvent<HTMLFieldSetElement>) {
    const input: EventTarget = event.target
    if (input instanceof HTMLInputElement && input.name === 'start') setChosen(input.value)
  }

  // The zone form's query, kept when it asks again (a GET form drops its action's).
  const [actionPath = action, actionQuery = ''] = action.split('?')
  // The post names the zone in its address too, so that a refused booking
  // comes back with the times in the zone they were chosen in.
  const postAction = `${actionPath}?${new URLSearchParams([
    ...new URLSearchParams(actionQuery),
    ...new URLSearchParams(post),
    [ZONE_PARAM, timeZone],
  ])}`
  const weekButton = (date: string | undefined, label: string, icon: 'arrow-left' | 'arrow-right') => (
    <Button
      type="submit"
      form={BOOKING_ZONE_FORM_ID}
      name={date === undefined ? undefined : FROM_PARAM}
      value={date}
      variant="outline"
      // Without scripts a week button that leads nowhere is disabled; with
      // them it stays focusable, so focus stays where the visitor left it.
      disabled={!hydrated && date === undefined}
      aria-disabled={hydrated && date === undefined ? true : undefined}
      onClick={(event) => goToWeek(event, date)}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
    >
      {icon === 'arrow-left' ? <Icon name={icon} /> : null}
      {label}
      {icon === 'arrow-right' ? <Icon name={icon} /> : null}
    </Button>
  )

  const { control, field } = formFields({
    errors,
    values,
    first: firstBookingError(errors),
    controlId: bookingControlId,
    errorId: bookingErrorId,
  })
  // Each time is a label styled by its list (`slotList`), so that the page writes the classes
  // once a day rather than once a time.
  const slotChoice = (start: string, label: string) => (
    <label key={start}>
      <input type="radio" name="start" value={start} defaultChecked={start === chosen} className="sr-only" />
      {label}
    </label>
  )

  return (
    <div className="flex flex-col gap-8">
      {/* The button beside the chooser, the line under both: when scripts take
          over and the button goes, nothing below moves. */}
      <form id={BOOKING_ZONE_FORM_ID} method="get" action={actionPath}>
        {[...new URLSearchParams(actionQuery)].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor="booking-zone" className="block text-sm font-semibold text-ink">
          Times are shown in
        </label>
        <div className="flex items-start gap-3">
          <select
            id="booking-zone"
            name={ZONE_PARAM}
            ref={zoneChooser}
            defaultValue={timeZone}
            onChange={chooseZone}
            aria-describedby="booking-zone-now"
            className={`${controlClass} h-11 min-w-0 sm:max-w-md`}
            // Every zone, labeled for people (app/lib/booking/booking-days.ts `zoneOptions`), is written
            // into the page once, as HTML, and not into the island's props: the browser keeps the
            // options the page drew (React leaves inner HTML as it is when it wakes the form), so
            // the list costs neither a second copy nor the formatting of some 400 labels on waking.
            dangerouslySetInnerHTML={
              import.meta.env.SSR ? { __html: zoneOptions(times.timeZone, Date.parse(starts[0]!)) } : drawnOptions
            }
            suppressHydrationWarning
          />
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
        action={postAction}
        noValidate
        aria-label={move ? 'Move your call' : 'Book your call'}
        className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start"
      >
        <input type="hidden" name="timeZone" value={timeZone} />
        {formKey ? <input type="hidden" name={FORM_KEY_FIELD} value={formKey} /> : null}
        {Object.entries(move?.fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset
          ref={timeChoices}
          className="min-w-0"
          onChange={noteChoice}
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
              <div className={`mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 ${slotList}`}>
                {nearest.map((start, index) => slotChoice(start, shown.nearest[index]!))}
              </div>
            </div>
          ) : null}
          <p aria-live="polite" className="mt-4 text-sm text-muted">
            {days.length === 1
              ? `Times on ${days[0]!.label}.`
              : `Times from ${days[0]!.label} to ${days.at(-1)!.label}.`}
            {chosenElsewhere ? ` Your pick, ${whenInZone(chosen, timeZone)}, is in another week.` : ''}
          </p>
          {chosenElsewhere ? <input type="hidden" name="start" value={chosen} /> : null}
          <div className="mt-3 flex flex-col gap-3">
            {days.map((day) => (
              <details
                key={day.date}
                name="booking-day"
                open={day.date === openDate}
                className="group rounded-xl border border-slate-200 bg-surface"
              >
                <summary className="flex cursor-pointer items-center justify-between gap-4 rounded-xl px-4 py-3 font-semibold text-ink">
                  <span>{day.label}</span>
                  <span className="text-sm font-normal text-muted">
                    {day.slots.length} {day.slots.length === 1 ? 'time' : 'times'}
                  </span>
                </summary>
                <div className={`grid grid-cols-3 gap-2 px-4 pb-4 sm:grid-cols-4 md:grid-cols-5 ${slotList}`}>
                  {day.slots.map((slot) => slotChoice(slot.start, slot.time))}
                </div>
              </details>
            ))}
          </div>
          <div className="mt-4 flex flex-wrap justify-between gap-3">
            {weekButton(shown.earlier, 'Earlier times', 'arrow-left')}
            {weekButton(shown.later, 'Later times', 'arrow-right')}
          </div>
        </fieldset>

        <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-surface p-6 lg:sticky lg:top-24">
          {move ? (
            <BookedCall call={move.current} title="Booked now" />
          ) : (
            <>
              {meeting ? (
                <div className="border-b border-slate-200 pb-5">
                  <HostCard mode={meeting} />
                </div>
              ) : null}
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
              {meeting?.kind === 'phone'
                ? field(
                    'phone',
                    `Phone number ${hostFirstName} calls`,
                    <input
                      {...control('phone')}
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel"
                      className={`${controlClass} h-11`}
                    />,
                  )
                : null}
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
