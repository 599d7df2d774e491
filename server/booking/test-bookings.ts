// For the booking tests (server/booking-actions.test.ts, the mails', the slots' and the invitation's):
// the booking pages as a visitor without scripts uses them, read from the real HTML the
// server answers (docs/decisions/045-astro-owns-pages-forms-and-content.md), and stored
// bookings for the tests of what is written from one.
import { bookingFields, FORM_KEY_FIELD } from '#app/lib/booking/booking-form.ts'
import {
  attribute,
  elementsByTag,
  findElements,
  parseHtml,
  textOf,
  type HtmlDocument,
  type HtmlElement,
} from '#tests/gates/html-dom.ts'
import type { StoredBooking } from '../store/store.ts'

/** A signing secret for tests' servers (BOOKING_SECRET). */
export const TEST_BOOKING_SECRET = 'test-booking-secret-of-32-characters-or-more'

/** The booking form's fields, all filled in; `start` and `timeZone` are the test's. */
export const booker = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  note: 'We would like more qualified leads from search.',
}

let bookers = 0
/**
 * The booking form's fields with an address of their own: an address may have
 * one call ahead at a time (server/booking/limits.ts), so each booking a test
 * makes is another person's.
 */
export function aBooker() {
  bookers += 1
  return { ...booker, email: `ada-${bookers}-${Math.random().toString(36).slice(2, 8)}@example.com` }
}

/** A form of a page as a browser would send it: where it posts, and the fields it carries without the visitor. */
export interface ShownForm {
  id?: string
  /** The form's `action`, as written (a path with its query). */
  action: string
  method: string
  /** The hidden fields that belong to it (inside it, or naming it by their `form` attribute). */
  hidden: Record<string, string>
  /** The text of its submit buttons. */
  buttons: string[]
}

/** What a booking page (/book, /book/manage) shows a visitor. */
export interface BookingPage {
  status: number
  heading: string
  /** The line under the heading. */
  lede: string
  /** The text of the page's main content, spaces collapsed: the call shown, its zone, the links. */
  text: string
  /** The messages said at once (`role="alert"`): a whole form's error. */
  alerts: string[]
  /** The messages said politely (`role="status"`): no time to offer, a held call. */
  statuses: string[]
  /** Each field's error shown beside it (`start`: beside the times). */
  errors: Partial<Record<(typeof bookingFields)[number], string>>
  /** What the fields hold: what the visitor typed, the time chosen. */
  values: Partial<Record<(typeof bookingFields)[number], string>>
  /** The times of the week shown, by day (UTC starts, as the radio buttons send them). */
  offered: string[]
  /** The same times as the visitor reads them: each one's label and the heading of its day. */
  offeredTimes: { start: string; time: string; day: string }[]
  /** After a taken time: the nearest free ones, offered first. */
  nearest: string[]
  /** The first day of the weeks before and after, as their buttons ask for them (`?from=`). */
  earlier?: string
  later?: string
  /** The booking form's one-time key (`formKey`), when the page gives one: a refused form's own. */
  formKey?: string
  /** The forms that post (the booking form, a link's button). */
  forms: ShownForm[]
  /** The links of the main content, as written. */
  links: string[]
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * The text a visitor reads in `element`, each element's apart from the next
 * (as blocks show it), spaces collapsed: without scripts, and without the
 * options of a list, which show one at a time.
 */
function visibleText(element: HtmlElement): string {
  const parts: string[] = []
  const walk = (node: HtmlElement['children'][number]) => {
    if (node.type === 'text' && 'data' in node) parts.push(node.data)
    else if ('children' in node && 'name' in node && !['script', 'style', 'select', 'template'].includes(node.name))
      for (const child of node.children) walk(child)
  }
  for (const child of element.children) walk(child)
  return collapse(parts.join(' '))
}

function byId(document: HtmlDocument, id: string): HtmlElement | undefined {
  return findElements(document, (element) => attribute(element, 'id') === id)[0]
}

function within(element: HtmlElement, ancestor: HtmlElement): boolean {
  for (let parent = element.parent; parent; parent = parent.parent) if (parent === ancestor) return true
  return false
}

/** The value a control sends: an input's `value`, a textarea's text, a select's selected option. */
function valueOf(control: HtmlElement): string {
  if (control.name === 'textarea') return textOf(control)
  if (control.name === 'select') {
    const selected = elementsByTag(control, 'option').find((option) => attribute(option, 'selected') !== undefined)
    return selected ? (attribute(selected, 'value') ?? textOf(selected)) : ''
  }
  return attribute(control, 'value') ?? ''
}

/** Reads a booking page's HTML as the server answered it, by its elements and their roles. */
export function readBookingPage(html: string, status = 200): BookingPage {
  const document = parseHtml(html)
  const main = elementsByTag(document, 'main')[0]
  if (!main) throw new Error(`No <main> in the page: ${html.slice(0, 200)}`)
  const h1 = elementsByTag(main, 'h1')[0]
  if (!h1) throw new Error('The page has no heading')
  const siblings = (h1.parent?.children ?? []).filter((node): node is HtmlElement => 'name' in node)
  const lede = siblings[siblings.indexOf(h1) + 1]

  const errors: BookingPage['errors'] = {}
  const values: BookingPage['values'] = {}
  for (const field of bookingFields) {
    const error = byId(document, `booking-${field}-error`)
    if (error) errors[field] = collapse(textOf(error))
    const control = byId(document, `booking-${field}`)
    if (control && valueOf(control) !== '') values[field] = valueOf(control)
  }
  const radios = findElements(main, (element) => element.name === 'input' && attribute(element, 'name') === 'start')
  const days = elementsByTag(main, 'details')
  const dayOf = (radio: HtmlElement) => days.find((day) => within(radio, day))
  const inADay = (radio: HtmlElement) => dayOf(radio) !== undefined
  const dayHeading = (day: HtmlElement) => {
    const summary = elementsByTag(day, 'summary')[0]
    return summary ? collapse(textOf(elementsByTag(summary, 'span')[0] ?? summary)) : ''
  }
  const checked = radios.find((radio) => attribute(radio, 'checked') !== undefined)
  if (checked) values.start = attribute(checked, 'value')!

  const inputs = elementsByTag(document, 'input')
  const forms = elementsByTag(main, 'form')
    .filter((form) => attribute(form, 'method') === 'post')
    .map((form): ShownForm => {
      const id = attribute(form, 'id')
      const hidden: Record<string, string> = {}
      for (const input of inputs) {
        const owner = attribute(input, 'form')
        const belongs = owner === undefined ? within(input, form) : owner === id
        const name = attribute(input, 'name')
        // A hidden `start` is the visitor's pick in another week, not one of the form's own fields.
        if (belongs && attribute(input, 'type') === 'hidden' && name !== undefined && name !== 'start')
          hidden[name] = attribute(input, 'value') ?? ''
      }
      const buttons = elementsByTag(form, 'button')
        .filter(
          (button) => (attribute(button, 'type') ?? 'submit') === 'submit' && attribute(button, 'form') === undefined,
        )
        .map((button) => collapse(textOf(button)))
      return { ...(id ? { id } : {}), action: attribute(form, 'action')!, method: 'post', hidden, buttons }
    })
  const weekButton = (label: string) => {
    const button = elementsByTag(main, 'button').find((candidate) => collapse(textOf(candidate)) === label)
    return button && attribute(button, 'disabled') === undefined ? attribute(button, 'value') : undefined
  }
  const earlier = weekButton('Earlier times')
  const later = weekButton('Later times')
  const formKey = inputs.find((input) => attribute(input, 'name') === FORM_KEY_FIELD)
  const withRole = (role: string) =>
    findElements(main, (element) => attribute(element, 'role') === role).map(visibleText)

  return {
    status,
    heading: collapse(textOf(h1)),
    lede: lede ? collapse(textOf(lede)) : '',
    text: visibleText(main),
    alerts: withRole('alert'),
    statuses: withRole('status'),
    errors,
    values,
    offered: radios.filter(inADay).map((radio) => attribute(radio, 'value')!),
    offeredTimes: radios.filter(inADay).map((radio) => ({
      start: attribute(radio, 'value')!,
      time: radio.parent && 'name' in radio.parent ? collapse(textOf(radio.parent)) : '',
      day: dayHeading(dayOf(radio)!),
    })),
    nearest: radios.filter((radio) => !inADay(radio)).map((radio) => attribute(radio, 'value')!),
    ...(earlier ? { earlier } : {}),
    ...(later ? { later } : {}),
    ...(formKey ? { formKey: attribute(formKey, 'value')! } : {}),
    forms,
    links: elementsByTag(main, 'a').map((link) => attribute(link, 'href') ?? ''),
  }
}

/** `GET path` of the server at `url`, read as a booking page. */
export async function openBookingPage(
  url: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<BookingPage> {
  const response = await fetch(`${url}${path}`, { headers, redirect: 'manual' })
  return readBookingPage(await response.text(), response.status)
}

/** /book in `timeZone` (`?tz=`), or its week from `from` (`?from=`). */
export function bookPage(
  url: string,
  { timeZone = 'America/New_York', from }: { timeZone?: string; from?: string } = {},
) {
  return openBookingPage(url, `/book?${new URLSearchParams({ tz: timeZone, ...(from ? { from } : {}) })}`)
}

/** Every time /book offers now, week after week ("Later times"), in `timeZone`. */
export async function offeredStarts(url: string, timeZone = 'America/New_York'): Promise<string[]> {
  const starts: string[] = []
  let page = await bookPage(url, { timeZone })
  for (;;) {
    if (page.status !== 200) throw new Error(`/book answered ${page.status}`)
    starts.push(...page.offered)
    if (!page.later) return starts
    page = await bookPage(url, { timeZone, from: page.later })
  }
}

/**
 * Sends `form` as a browser without scripts does: a form post
 * (application/x-www-form-urlencoded) to its action on the server at `url`,
 * with its hidden fields and `fields` (an undefined field is not sent), not
 * following the redirect. `forwardedFor`: the address the proxy in front
 * names (TRUSTED_PROXIES=1).
 */
export function submitForm(
  url: string,
  form: Pick<ShownForm, 'action' | 'hidden'>,
  fields: Record<string, string | undefined> = {},
  { forwardedFor, headers = {} }: { forwardedFor?: string; headers?: Record<string, string> } = {},
) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...form.hidden, ...fields }))
    if (value !== undefined) body.set(name, value)
  return fetch(`${url}${form.action}`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...headers,
    },
  })
}

/** The booking form of a page that shows it: where it posts, with its time zone and its one-time key. */
export function bookingFormOf(page: BookingPage): ShownForm {
  const form = page.forms.find((candidate) => candidate.id === 'booking-form')
  if (!form) throw new Error(`The page shows no booking form: ${page.heading}. ${page.lede} ${page.statuses.join(' ')}`)
  return form
}

/**
 * The booking form as it is once it woke in a browser: with the one-time key
 * it makes then (FORM_KEY_FIELD, app/components/booking-form.tsx), unless the
 * page gave it one (a refused form's own).
 */
export function wokenBookingForm(page: BookingPage): ShownForm {
  const form = bookingFormOf(page)
  return { ...form, hidden: { ...form.hidden, [FORM_KEY_FIELD]: page.formKey ?? crypto.randomUUID() } }
}

/**
 * Books as a visitor does: opens /book in `timeZone`, picks the time `index`
 * places into the week shown (or `start`), fills in `fields` and sends the
 * woken form with its key. Resolves to the answer, the time and the key sent.
 */
export async function bookThroughPage(
  url: string,
  fields: Record<string, string | undefined>,
  {
    timeZone = 'America/New_York',
    index = 0,
    start,
    forwardedFor,
  }: { timeZone?: string; index?: number; start?: string; forwardedFor?: string } = {},
) {
  const page = await bookPage(url, { timeZone })
  const chosen = start ?? page.offered[index]
  if (chosen === undefined) throw new Error(`/book offers no time at ${index}`)
  const form = wokenBookingForm(page)
  const response = await submitForm(url, form, { start: chosen, ...fields }, { forwardedFor })
  return { response, start: chosen, formKey: form.hidden[FORM_KEY_FIELD] }
}

/** The page a booking's answer redirects to (`Location`), opened and read. */
export async function landingOf(url: string, response: Response): Promise<BookingPage> {
  const location = response.headers.get('location')
  if (response.status !== 303 || !location) throw new Error(`Expected a 303, got ${response.status}`)
  return openBookingPage(url, location)
}

/** A refused post's page (the form again, or why the link no longer works), read. */
export async function answeredPage(response: Response): Promise<BookingPage> {
  return readBookingPage(await response.text(), response.status)
}

/**
 * A booking as the store gives it, for the tests of what is written from one
 * (the invitation, the mails): a call on Wednesday 2026-12-02 at 09:00 in New
 * York, booked from Berlin; `overrides` for what a test is about.
 */
export function storedBooking(overrides: Partial<StoredBooking> = {}): StoredBooking {
  return {
    id: '0e6a3f7e-1111-4222-8333-444455556666',
    leadId: 'lead',
    start: '2026-12-02T14:00:00.000Z',
    end: '2026-12-02T14:30:00.000Z',
    timeZone: 'Europe/Berlin',
    uid: '5b1c@northpeak.example',
    sequence: 0,
    status: 'confirmed',
    createdAt: Date.parse('2026-11-30T12:00:00Z'),
    updatedAt: Date.parse('2026-11-30T12:05:00Z'),
    holdExpiresAt: null,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: null,
    note: null,
    phone: null,
    ...overrides,
  }
}
