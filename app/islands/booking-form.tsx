import { startTransition, useEffect, useState, type ComponentProps } from 'react'
import { BookingForm as Form } from '#app/components/booking-form.tsx'
import { IslandBoundary } from '#app/components/error-fallback.tsx'
import { knownTimeZone } from '#app/lib/booking-days.ts'
import { ZONE_PARAM } from '#app/lib/booking-form.ts'

/**
 * This island's module, by its path from the project's root: the pages that
 * show it preload its modules by this name (app/lib/island-modules.ts).
 */
export const BOOKING_ISLAND = 'app/islands/booking-form.tsx'

/** The zone the browser reports, when the address names none and the list has it. */
function browserZone(zones: readonly string[]): string | undefined {
  if (new URL(window.location.href).searchParams.has(ZONE_PARAM)) return undefined
  const zone = knownTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone)
  return zone && zones.includes(zone) ? zone : undefined
}

/**
 * The booking form (app/components/booking-form.tsx) as an island, woken when
 * the page is idle: it shows the times in the zone the browser reports unless
 * the address names one (`?tz=`), and re-draws them at once when the visitor
 * picks another zone or week. Until it wakes, and without JavaScript, the zone
 * chooser and the week buttons ask the page again; the booking is a form post
 * either way.
 *
 * It hydrates with the HTML's zone and the times the page formatted in it,
 * then re-draws in the browser's as a transition: React builds the new times
 * in short slices the page stays responsive between, and the browser starts
 * its date formatting after the wake-up, not in the same long task.
 */
export function BookingForm(props: Omit<ComponentProps<typeof Form>, 'timeZone' | 'hydrated'>) {
  const [awake, setAwake] = useState<{ timeZone: string } | null>(null)
  const { zones } = props
  const rendered = props.times.timeZone
  useEffect(() => {
    startTransition(() => setAwake({ timeZone: browserZone(zones) ?? rendered }))
  }, [zones, rendered])
  const timeZone = awake?.timeZone ?? rendered
  return (
    <IslandBoundary>
      <Form key={timeZone} {...props} timeZone={timeZone} hydrated={awake !== null} />
    </IslandBoundary>
  )
}
