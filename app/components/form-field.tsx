import type { ReactNode } from 'react'
import { errorClass } from '#app/lib/contact-form.ts'

/**
 * A form's field as the site's forms show it (the contact form, the booking
 * form): its label, "(optional)" where it is, the control, and its error under
 * it, which the control names with `aria-describedby` (`errorId`).
 */
export function FormField({
  controlId,
  errorId,
  label,
  error,
  optional = false,
  children,
}: {
  controlId: string
  errorId: string
  label: string
  error?: string
  optional?: boolean
  /** The control, with `id` = `controlId`. */
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={controlId} className="text-sm font-semibold text-ink">
        {label}
        {optional ? <span className="text-muted"> (optional)</span> : null}
      </label>
      {children}
      {error ? (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
