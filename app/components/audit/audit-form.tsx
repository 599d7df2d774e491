import { FormField } from '#app/components/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { AUDIT_URL_FIELD } from '#app/lib/audit/audit-form.ts'
import { AUDIT_FORM_ID, AUDIT_PROGRESS_ID } from '#app/scripts/audit-progress.ts'
const CONTROL_ID = 'audit-url'
const ERROR_ID = 'audit-url-error'
const HINT_ID = 'audit-url-hint'

/**
 * The instant audit's form (/audit, docs/decisions/054-the-instant-audit.md):
 * one field, a plain form post to the audit action on the page, which answers
 * with the report's page, or this form again with the address typed and why
 * it was refused. Rendered on the server only: the progress shown while the
 * grader works is a few lines of script (app/scripts/audit-progress.ts) that
 * let the same post go on.
 */
export function AuditForm({
  action,
  value,
  error,
  deadline,
}: {
  /** The action's address on this page. */
  action: string
  /** The address typed, when the form comes back refused. */
  value?: string
  error?: string
  /** "15 seconds": the most a grading takes. */
  deadline: string
}) {
  return (
    <form
      id={AUDIT_FORM_ID}
      method="post"
      action={action}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-surface p-7"
    >
      <FormField controlId={CONTROL_ID} errorId={ERROR_ID} label="Your website's address" error={error}>
        <div className="mt-1.5 flex flex-col gap-3 sm:flex-row">
          <input
            id={CONTROL_ID}
            name={AUDIT_URL_FIELD}
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="example.com"
            defaultValue={value}
            required
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? ERROR_ID : '', HINT_ID].filter(Boolean).join(' ')}
            className="h-12 w-full min-w-0 rounded-lg border border-slate-300 bg-surface px-3 text-ink aria-invalid:border-danger"
          />
          <Button type="submit" variant="cta" size="lg" className="h-12">
            Audit my website
          </Button>
        </div>
      </FormField>
      <p id={HINT_ID} className="text-sm text-muted">
        A public page of your site, like example.com or example.com/pricing. It takes up to {deadline}.
      </p>
      {/* Filled and shown by the progress script once the form is sent; a person without script waits on the browser's own progress. */}
      <div id={AUDIT_PROGRESS_ID} className="hidden flex-col gap-2">
        <p role="status" className="font-semibold text-ink" data-audit-progress-text />
        <progress className="h-2 w-full accent-brand-600" aria-label="Audit under way" />
        {/* Said once by the status above; the seconds are for the eye. */}
        <p aria-hidden="true" className="text-sm text-muted" data-audit-elapsed />
      </div>
    </form>
  )
}
