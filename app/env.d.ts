/// <reference types="astro/client" />

// What the Node server hands a page it renders on demand (server/astro/entry.ts).
declare namespace App {
  interface Locals {
    /**
     * A contact form post the server refused (server/contact-post.ts): the
     * page shows it with each error beside its field, what was typed kept,
     * and answers with `status`.
     */
    contactForm?: import('#app/lib/contact-form.ts').RefusedContactForm
  }
}
