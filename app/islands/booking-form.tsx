import type { ComponentProps } from 'react'
import { BookingForm as Form } from '#app/components/booking-form.tsx'
import { IslandBoundary } from '#app/components/error-fallback.tsx'
import { knownTimeZone } from '#app/lib/booking-days.ts'
import { ZONE_PARAM } from '#app/lib/booking-form.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'

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
 * picks another. Until it wakes, and without JavaScript, the zone chooser
 * reloads the page; the booking is a form post either way.
 */
export function BookingForm(props: ComponentProps<typeof Form>) {
  const hydrated = useHydrated()
  // The HTML's zone until hydrated, so the first render in the browser matches it.
  const timeZone = (hydrated && browserZone(props.zones)) || props.timeZone
  return (
    <IslandBoundary>
      <Form key={timeZone} {...props} timeZone={timeZone} hydrated={hydrated} />
    </IslandBoundary>
  )
}
