import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions'
import { auditFormSchema } from '#app/lib/audit/audit-form.ts'
import { AUDIT_REPORT_GONE } from '#app/lib/audit/report.ts'
import { FREE_TIMES_TAG, type BookingWrite } from '#app/lib/booking/booking-page.ts'
import { contactFormSchema, signUpFormSchema, type LeadForm } from '#app/lib/leads/lead.ts'
import { book, cancel, confirm, reschedule } from './booking.ts'

/** What a visitor reads when the store cannot take a lead: nothing was stored, they may send again. */
export const LEAD_UNAVAILABLE = 'Your message could not be sent. Please try again in a moment.'

/**
 * The lead's handler, shared by both lead actions: the bot check and the
 * store (server/leads/intake.ts), the lead's id back. A bot's lead is
 * answered like a person's and stored nowhere.
 */
async function takeLead(form: LeadForm, { locals }: ActionAPIContext): Promise<{ id: string }> {
  const outcome = await locals.services.takeLead(form)
  if (outcome.kind === 'unavailable') throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: LEAD_UNAVAILABLE })
  return { id: outcome.id }
}

/**
 * The contact form's lead: with an instant audit report attached (asked for
 * from the report's page), only while that report is kept.
 */
async function takeContact(form: LeadForm, context: ActionAPIContext): Promise<{ id: string }> {
  if (form.kind === 'contact' && form.auditReport && !(await context.locals.services.audit.report(form.auditReport)))
    throw new ActionError({ code: 'NOT_FOUND', message: AUDIT_REPORT_GONE })
  return takeLead(form, context)
}

/**
 * Grades a website (docs/decisions/054-the-instant-audit.md): the report's
 * id, or why not: the address refused (400), the site not read as a web page
 * (422), a limit reached (429), the store unable to keep the report (503).
 */
async function gradeWebsite({ url }: { url: string }, { locals, clientAddress }: ActionAPIContext) {
  const outcome = await locals.services.audit.grade(url, clientAddress)
  if (outcome.ok) return { id: outcome.report.id }
  const code = {
    refused: 'BAD_REQUEST',
    failed: 'UNPROCESSABLE_CONTENT',
    busy: 'TOO_MANY_REQUESTS',
    unavailable: 'SERVICE_UNAVAILABLE',
  } as const
  throw new ActionError({ code: code[outcome.reason], message: outcome.message })
}

/**
 * A booking's write that may change the free times: made, refused or failed,
 * the renderings of /book this process keeps are dropped after it
 * (app/pages/book.astro), as the booking service reads the calls booked again.
 */
const changingTimes =
  (write: (form: FormData, context: ActionAPIContext) => Promise<BookingWrite>) =>
  async (form: FormData, context: ActionAPIContext): Promise<BookingWrite> => {
    try {
      return await write(form, context)
    } finally {
      await context.cache.invalidate({ tags: [FREE_TIMES_TAG] })
    }
  }

/**
 * The site's writes (docs/decisions/045-astro-owns-pages-forms-and-content.md):
 * one schema and one handler each, called alike by a form post without
 * JavaScript and by the island that sends the same form. app/middleware.ts
 * checks where a write comes from and counts it first.
 */
export const server = {
  /** The contact form (/contact), also the free audit's request (docs/product.md#contact-form). */
  contact: defineAction({ accept: 'form', input: contactFormSchema, handler: takeContact }),
  /** The instant audit (/audit): grades a website and keeps its report. */
  audit: defineAction({ accept: 'form', input: auditFormSchema, handler: gradeWebsite }),
  /** The exit popup's sign-up for the audit kit (docs/product.md#exit-intent-popup). */
  signUp: defineAction({ accept: 'form', input: signUpFormSchema, handler: takeLead }),
  // The booking's writes (docs/product.md#booking): the booking service holds their one schema
  // (server/booking/service.ts), the bot check and the limits; each answers a BookingWrite.
  /** Books a free time (/book). */
  book: defineAction({ accept: 'form', handler: changingTimes(book) }),
  /** Moves a booked call, by its link (/book/manage). */
  reschedule: defineAction({ accept: 'form', handler: changingTimes(reschedule) }),
  /** Cancels a booked call, by its link. */
  cancel: defineAction({ accept: 'form', handler: changingTimes(cancel) }),
  /** Confirms a call held during a surge, by the link mailed to its address. */
  confirm: defineAction({ accept: 'form', handler: changingTimes(confirm) }),
}
