import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { toast } from '#app/components/ui/toast.ts'
import { trackFormSubmission } from '#app/lib/analytics.ts'
import { attributionFor, type Attribution } from '#app/lib/attribution.ts'
import {
  CONTACT_FORM_ID,
  controlId,
  errorClass,
  errorId,
  firstError,
  type ContactField,
  type ContactFormState,
} from '#app/lib/contact-form.ts'
import {
  budgetOptions,
  contactFormFields,
  HONEYPOT_FIELD,
  leadLimits,
  serviceOptions,
  topicOptions,
} from '#app/lib/lead-fields.ts'
import { sendLead } from '#app/lib/send-lead.ts'

/**
 * The schema, with zod, loaded when the visitor first touches the form or
 * sends it, not with the page: the form renders from ./lead-fields.ts alone.
 */
const loadSchema = () => import('#app/lib/lead.ts')
const failed = { title: 'Something went wrong', description: 'Please try again later.' }
const controlClass =
  'mt-1.5 w-full rounded-lg border border-slate-300 bg-surface px-3 text-ink aria-invalid:border-red-700'

/**
 * The contact form (docs/product.md#contact-form), rendered by /contact on
 * each request (app/pages/contact.astro). Without JavaScript it is a plain
 * form post to the page itself: the server answers with /thank-you, or with
 * this page again showing `initial`, the errors and what was typed
 * (server/rendered-pages.ts). As an island, woken when a visitor starts to use
 * it, it checks the fields with the same schema as the server, sends without a
 * reload and goes to /thank-you.
 */
export function ContactForm({
  initial,
  action,
  thankYouPath,
}: {
  /** What the form shows first: a refused post's errors and values, or `?topic=` preselected. */
  initial: ContactFormState
  /** Where the form posts without JavaScript: the contact page. */
  action: string
  /** Where a sent form goes. */
  thankYouPath: string
}) {
  const [state, setState] = useState<ContactFormState>(initial)
  const [sending, setSending] = useState(false)
  const startedAt = useRef(0)

  useEffect(() => {
    startedAt.current = Date.now()
  }, [])

  function showErrors(errors: ContactFormState['errors'], values: ContactFormState['values']) {
    setState({ errors, values })
    const field = firstError(errors)
    // After React has rendered the messages, so the field is read with its message.
    if (field) requestAnimationFrame(() => document.getElementById(controlId(field))?.focus())
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
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
      setState({ errors: { form: `${failed.title}. ${failed.description}` }, values })
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
    const result = await sendLead({
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
      setState({ errors: { form: `${failed.title}. ${failed.description}` }, values })
      toast.error(failed)
    }
  }

  const { errors, values } = state
  const field = (name: ContactField, label: string, control: ReactNode, optional = false) => (
    <div>
      <label htmlFor={controlId(name)} className="text-sm font-semibold text-ink">
        {label}
        {optional ? <span className="text-muted"> (optional)</span> : null}
      </label>
      {control}
      {errors[name] ? (
        <p id={errorId(name)} className={errorClass}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  )
  // The attributes every control shares: its id, name and error state; the
  // first field with an error has focus when the page comes back refused.
  const first = firstError(errors)
  const control = (name: ContactField) => ({
    id: controlId(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
    autoFocus: name === first || undefined,
    defaultValue: values[name],
  })
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
      aria-labelledby="send-us-a-message-title"
      className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-surface p-7"
    >
      <input type="hidden" name="kind" value="contact" />
      <div className="grid gap-6 md:grid-cols-2">
        {field(
          'topic',
          'What can we help with?',
          <select {...control('topic')} className={`${controlClass} h-11`}>
            {options(topicOptions, 'Choose a topic')}
          </select>,
          true,
        )}
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
      </div>
      {field(
        'message',
        'Your message',
        <textarea
          {...control('message')}
          rows={6}
          maxLength={leadLimits.message}
          required
          className={`${controlClass} py-2`}
        />,
      )}
      {/* Left empty by people: hidden from sight and from assistive technology. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" variant="cta" size="lg" aria-disabled={sending || undefined}>
          {sending ? 'Sending…' : 'Send message'}
        </Button>
        <p role="status" className="text-sm text-muted">
          {errors.form ?? (sending ? 'Sending your message…' : 'A strategist replies within one business day.')}
        </p>
      </div>
    </form>
  )
}
