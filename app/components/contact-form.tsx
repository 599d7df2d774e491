import { useEffect, useRef, useState, type FocusEvent, type SubmitEvent } from 'react'
import { formFields } from '#app/components/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { toast } from '#app/components/ui/toast.ts'
import { trackFormSubmission } from '#app/lib/analytics/analytics.ts'
import { attributionFor, type Attribution } from '#app/lib/leads/attribution.ts'
import {
  ANNOUNCE_PAUSE_MS,
  CONTACT_FORM_ID,
  controlId,
  errorId,
  fieldsFor,
  fieldsInError,
  firstError,
  fixedAnnouncement,
  formOrder,
  type ContactField,
  type ContactFormState,
} from '#app/lib/leads/contact-form.ts'
import { AUDIT_REQUEST_NOTE, AUDIT_TOPIC } from '#app/lib/leads/audit-request.ts'
import { CONTACT_FORM_SECTION } from '#app/lib/leads/lead-constants.ts'
import {
  budgetOptions,
  contactFormFields,
  HONEYPOT_FIELD,
  leadLimits,
  serviceOptions,
  topicOptions,
} from '#app/lib/leads/lead-fields.ts'
import { sendLead } from '#app/lib/leads/send-lead.ts'
import { actions } from 'astro:actions'

/**
 * The schema, with zod, loaded when the visitor first touches the form or
 * sends it, not with the page: the form renders from app/lib/leads/lead-fields.ts alone.
 */
const loadSchema = () => import('#app/lib/leads/lead.ts')
const AUDIT_NOTE_ID = 'contact-audit-note'
/** The button that asks for the full audit with an instant report (docs/decisions/054-the-instant-audit.md). */
export const FULL_AUDIT_LABEL = 'Get the full audit'
const failed = { title: 'Something went wrong', description: 'Please try again later.' }
const controlClass =
  'mt-1.5 w-full rounded-lg border border-slate-300 bg-surface px-3 text-ink aria-invalid:border-danger'

/**
 * The contact form (docs/product.md#contact-form), rendered by /contact on
 * each request (app/pages/contact.astro). Without JavaScript it is a plain
 * form post to the contact action on the page itself: /thank-you follows, or
 * this page again showing `initial`, the errors and what was typed. As an
 * island, woken when a visitor starts to use it, it checks the fields with the
 * same schema as the action, calls the action without a reload and goes to
 * /thank-you. The free marketing audit's topic asks for the website and no
 * service, budget or message (docs/product.md#contact-form); the island
 * follows the topic as it is chosen, a plain post is answered by the form of
 * the topic it sent. Once errors show (after a send, or on the
 * refused page), each clears as its field becomes right, checked by the same
 * schema as the visitor types or leaves it; a polite live region says which
 * are fixed and how many remain, once typing pauses or the field is left.
 */
export function ContactForm({
  initial,
  action,
  thankYouPath,
  report,
  labelledBy = `${CONTACT_FORM_SECTION.id}-title`,
}: {
  /** What the form shows first: a refused post's errors and values, or `?topic=` preselected. */
  initial: ContactFormState
  /** Where the form posts without JavaScript: the contact action on the contact page. */
  action: string
  /** Where a sent form goes. */
  thankYouPath: string
  /**
   * The instant audit report the full audit is asked with, on the report's
   * page (app/pages/audit/report/[id].astro): the topic is the audit, and the
   * report goes with the lead (docs/decisions/054-the-instant-audit.md).
   */
  report?: { id: string; score: number }
  /** The id of the heading that names the form: the contact section's, unless the page's form has another. */
  labelledBy?: string
}) {
  const [state, setState] = useState<ContactFormState>(initial)
  // The topic as chosen: the one the visitor picked before the island woke, if any.
  const [topic, setTopic] = useState(initial.values.topic ?? '')
  const topicControl = useRef<HTMLSelectElement>(null)
  const [sending, setSending] = useState(false)
  const startedAt = useRef(0)
  // The errors as they are now, for checks that finish after a render.
  const errorsNow = useRef(initial.errors)
  // What the live region says, and the fixed fields it has yet to say.
  const [announcement, setAnnouncement] = useState('')
  const toAnnounce = useRef<ContactField[]>([])
  const announceTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => {
    startedAt.current = Date.now()
    if (topicControl.current) setTopic(topicControl.current.value)
    return () => clearTimeout(announceTimer.current)
  }, [])

  function show(next: ContactFormState) {
    errorsNow.current = next.errors
    setState(next)
  }

  /** New errors for the fields as they are: what was typed stays in the controls. */
  function showFieldErrors(errors: ContactFormState['errors']) {
    errorsNow.current = errors
    setState((current) => ({ ...current, errors }))
  }

  function announceFixed() {
    clearTimeout(announceTimer.current)
    if (toAnnounce.current.length === 0) return
    setAnnouncement(fixedAnnouncement(toAnnounce.current, fieldsInError(errorsNow.current).length))
    toAnnounce.current = []
  }

  /**
   * A field with an error, changed or left: checked with the whole form by
   * the schema, its error goes once it is right. Leaving it also updates the
   * message to what is wrong now ("ada@" is no longer empty, but not yet an
   * address), and says at once what was fixed.
   */
  async function recheck(target: EventTarget, leaving: boolean) {
    const control = target as Partial<HTMLInputElement>
    const field = formOrder.find((name) => name === control.name)
    if (!field || !control.form || errorsNow.current[field] === undefined) {
      if (leaving) announceFixed()
      return
    }
    let schema: Awaited<ReturnType<typeof loadSchema>>
    try {
      schema = await loadSchema()
    } catch {
      return // It cannot be checked here; the next send says what is wrong.
    }
    const checked = schema.contactLeadSchema.safeParse(Object.fromEntries(new FormData(control.form)))
    const error = checked.success ? undefined : schema.fieldErrors(checked.error)[field]
    const errors = errorsNow.current
    if (errors[field] === undefined) return
    if (error === undefined) {
      const { [field]: _fixed, ...rest } = errors
      showFieldErrors(rest)
      toAnnounce.current = [...toAnnounce.current, field]
    } else if (leaving && error !== errors[field]) {
      showFieldErrors({ ...errors, [field]: error })
    }
    if (leaving) announceFixed()
    else if (toAnnounce.current.length > 0) {
      // Said once typing pauses, not at every key.
      clearTimeout(announceTimer.current)
      announceTimer.current = setTimeout(announceFixed, ANNOUNCE_PAUSE_MS)
    }
  }

  function showErrors(errors: ContactFormState['errors'], values: ContactFormState['values']) {
    clearTimeout(announceTimer.current)
    toAnnounce.current = []
    setAnnouncement('')
    show({ errors, values })
    const field = firstError(errors)
    // After React has rendered the messages, so the field is read with its message.
    if (field) requestAnimationFrame(() => document.getElementById(controlId(field))?.focus())
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>
    const values: ContactFormState['values'] = {}
    for (const field of contactFormFields) if (data[field]) values[field] = data[field]
    let schema: Awaited<ReturnType<typeof loadSchema>>
    try {
      schema = await loadSchema()
    } catch {
      // Offline, or a new release replaced the file: the form cannot be checked here.
      show({ errors: { form: `${failed.title}. ${failed.description}` }, values })
      toast.error(failed)
      return
    }
    const checked = schema.contactLeadSchema.safeParse(data)
    if (!checked.success) {
      showErrors(schema.fieldErrors(checked.error), values)
      return
    }
    setSending(true)
    const page = window.location.pathname
    let where: Attribution
    try {
      where = attributionFor(page, sessionStorage)
    } catch {
      where = { page }
    }
    const result = await sendLead(actions.contact, {
      ...checked.data,
      ...where,
      [HONEYPOT_FIELD]: data[HONEYPOT_FIELD],
      startedAt: startedAt.current,
    })
    trackFormSubmission({ formName: 'contact', success: result.ok, pagePath: page })
    setSending(false)
    if (result.ok) {
      window.location.assign(thankYouPath)
    } else if (result.reason === 'invalid') {
      showErrors(result.fields, values)
    } else {
      show({ errors: { form: `${failed.title}. ${failed.description}` }, values })
      toast.error(failed)
    }
  }

  const { errors, values } = state
  const audit = topic === AUDIT_TOPIC
  const shown = fieldsFor(topic)
  const { control, field } = formFields({ errors, values, first: firstError(errors), controlId, errorId })
  const options = (list: readonly { value: string; label: string }[], none: string) => (
    <>
      <option value="">{none}</option>
      {list.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  )

  return (
    <form
      id={CONTACT_FORM_ID}
      method="post"
      action={action}
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSchema().catch(() => undefined)}
      onChange={(event) => void recheck(event.target, false)}
      onBlur={(event: FocusEvent<HTMLFormElement>) => void recheck(event.target, true)}
      aria-labelledby={labelledBy}
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-surface p-7"
    >
      <input type="hidden" name="kind" value="contact" />
      {report ? (
        <>
          <input type="hidden" name="topic" value={AUDIT_TOPIC} />
          <input type="hidden" name="auditReport" value={report.id} />
          <p className="text-sm text-muted">
            This report ({report.score}/100) goes with your request. {AUDIT_REQUEST_NOTE}
          </p>
        </>
      ) : (
        /* The topic, and what it asks for, in a column of the grid's width above it. */
        <div className="md:w-1/2 md:pr-3">
          {field(
            'topic',
            'What can we help with?',
            <select
              {...control('topic')}
              aria-describedby={
                [errors.topic ? errorId('topic') : '', audit ? AUDIT_NOTE_ID : ''].filter(Boolean).join(' ') ||
                undefined
              }
              ref={topicControl}
              onChange={(event) => setTopic(event.currentTarget.value)}
              className={`${controlClass} h-11`}
            >
              {options(topicOptions, 'Choose a topic')}
            </select>,
            true,
          )}
          {audit ? (
            <p id={AUDIT_NOTE_ID} className="mt-1.5 text-sm text-muted">
              {AUDIT_REQUEST_NOTE}
            </p>
          ) : null}
        </div>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        {field(
          'name',
          'Your name',
          <input
            {...control('name')}
            type="text"
            autoComplete="name"
            maxLength={leadLimits.name}
            required
            className={`${controlClass} h-11`}
          />,
        )}
        {field(
          'email',
          'Work email',
          <input
            {...control('email')}
            type="email"
            autoComplete="email"
            maxLength={leadLimits.email}
            required
            className={`${controlClass} h-11`}
          />,
        )}
        {field(
          'websiteUrl',
          'Your website',
          <input
            {...control('websiteUrl')}
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            maxLength={leadLimits.websiteUrl}
            required={audit}
            className={`${controlClass} h-11`}
          />,
          !audit,
        )}
        {field(
          'company',
          'Company',
          <input
            {...control('company')}
            type="text"
            autoComplete="organization"
            maxLength={leadLimits.company}
            className={`${controlClass} h-11`}
          />,
          true,
        )}
        {shown.includes('service') && (
          <>
            {field(
              'service',
              'Service you are interested in',
              <select {...control('service')} required className={`${controlClass} h-11`}>
                {options(serviceOptions, 'Choose a service')}
              </select>,
            )}
            {field(
              'budget',
              'Monthly budget',
              <select {...control('budget')} className={`${controlClass} h-11`}>
                {options(budgetOptions, 'Choose a range')}
              </select>,
              true,
            )}
          </>
        )}
      </div>
      {field(
        'message',
        'Your message',
        <textarea
          {...control('message')}
          rows={audit ? 3 : 6}
          maxLength={leadLimits.message}
          required={!audit}
          className={`${controlClass} py-2`}
        />,
        audit,
      )}
      {/* Left empty by people: hidden from sight and from assistive technology. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" variant="cta" size="lg" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : report ? FULL_AUDIT_LABEL : audit ? 'Ask for the free audit' : 'Send message'}
        </Button>
        <p role="status" className="text-sm text-muted">
          {errors.form ?? (sending ? 'Sending your message…' : 'A strategist replies within one business day.')}
        </p>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </form>
  )
}
