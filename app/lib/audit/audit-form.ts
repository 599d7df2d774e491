import { z } from 'zod'

/** The /audit form's one field: the website's address. */
export const AUDIT_URL_FIELD = 'url'

/** What the field asks for when it is empty, and beside it as a hint. */
export const AUDIT_URL_HINT = "Enter your website's address, like example.com"

/**
 * The audit action's input (app/actions/index.ts): an address as people type
 * it (`example.com`, `www.example.com/shop`, a full `https://` address),
 * read as https when it names no scheme. Which addresses may be fetched is
 * the grader's to say (server/audit/safe-fetch.ts): it names the reason.
 */
export const auditFormSchema = z.object({
  [AUDIT_URL_FIELD]: z
    .string({ error: AUDIT_URL_HINT })
    .trim()
    .min(1, { error: AUDIT_URL_HINT })
    .max(2000, { error: 'Enter an address under 2,000 characters' })
    .transform((typed) => (/^[a-z][a-z\d+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`)),
})
