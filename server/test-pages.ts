import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import { contactFormFields } from '#app/lib/leads/lead-fields.ts'
import { attribute, findElements, parseHtml, textOf, type HtmlElement } from '#tests/gates/html-dom.ts'
import { HASHED_ASSETS } from './hosting/cache-policy.ts'
import type { StaticFile } from './hosting/static-files.ts'

/**
 * For the server's tests, which serve the site's real build (`builtClientDir`
 * in ./test-server.ts): what a visitor reads on its pages.
 */

/** The heading of /about, as content/pages/about.md gives it: the page's h1. */
export const aboutHeading = (
  load(readFileSync('content/pages/about.md', 'utf8').split(/^---$/m)[1]!) as { heading: string }
).heading

/** What the contact form of a /contact page shows (app/components/contact-form.tsx). */
export interface ShownContactForm {
  /** The message beside each field marked wrong (`aria-invalid`), by the field's name. */
  errors: Record<string, string>
  /** What each field holds, by name; empty ones left out. */
  values: Record<string, string>
  /** The form's status line under the button, which says a whole form's error. */
  status: string
}

/** Reads back what the contact form (`#contact-form`) of a rendered /contact page shows. */
export function shownContactForm(html: string): ShownContactForm {
  const document = parseHtml(html)
  const byId = (id: string): HtmlElement | undefined =>
    findElements(document, (node) => attribute(node, 'id') === id)[0]
  const form = byId('contact-form')
  if (!form) throw new Error(`The page has no contact form: ${html.slice(0, 200)}`)
  const shown: ShownContactForm = { errors: {}, values: {}, status: '' }
  for (const field of contactFormFields) {
    const control = findElements(form, (node) => attribute(node, 'name') === field)[0]
    if (!control) throw new Error(`The form has no field ${field}`)
    const value =
      control.name === 'select'
        ? (findElements(control, (node) => node.name === 'option' && attribute(node, 'selected') !== undefined).map(
            (option) => attribute(option, 'value'),
          )[0] ?? '')
        : control.name === 'textarea'
          ? textOf(control)
          : (attribute(control, 'value') ?? '')
    if (value) shown.values[field] = value
    if (attribute(control, 'aria-invalid') === 'true') {
      const described = attribute(control, 'aria-describedby')
      const message = described ? byId(described) : undefined
      if (!message) throw new Error(`The field ${field} is marked wrong and says nothing`)
      shown.errors[field] = textOf(message)
    }
  }
  shown.status = textOf(findElements(form, (node) => attribute(node, 'role') === 'status')[0]!)
  return shown
}

/** A script of the build's hashed assets (under /assets/) that has a Brotli copy, as `indexStaticFiles` lists it. */
export function hashedScript(files: Map<string, StaticFile>): { urlPath: string; file: StaticFile } {
  const found = [...files].find(
    ([urlPath, file]) => urlPath.startsWith(HASHED_ASSETS) && urlPath.endsWith('.js') && file.encodings.includes('br'),
  )
  if (!found) throw new Error('The build has no hashed script with a Brotli copy')
  return { urlPath: found[0], file: found[1] }
}
