import { expect, test } from 'vitest'
import {
  bookingLeadSchema,
  contactLeadSchema,
  fieldErrors,
  leadSchema,
  popupLeadSchema,
  serviceOptions,
} from './lead.ts'
import { services } from '../site/registry.ts'

test("the service-of-interest options are the site's services and 'Not sure yet'", () => {
  expect(serviceOptions.map((option) => option.label)).toEqual([...services.map((entry) => entry.name), 'Not sure yet'])
  expect(serviceOptions[0]).toEqual({ value: 'website-design', label: 'Website Design' })
})

test('a contact form as the browser sends it: trimmed, empty optional fields left out', () => {
  const result = leadSchema.parse({
    kind: 'contact',
    name: '  Ada Lovelace ',
    email: ' ada@example.com ',
    company: '',
    service: 'analytics',
    budget: '',
    message: 'Hello',
    topic: 'project',
    websiteUrl: ' ',
    utm_source: '',
  })
  expect(result).toEqual({
    kind: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    service: 'analytics',
    message: 'Hello',
    topic: 'project',
  })
})

test('the free marketing audit needs a name, an address and a website, nothing else (docs/product.md#contact-form)', () => {
  const audit = { kind: 'contact', topic: 'audit', name: 'Ada Lovelace', email: 'ada@example.com' }
  expect(fieldErrors(leadSchema.safeParse({ ...audit, service: '', message: '' }).error!)).toEqual({
    websiteUrl: 'Enter the address of the website we should audit, like example.com',
  })
  expect(leadSchema.parse({ ...audit, websiteUrl: 'analytical-engines.example' })).toEqual({
    ...audit,
    websiteUrl: 'https://analytical-engines.example/',
  })
  // Any other topic, or none, needs the service and the message, and takes a website when given.
  expect(fieldErrors(leadSchema.safeParse({ ...audit, topic: 'project', websiteUrl: 'example.com' }).error!)).toEqual({
    service: 'Choose the service you are interested in',
    message: 'Tell us a little about your project',
  })
})

test.each([
  ['example.com', 'https://example.com/'],
  ['www.example.co.uk/shop?ref=1', 'https://www.example.co.uk/shop?ref=1'],
  ['HTTP://Example.com', 'http://example.com/'],
  ['  https://example.com/  ', 'https://example.com/'],
])('a website typed as %j is kept as %j', (typed, kept) => {
  const lead = { kind: 'contact', topic: 'audit', name: 'Ada', email: 'ada@example.com', websiteUrl: typed }
  expect(leadSchema.parse(lead)).toMatchObject({ websiteUrl: kept })
})

test.each([
  'localhost',
  'http://127.0.0.1',
  'ftp://example.com',
  'https://ada:secret@example.com',
  'example',
  'a b.com',
  `${'a'.repeat(300)}.com`,
])('a website typed as %j is refused with what to type', (typed) => {
  const lead = { kind: 'contact', topic: 'audit', name: 'Ada', email: 'ada@example.com', websiteUrl: typed }
  const message = fieldErrors(leadSchema.safeParse(lead).error!).websiteUrl
  expect(message).toMatch(/^Enter (your website's address, like example\.com|a website address under 300 characters)$/)
})

test('one message per bad field, the first one found', () => {
  const result = leadSchema.safeParse({ kind: 'contact', email: 'x', name: 'n'.repeat(101) })
  expect(result.success).toBe(false)
  expect(fieldErrors(result.error!)).toEqual({
    name: 'Enter a name under 100 characters',
    email: 'Enter a valid email address, like name@company.com',
    service: 'Choose the service you are interested in',
    message: 'Tell us a little about your project',
  })
})

// Issue 38: a carriage return in a name reached the booking's invitation and
// ended a line there (server/booking/README.md, "Mails").
const contactForm = {
  kind: 'contact',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  service: 'analytics',
  message: 'Hello',
}
const bookingForm = {
  kind: 'booking',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  note: 'More leads, please',
}
const controlMessages = {
  name: 'Remove the control characters from your name',
  email: 'Remove the control characters from your email address',
  company: 'Remove the control characters from your company name',
  message: 'Remove the control characters from your message',
  note: 'Remove the control characters from your note',
}
const typedFields = [
  ['contact', leadSchema, contactForm, ['name', 'email', 'company', 'message']],
  ['booking', bookingLeadSchema, bookingForm, ['name', 'email', 'company', 'note']],
  ['popup', popupLeadSchema, { kind: 'popup', email: 'ada@example.com' }, ['email']],
] as const
/** A bare CR, NUL, tab, ESC, DEL and a C1 character (NEL); a multi-line field takes none of them either. */
const controls = ['\r', '\0', '\t', '\x1b', '\x7f', '\u0085']

for (const [kind, schema, form, fields] of typedFields) {
  for (const field of fields) {
    test(`a ${kind} lead with a control character in its ${field}: refused, naming the field`, () => {
      const value = (form as Record<string, string>)[field]!
      const sent = controls.flatMap((control) => [
        // At the end, where trimming would have taken a CR away, in the middle, and alone.
        `${value}${control}`,
        `${value.slice(0, 3)}${control}${value.slice(3)}`,
        control,
      ])
      for (const typed of sent) {
        const result = schema.safeParse({ ...form, [field]: typed })
        expect(result.success, JSON.stringify(typed)).toBe(false)
        expect(fieldErrors(result.error!), JSON.stringify(typed)).toEqual({
          [field]: controlMessages[field as keyof typeof controlMessages],
        })
      }
    })
  }
}

test('the message and the note take line breaks as a form post sends them (CRLF) or as typed (LF), and keep LF', () => {
  const typed = 'First line\r\nSecond line\n\r\nAfter a blank line'
  const kept = 'First line\nSecond line\n\nAfter a blank line'
  expect(leadSchema.parse({ ...contactForm, message: typed })).toMatchObject({ message: kept })
  expect(bookingLeadSchema.parse({ ...bookingForm, note: typed })).toMatchObject({ note: kept })
  // Line breaks and spaces only: an empty note, left out; an empty message, asked for.
  expect(bookingLeadSchema.parse({ ...bookingForm, note: '\r\n \r\n' }).note).toBeUndefined()
  expect(fieldErrors(leadSchema.safeParse({ ...contactForm, message: '\r\n' }).error!)).toEqual({
    message: 'Tell us a little about your project',
  })
  // A line break counts once, as the textarea counts it: 5,000 characters kept, 5,499 as sent.
  const long = `${`${'x'.repeat(9)}\r\n`.repeat(499)}${'x'.repeat(10)}`
  expect(long).toHaveLength(5499)
  expect(contactLeadSchema.parse({ ...contactForm, message: long }).message).toHaveLength(5000)
})

test('a line break in a one-line field is refused, CRLF or LF', () => {
  for (const field of ['name', 'company'] as const) {
    for (const typed of ['Ada\r\nLovelace', 'Ada\nLovelace', 'Ada Lovelace\n']) {
      expect(fieldErrors(leadSchema.safeParse({ ...contactForm, [field]: typed }).error!)).toEqual({
        [field]: controlMessages[field],
      })
    }
  }
})

test('attribution with a control character is left out, never stored, and the lead is kept', () => {
  const result = leadSchema.parse({
    ...contactForm,
    page: '/contact\r',
    referrerHost: '\twww.google.com',
    utm_source: 'google\r\nX-Injected: 1',
    utm_medium: '\u0085cpc',
    utm_campaign: '\r',
    utm_term: 'marketing audit',
  })
  expect(result).toEqual({ ...contactForm, utm_term: 'marketing audit' })
  for (const field of ['page', 'referrerHost', 'utm_source', 'utm_medium', 'utm_campaign'] as const) {
    expect(result[field], field).toBeUndefined()
  }
})
