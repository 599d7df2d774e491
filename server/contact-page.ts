import { readFile } from 'node:fs/promises'
import { Hono } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import {
  CONTACT_FORM_ID,
  controlId,
  errorClass,
  errorId,
  firstError,
  formOrder,
  type ContactFormState,
} from '#app/lib/contact-form.ts'
import { topicOptions } from '#app/lib/lead.ts'
import { cachePolicy } from './cache-policy.ts'
import { decodeFormCookie, FORM_COOKIE, FORM_COOKIE_PATH } from './form-cookie.ts'
import type { StaticFile } from './static-files.ts'

export const CONTACT_PAGE = '/contact'

/**
 * `/contact` for a visitor without JavaScript: after a refused form post (the
 * form cookie, server/README.md) the page comes back with each error beside
 * its field, what was typed filled in again and focus on the first error;
 * `?topic=audit` preselects the topic. Anything else is the pre-rendered page,
 * served by the pages app. The state also goes into the form's `data-state`,
 * which the form reads when it hydrates (app/lib/contact-form.ts).
 */
export function contactPageApp({
  files,
  pageCsp,
  formCookieSecret,
  now,
}: {
  files: Map<string, StaticFile>
  pageCsp: Record<string, string>
  formCookieSecret: string
  now: () => number
}) {
  const page = files.get(CONTACT_PAGE)
  const csp = pageCsp[CONTACT_PAGE]
  return new Hono().on(['GET', 'HEAD'], '/', async (c, next) => {
    if (!page || !csp) return next()
    const cookie = getCookie(c, FORM_COOKIE)
    const refused = cookie ? decodeFormCookie(cookie, formCookieSecret, now()) : null
    const topic = topicOptions.find((option) => option.value === c.req.query('topic'))?.value
    if (!refused && !topic) return next()

    const state: ContactFormState = {
      errors: refused?.errors ?? {},
      values: { ...(topic ? { topic } : {}), ...refused?.values },
    }
    // Shown once: a reload shows the form afresh.
    if (cookie) deleteCookie(c, FORM_COOKIE, { path: FORM_COOKIE_PATH })
    const html = withFormState(await readFile(page.file, 'utf8'), state)
    return c.html(html, 200, {
      // What the visitor typed: never kept by a cache.
      'Cache-Control': refused ? 'no-store' : cachePolicy.revalidate,
      'Content-Security-Policy': csp,
    })
  })
}

/**
 * The pre-rendered contact page with `state` written into its form, as the
 * form component renders it (app/components/contact-form.tsx): each control's
 * value, `aria-invalid` and `aria-describedby`, the message after the control,
 * `autofocus` on the first field with an error. Throws when the page's form
 * is not the one this expects, so a change to the form fails the tests.
 */
export function withFormState(html: string, state: ContactFormState): string {
  const formTag = `<form id="${CONTACT_FORM_ID}"`
  if (!html.includes(formTag)) throw new Error(`The contact page has no ${formTag}`)
  let out = html.replace(formTag, `${formTag} data-state="${escapeHtml(JSON.stringify(state))}"`)
  const first = firstError(state.errors)
  for (const field of formOrder) {
    const value = state.values[field]
    const error = state.errors[field]
    if (value === undefined && error === undefined) continue
    const opening = new RegExp(`<(input|select|textarea) id="${controlId(field)}"`).exec(out)
    if (!opening) throw new Error(`The contact form has no control for ${field}`)
    const [start, tag] = [opening.index + opening[0].length, opening[1]]
    let attributes = ''
    if (error !== undefined) attributes += ` aria-invalid="true" aria-describedby="${errorId(field)}"`
    if (field === first) attributes += ' autofocus=""'
    if (tag === 'input' && value !== undefined) attributes += ` value="${escapeHtml(value)}"`
    out = out.slice(0, start) + attributes + out.slice(start)

    let end: number
    if (tag === 'input') {
      end = out.indexOf('>', start) + 1
    } else if (tag === 'textarea') {
      const contentStart = out.indexOf('>', start) + 1
      const close = out.indexOf('</textarea>', contentStart)
      const content = value === undefined ? out.slice(contentStart, close) : escapeHtml(value)
      out = out.slice(0, contentStart) + content + out.slice(close)
      end = out.indexOf('</textarea>', contentStart) + '</textarea>'.length
    } else {
      const close = out.indexOf('</select>', start)
      let options = out.slice(start, close)
      if (value !== undefined) {
        options = options
          .replaceAll(' selected=""', '')
          .replace(`<option value="${escapeHtml(value)}"`, `<option value="${escapeHtml(value)}" selected=""`)
      }
      out = out.slice(0, start) + options + out.slice(close)
      end = out.indexOf('</select>', start) + '</select>'.length
    }
    if (error !== undefined) {
      out = `${out.slice(0, end)}<p id="${errorId(field)}" class="${errorClass}">${escapeHtml(error)}</p>${out.slice(end)}`
    }
  }
  return out
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char] ?? char,
  )
}
