/**
 * The lead schema (docs/product.md#lead-capture): what the exit popup and the
 * contact form send to `POST /api/leads`, checked by this one schema in the
 * browser and on the server, with a message per field for the visitor
 * (docs/product.md#validation-rules).
 *
 * This module ships to the browser: zod and the registry only, no server code.
 */
import { z } from 'zod'
import { AUDIT_REPORT_ID } from '../audit/report.ts'
import { AUDIT_TOPIC } from './audit-request.ts'
import { budgetOptions, HONEYPOT_FIELD, leadLimits, serviceOptions, topicOptions } from './lead-fields.ts'

// The fields, their options and limits, without zod: the contact page renders
// them at once and loads this schema only when it checks a form.
export * from './lead-fields.ts'

// Pages forbid eval (no 'unsafe-eval', docs/decisions/016-security-headers-at-build.md).
// With its JIT on, zod probes `new Function` when it builds an object schema:
// zod catches the refusal, but the browser still reports it as a CSP
// violation (docs/decisions/022-release-gates.md). In the browser zod parses
// without JIT; the server keeps it.
if (typeof document !== 'undefined') z.config({ jitless: true })

const values = <T extends readonly { value: string }[]>(options: T) =>
  options.map((option) => option.value) as [T[number]['value'], ...T[number]['value'][]]

/**
 * A form sends "" for a field left empty, which Astro's form actions hand on
 * as null: either is the same as leaving the field out.
 */
const emptyAsMissing = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

/** No control characters (C0, DEL, C1): what is shown to the team must print as text. */
const printable = /^[^\p{Cc}]*$/u

/**
 * What a person types holds no control character: the values go into mails and
 * into the booking's iCalendar invitation, where a carriage return ends a line
 * (issue 38; server/booking/README.md, "Mails"). A multi-line field takes the
 * line breaks a textarea sends, CRLF in a form post, and keeps them as LF.
 * Checked on the value as sent, before it is trimmed: "Ada\r" is refused, not
 * trimmed to "Ada".
 */
const typedPrintable = (value: string, multiline: boolean) =>
  printable.test(multiline ? value.replace(/\r?\n/g, '') : value)

const typed = (controls: string, multiline: boolean, error?: string) =>
  z
    .string(error === undefined ? undefined : { error })
    .refine((value) => typedPrintable(value, multiline), { error: controls })
    .overwrite((value) => (multiline ? value.replace(/\r\n/g, '\n') : value))
    .trim()

const required = (message: string, max: number, tooLong: string, controls: string, multiline = false) =>
  typed(controls, multiline, message).min(1, { error: message }).max(max, { error: tooLong })

/** Empty, or spaces (and line breaks in a multi-line field) only, is missing; a control character is refused. */
const optionalText = (max: number, tooLong: string, controls: string, multiline = false) =>
  z.preprocess(
    (value) =>
      value === null || (typeof value === 'string' && value.trim() === '' && typedPrintable(value, multiline))
        ? undefined
        : value,
    typed(controls, multiline).max(max, { error: tooLong }).optional(),
  )

const optionalChoice = <T extends [string, ...string[]]>(choices: T, message: string) =>
  z.preprocess(emptyAsMissing, z.enum(choices, { error: message }).optional())

/**
 * Attribution is best effort: a value that is malformed or too long is left
 * out rather than turning a visitor's lead away. One with a control character
 * anywhere, even where trimming would take it away, is left out too.
 */
const attributionText = (max: number, pattern: RegExp = printable) =>
  z.preprocess(emptyAsMissing, z.string().regex(printable).trim().max(max).regex(pattern).optional()).catch(undefined)

export const email = required(
  'Enter your email address',
  leadLimits.email,
  'Enter an email address under 254 characters',
  'Remove the control characters from your email address',
).pipe(z.email({ error: 'Enter a valid email address, like name@company.com' }))

/** Where the lead came from: the page, the referrer's host, the landing page's `utm_*` parameters. */
export const attributionShape = {
  /** Path of the page the lead was sent from, e.g. `/services/paid-ads`. */
  page: attributionText(leadLimits.page, /^\/(?!\/)\S*$/),
  /** Host name of the site that sent the visitor here, e.g. `www.google.com`. */
  referrerHost: attributionText(leadLimits.referrerHost, /^[a-z0-9.-]+(:\d{1,5})?$/i),
  utm_source: attributionText(leadLimits.utm),
  utm_medium: attributionText(leadLimits.utm),
  utm_campaign: attributionText(leadLimits.utm),
  utm_term: attributionText(leadLimits.utm),
  utm_content: attributionText(leadLimits.utm),
}

/** The exit popup's sign-up: an email address for the audit checklist. */
export const popupLeadSchema = z.object({
  kind: z.literal('popup'),
  email,
  ...attributionShape,
})

/**
 * A website's address as people type it: `example.com`, `www.example.com/shop`
 * or a full `https://` address; kept as a full address (`https://example.com/`).
 */
const websiteAddress = (typed: string) => {
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`)
    const usable =
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.username === '' &&
      url.password === '' &&
      /^[a-z\d-]+(\.[a-z\d-]+)*\.[a-z][a-z\d-]+$/i.test(url.hostname)
    return usable ? url.href : undefined
  } catch {
    return undefined
  }
}

const WEBSITE_HINT = "Enter your website's address, like example.com"

/**
 * The contact form's fields on `/contact`. What each topic needs
 * (docs/product.md#contact-form) is added by `contactRules`: the free
 * marketing audit needs a name, an address and the website to audit; a
 * message about anything else needs the service and the message.
 */
const contactShape = z.object({
  kind: z.literal('contact'),
  name: required(
    'Enter your name',
    leadLimits.name,
    'Enter a name under 100 characters',
    'Remove the control characters from your name',
  ),
  email,
  company: optionalText(
    leadLimits.company,
    'Enter a company name under 200 characters',
    'Remove the control characters from your company name',
  ),
  websiteUrl: optionalText(
    leadLimits.websiteUrl,
    'Enter a website address under 300 characters',
    "Remove the control characters from your website's address",
  ).pipe(
    z
      .string()
      .transform((typed, context) => {
        const address = websiteAddress(typed)
        if (address === undefined) context.issues.push({ code: 'custom', message: WEBSITE_HINT, input: typed })
        return address ?? typed
      })
      .optional(),
  ),
  service: optionalChoice(values(serviceOptions), 'Choose the service you are interested in'),
  budget: optionalChoice(values(budgetOptions), 'Choose one of the budget ranges'),
  message: optionalText(
    leadLimits.message,
    'Keep your message under 5,000 characters',
    'Remove the control characters from your message',
    true,
  ),
  topic: optionalChoice(values(topicOptions), 'Choose one of the topics'),
  /** The instant audit's report the full audit is asked with, from its page (/audit/report/<id>). */
  auditReport: z.preprocess(
    emptyAsMissing,
    z.string().regex(AUDIT_REPORT_ID, { error: 'This audit report address is not valid' }).optional(),
  ),
  ...attributionShape,
})

type ContactValues = Partial<Record<'topic' | 'websiteUrl' | 'service' | 'message', unknown>>

/**
 * What each topic requires of the contact form, checked even when other
 * fields are wrong so that every missing field is named at once.
 */
function contactRules<T extends z.ZodObject>(schema: T): T {
  const always = { when: () => true }
  const isAudit = (value: ContactValues) => value.topic === AUDIT_TOPIC
  const given = (field: unknown) => typeof field === 'string' && field.trim() !== ''
  return schema
    .refine((value: ContactValues) => !isAudit(value) || given(value.websiteUrl), {
      ...always,
      path: ['websiteUrl'],
      error: 'Enter the address of the website we should audit, like example.com',
    })
    .refine((value: ContactValues) => isAudit(value) || given(value.service), {
      ...always,
      path: ['service'],
      error: 'Choose the service you are interested in',
    })
    .refine((value: ContactValues) => isAudit(value) || given(value.message), {
      ...always,
      path: ['message'],
      error: 'Tell us a little about your project',
    })
}

/** The contact form on `/contact`. */
export const contactLeadSchema = contactRules(contactShape)

/** An idempotency key is 1 to 200 visible characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/

/**
 * What a form sends beside its lead: the honeypot, when the form was shown and
 * when it was sent (the bot check, server/leads/intake.ts), and the key that
 * makes a retry store nothing twice. None of it is stored.
 */
export const formExtras = {
  [HONEYPOT_FIELD]: z.string().optional(),
  startedAt: z.number().optional(),
  sentAt: z.number().optional(),
  idempotencyKey: z.string().regex(IDEMPOTENCY_KEY, { error: 'Use 1 to 200 visible characters' }).optional(),
}

/** The input of the contact action (app/actions/index.ts): the contact form's lead and its extras. */
export const contactFormSchema = contactRules(contactShape.extend(formExtras))
/** The input of the sign-up action (app/actions/index.ts): the popup's lead and its extras. */
export const signUpFormSchema = popupLeadSchema.extend(formExtras)
export type LeadForm = z.output<typeof contactFormSchema> | z.output<typeof signUpFormSchema>

export const leadSchema = z.discriminatedUnion('kind', [popupLeadSchema, contactLeadSchema], {
  error: 'Send "popup" or "contact" as the kind of lead',
})

/** What the browser sends (before checking). */
export type LeadInput = z.input<typeof leadSchema>
/** A checked lead of a form (`POST /api/leads`). */
export type Lead = z.output<typeof leadSchema>

/**
 * Who booked a strategy call on the site (server/booking/service.ts): a lead
 * of its own kind, taken with its slot by the booking action
 * (app/actions/booking.ts), never by the lead actions. The note is stored as
 * the lead's message.
 */
/**
 * A phone number as people write it: digits with spaces, dashes, dots or
 * brackets, a leading + for the country code; 7 to 15 digits (E.164's most).
 * Only for a phone call, when the host phones the booker
 * (docs/decisions/048-the-call-its-host-and-how-it-happens.md): the booking
 * service asks for it then (server/booking/service.ts) and keeps none otherwise.
 */
export const phoneNumber = z.preprocess(
  emptyAsMissing,
  typed('Remove the control characters from your phone number', false)
    .max(30, { error: 'Enter a phone number under 30 characters' })
    .refine((value) => /^\+?[\d\s().-]+$/.test(value) && /^\d{7,15}$/.test(value.replace(/\D/g, '')), {
      error: 'Enter a phone number of 7 to 15 digits, such as +1 512 555 0142',
    })
    .optional(),
)

export const bookingLeadSchema = z.object({
  kind: z.literal('booking'),
  name: required(
    'Enter your name',
    leadLimits.name,
    'Enter a name under 100 characters',
    'Remove the control characters from your name',
  ),
  email,
  company: required(
    'Enter your company',
    leadLimits.company,
    'Enter a company name under 200 characters',
    'Remove the control characters from your company name',
  ),
  note: optionalText(
    leadLimits.message,
    'Keep your note under 5,000 characters',
    'Remove the control characters from your note',
    true,
  ),
  phone: phoneNumber,
  ...attributionShape,
})

export type BookingLead = z.output<typeof bookingLeadSchema>
/** Any lead the store keeps: a form's or a booking's. */
export type AnyLead = Lead | BookingLead
export type LeadKind = AnyLead['kind']

/** One message per bad field, the first found, keyed by the field's name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'kind'
    fields[field] ??= issue.message
  }
  return fields
}
