import type { ComponentProps } from 'react'
import { BookingForm as Form } from '#app/components/booking-form.tsx'
import { IslandBoundary } from '#app/components/error-fallback.tsx'

/**
 * The booking form (app/components/booking-form.tsx), an island woken the
 * first time a visitor points at or focuses it (`client:interaction`). The
 * page has drawn the times in the visitor's zone already
 * (app/components/visitor-zone.astro), so waking only makes choosing another
 * zone or week draw it in place; until then, and without JavaScript, those
 * ask the page again, and the booking is a form post either way.
 */
export function BookingForm(props: ComponentProps<typeof Form>) {
  return (
    <IslandBoundary>
      <Form {...props} />
    </IslandBoundary>
  )
}
