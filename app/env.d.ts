/// <reference types="astro/client" />
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
    }
  }
}
