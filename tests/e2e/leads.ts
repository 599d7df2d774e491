import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { e2eDataDir } from '../../playwright.config.ts'

// What the server under test stored: its real SQLite file and its mail
// folder (no SMTP_URL, so mails are written as .eml files).

export interface LeadRow {
  kind: string
  email: string
  name: string | null
  company: string | null
  service: string | null
  message: string | null
  topic: string | null
  website_url: string | null
  page: string | null
  /** A booking's: its form's one-time key (docs/decisions/042-nobody-floods-the-calendar.md). */
  idempotency_key: string | null
}

/** The stored leads with this e-mail address. */
export function leadsWith(email: string): LeadRow[] {
  const db = new Database(path.join(e2eDataDir, 'leads.sqlite'), { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare(
        'SELECT kind, email, name, company, service, message, topic, website_url, page, idempotency_key FROM leads WHERE email = ?',
      )
      .all(email) as LeadRow[]
  } finally {
    db.close()
  }
}

/** The mails written to this address so far, by the server under test or by the one whose data is in `dataDir`. */
export function mailsTo(email: string, dataDir = e2eDataDir): string[] {
  const dir = path.join(dataDir, 'mail')
  let files: string[]
  try {
    files = readdirSync(dir)
  } catch {
    return []
  }
  // Only finished mails: a `.eml.partial` is one the outbox is still writing,
  // renamed to `.eml` when whole (server/outbox/mail.ts), so it can be gone
  // between the listing and the read.
  return files
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((mail) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail))
}

/** An address no other test uses. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

/** A mail's text with quoted-printable soft line breaks joined and escapes decoded. */
export const decodedMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
