import { AUDIT_LIMITS } from '#app/lib/audit/limits.ts'

/** The form's ids (app/components/audit/audit-form.tsx), by which this finds it and its progress. */
export const AUDIT_FORM_ID = 'audit-form'
export const AUDIT_PROGRESS_ID = 'audit-progress'

/**
 * The instant audit's progress (/audit, docs/decisions/054-the-instant-audit.md):
 * once the form is sent, it says what the grader is doing and how long it
 * has taken, while the browser waits for the report; a second press of the
 * button sends nothing more. The post itself is the browser's: the page works
 * alike without this script.
 */
export function showAuditProgress() {
  const form = document.getElementById(AUDIT_FORM_ID)
  const progress = document.getElementById(AUDIT_PROGRESS_ID)
  const deadlineSeconds = AUDIT_LIMITS.deadlineMs / 1000
  if (!(form instanceof HTMLFormElement) || !progress) return
  const text = progress.querySelector<HTMLElement>('[data-audit-progress-text]')
  const elapsed = progress.querySelector<HTMLElement>('[data-audit-elapsed]')
  let sent = false
  let timer: ReturnType<typeof setInterval> | undefined
  form.addEventListener('submit', (event) => {
    if (sent) {
      event.preventDefault()
      return
    }
    const typed = new FormData(form).get('url')
    if (typeof typed !== 'string' || typed.trim() === '') return
    sent = true
    form.querySelector('button[type="submit"]')?.setAttribute('aria-disabled', 'true')
    const started = Date.now()
    const tick = () => {
      if (elapsed)
        elapsed.textContent = `${Math.round((Date.now() - started) / 1000)} of at most ${deadlineSeconds} seconds`
    }
    tick()
    progress.classList.replace('hidden', 'flex')
    if (text)
      text.textContent = `Auditing ${typed.trim()}: the page, its robots.txt and sitemap, its scripts and links.`
    timer = setInterval(tick, 1000)
  })
  // Back from the report (the page restored from the browser's cache): the form is ready again.
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return
    sent = false
    clearInterval(timer)
    progress.classList.replace('flex', 'hidden')
    form.querySelector('button[type="submit"]')?.removeAttribute('aria-disabled')
  })
}
