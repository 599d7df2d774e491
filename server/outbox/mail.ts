import { mkdir, open, rename } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { auditReportPath } from '#app/lib/audit/report.ts'
import { auditKit } from '#app/lib/leads/audit-kit.ts'
import { budgetOptions, serviceOptions, topicOptions } from '#app/lib/leads/lead.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { site } from '#app/lib/site/site.ts'
import { DATA_FILE_MODE, DATA_FOLDER_MODE } from '../data-folder.ts'
import type { StoredLead } from '../store/store.ts'

export interface MailMessage {
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html: string
  /** An iCalendar invitation: sent as a `text/calendar; method=...` alternative and as an attachment. */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string }
}

/** Sends a message; resolves with the file it was written to when there is no SMTP server. */
export type SendMail = (message: MailMessage, name: string) => Promise<{ file?: string }>

/**
 * With `smtpUrl`, sends through that SMTP server. Without it, writes each
 * message as it would have been sent, an `.eml` file under `mailDir`, so
 * nothing is sent by default and everything can be read
 * (docs/product.md#lead-capture, "Offer delivery").
 */
export function createMailer({ smtpUrl, mailDir }: { smtpUrl?: string; mailDir: string }): SendMail {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return async (message) => {
      await transport.sendMail(withPrintableSubject(message))
      return {}
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return async (message, name) => {
    const info = await transport.sendMail(withPrintableSubject(message))
    // Readable by the server's user only, as all of DATA_DIR (../data-folder.ts).
    await mkdir(mailDir, { recursive: true, mode: DATA_FOLDER_MODE })
    const file = path.join(mailDir, `${name}.eml`)
    await writeDurably(file, info.message as Buffer)
    return { file }
  }
}

/**
 * A header is one line. nodemailer writes a CR or LF of a subject as a space
 * and any other control character inside an encoded word, so no value can
 * start a header of its own; a subject that names the visitor (the team's
 * notices) is also kept to printable text: each run of control characters
 * becomes a space (issue 38; server/booking/README.md, "Mails").
 */
function withPrintableSubject(message: MailMessage): MailMessage {
  return { ...message, subject: message.subject.replace(/\p{Cc}+/gu, ' ') }
}

/**
 * Written whole or not at all, and on disk before the delivery counts as done;
 * 0600, the partial file too (the rename keeps it). A crash between the write
 * and the rename leaves the partial file: erase and purge remove it
 * (../leads/retention.ts, `abandonedPartialMails`).
 */
async function writeDurably(file: string, data: Buffer) {
  const partial = `${file}.partial`
  const handle = await open(partial, 'w', DATA_FILE_MODE)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(partial, file)
}

/**
 * The audit kit's email (docs/product.md#lead-capture, "Offer delivery"): to a
 * visitor who signed up in the exit popup, or who asked for the free audit
 * through the contact form (`wantsAuditKit`, server/outbox/worker.ts). Each
 * part of the kit by name, what it is, and an absolute link on `origin` to
 * each of its pages and downloads (app/lib/leads/audit-kit.ts).
 */
export function checklistMail(lead: StoredLead, { origin, from }: { origin: string; from: string }): MailMessage {
  const host = new URL(origin).host
  const parts = auditKit.map((part, index) => ({
    heading: `The ${part.name}`,
    what: `${part.what}.`,
    number: index + 1,
    links: part.links.map((link) => ({ label: link.label, url: `${origin}${link.path}` })),
  }))
  const fromContactForm = lead.kind === 'contact'
  const greeting = fromContactForm && lead.name ? `Hello ${lead.name},` : 'Hello,'
  const count = ['no', 'one', 'two', 'three', 'four'][parts.length] ?? String(parts.length)
  const intro = fromContactForm
    ? `Thank you for asking for ${site.name}'s free marketing audit. We will reply within one business day. Meanwhile, here is the audit kit that comes with it, ${count} parts together valued at ${site.auditOffer.worth}:`
    : `Thank you for asking for ${site.name}'s free audit kit. It has ${count} parts, together valued at ${site.auditOffer.worth}:`
  const next = `Work through the checklist with your numbers at hand. When you want a second pair of eyes on the results, book a free ${site.strategySession.minutes}-minute strategy call:`
  // The strategy call is booked on the site, as every link named for it is (app/lib/booking/strategy-call.ts).
  const call = `${origin}${strategyCall.href}`
  const why = fromContactForm
    ? `you asked for a free marketing audit through the contact form on ${host}`
    : `this address was entered in the audit offer on ${host}`
  const footer = `You get this email because ${why}. We send nothing else unless you ask. To have your address deleted, reply to this email or write to ${site.email}.`
  return {
    from,
    to: lead.email,
    replyTo: site.email,
    subject: 'Your free audit kit',
    text: [
      greeting,
      '',
      intro,
      '',
      ...parts.flatMap((part) => [
        `${part.number}. ${part.heading}: ${part.what}`,
        ...part.links.map((link) => `   ${link.label}: ${link.url}`),
        '',
      ]),
      next,
      call,
      '',
      `The ${site.name} team`,
      origin,
      '',
      footer,
      '',
    ].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      '<ol>',
      ...parts.map(
        (part) =>
          `<li><p><strong>${escapeHtml(part.heading)}</strong>: ${escapeHtml(part.what)}</p><p>${part.links
            .map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
            .join(' · ')}</p></li>`,
      ),
      '</ol>',
      `<p>${escapeHtml(next)} <a href="${escapeHtml(call)}">${escapeHtml(strategyCall.label)}</a>.</p>`,
      `<p>The ${escapeHtml(site.name)} team<br><a href="${escapeHtml(origin)}">${escapeHtml(host)}</a></p>`,
      `<p style="font-size: 12px; color: #555">${escapeHtml(footer)}</p>`,
      '</body></html>',
    ].join('\n'),
  }
}

/** The team's notice of a new lead, with every field. */
export function notifyMail(
  lead: StoredLead,
  { to, from, origin }: { to: string; from: string; origin: string },
): MailMessage {
  const rows = leadFields(lead, origin)
  const source = lead.kind === 'popup' ? 'audit offer sign-up' : lead.kind === 'booking' ? 'booking' : 'contact form'
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email
  return {
    from,
    to,
    replyTo: lead.email,
    subject: `New lead (${source}): ${who}`,
    text: [
      `A new lead came in through the ${source}.`,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
    ].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
      `<p>A new lead came in through the ${escapeHtml(source)}.</p>`,
      '<table>',
      ...rows.map(
        ([label, value]) =>
          `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space: pre-wrap">${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      '</body></html>',
    ].join('\n'),
  }
}

/**
 * The lead's fields that are set, labelled for people; with `origin`, the
 * instant audit report a lead was sent with, its score and its address
 * (docs/decisions/054-the-instant-audit.md).
 */
export function leadFields(lead: StoredLead, origin?: string): [string, string][] {
  const label = (options: readonly { value: string; label: string }[], value: string | null) =>
    value === null ? null : (options.find((option) => option.value === value)?.label ?? value)
  const rows: [string, string | null][] = [
    ['Lead', lead.id],
    ['Received', new Date(lead.createdAt).toISOString()],
    ['Kind', lead.kind],
    ['Name', lead.name],
    ['E-mail', lead.email],
    ['Company', lead.company],
    ['Website', lead.websiteUrl],
    [
      'Instant audit',
      origin && lead.auditReport
        ? `${lead.auditScore === null ? 'report expired' : `${lead.auditScore}/100`}, ${new URL(auditReportPath(lead.auditReport), origin).href}`
        : null,
    ],
    ['Phone', lead.phone],
    ['Service', label(serviceOptions, lead.service)],
    ['Budget', label(budgetOptions, lead.budget)],
    ['Topic', label(topicOptions, lead.topic)],
    ['Message', lead.message],
    ['Page', lead.page],
    ['Referrer', lead.referrerHost],
    ['utm_source', lead.utm_source],
    ['utm_medium', lead.utm_medium],
    ['utm_campaign', lead.utm_campaign],
    ['utm_term', lead.utm_term],
    ['utm_content', lead.utm_content],
  ]
  return rows.filter((row): row is [string, string] => row[1] !== null)
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
