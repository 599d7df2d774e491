/// <reference types="astro/client" />
import type { BookingLinkData, BookingPageData } from '#app/lib/booking/booking-page.ts'
import type { SiteServices } from '#server/site-services.ts'

// What the Node server hands every request Astro answers on demand (server/http/pages.ts).
declare global {
  namespace App {
    interface Locals {
      /** The store, the lead intake, the booking service, the write limiter and the clock, set up once by server/start.ts. */
      services: SiteServices
      /** The booking page's free times and a refused booking (app/lib/booking/booking-page.ts). */
      booking?: BookingPageData
      /** The call a mailed link names, for /book/manage (app/lib/booking/booking-page.ts). */
      bookingLink?: BookingLinkData
    }
  }
}
