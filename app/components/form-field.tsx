import type { ReactNode } from 'react'

/**
 * The look of a field's error message: the theme's error color, readable in
 * both themes. Here, beside the field, so a form imports no other form's
 * module for it (the booking form would otherwise load the page registry).
 */
export const errorClass = 'mt-1.5 text-sm font-medium text-danger'

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

/**
 * What every field of a form shares, for a form whose fields are named `Name`:
 * `control(name)` gives a control its id, name, error state and typed value
 * (the first field in error, `first`, has focus when the page comes back
 * refused), and `field(name, label, control)` sets the control in its
 * FormField.
 */
export function formFields<Name extends string>({
  errors,
  values,
  first,
  controlId,
  errorId,
}: {
  errors: Partial<Record<NoInfer<Name>, string>>
  values: Partial<Record<NoInfer<Name>, string>>
  first: NoInfer<Name> | undefined
  controlId: (name: Name) => string
  errorId: (name: Name) => string
}) {
  const control = (name: Name) => ({
    id: controlId(name),
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
    autoFocus: name === first || undefined,
    defaultValue: values[name],
  })
  const field = (name: Name, label: string, input: ReactNode, optional = false) => (
    <FormField
      controlId={controlId(name)}
      errorId={errorId(name)}
      label={label}
      error={errors[name]}
      optional={optional}
    >
      {input}
    </FormField>
  )
  return { control, field }
}
