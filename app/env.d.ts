/// <reference types="astro/client" />
import type { BookingLinkData, BookingPageData } from '#app/lib/booking-page.ts'
import type { RefusedContactForm } from '#app/lib/contact-form.ts'

// What the Node server hands a page it renders on demand (server/astro/entry.ts).
declare global {
  namespace App {
    interface Locals {
      /**
       * A contact form post the server refused (server/rendered-pages.ts): the
       * page shows it with each error beside its field, what was typed kept,
       * and answers with `status`.
       */
      contactForm?: RefusedContactForm
      /** The booking page's free times and a refused booking (app/lib/booking-page.ts). */
      booking?: BookingPageData
      /** The call a mailed link names, for /book/manage (app/lib/booking-page.ts). */
      bookingLink?: BookingLinkData
    }
  }
}
