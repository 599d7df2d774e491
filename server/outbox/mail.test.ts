import { describe, expect, test } from 'vitest'
import { site } from '#app/lib/site/site.ts'
import { storedLead } from '../leads/test-leads.ts'
import { checklistMail } from './mail.ts'

// The audit kit's email, read as the visitor reads it: each part named as
// the offer names it, what it is, and an absolute link to each page and
// download on the site's origin, in the plain text and in the HTML
// (docs/product.md#lead-capture, "Offer delivery").

const origin = 'https://northpeak.example'
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
const from = 'Northpeak <hello@northpeak.example>'

/** The kit's parts as the mail must show them: name, then each link as "label: URL". */
const parts = [
  {
    name: 'The 47-point audit checklist',
    links: [
      ['Read it online', `${origin}/resources/audit-checklist`],
      ['Download the workbook', `${origin}/downloads/marketing-audit-checklist.xlsx`],
    ],
  },
  {
    name: 'The ROI calculator spreadsheet',
    links: [['Download the spreadsheet', `${origin}/downloads/roi-calculator.xlsx`]],
  },
  {
    name: 'The AI optimization guide',
    links: [['Read the guide', `${origin}/resources/ai-optimization-guide`]],
  },
] as const

describe('the audit kit email', () => {
  const popup = checklistMail(storedLead({}), { origin, from })

  test('names each part of the kit, says what it is, and links each page and download', () => {
    const lines = popup.text.split('\n')
    parts.forEach((part, index) => {
      const what = site.auditOffer.kit[index]!.what
      expect(lines).toContain(`${index + 1}. ${part.name}: ${what}.`)
      for (const [label, url] of part.links) expect(lines).toContain(`   ${label}: ${url}`)
    })
    expect(popup.text).toContain(
      `Thank you for asking for Northpeak's free audit kit. It has three parts, together valued at ${site.auditOffer.worth}:`,
    )
    expect(popup.text).not.toMatch(/\bThe an? /)
    // The strategy call is booked on /book, in the mail as on the site.
    expect(lines).toContain(`${origin}/book`)
    expect(popup.text).not.toContain(`${origin}/contact`)
  })

  test('the HTML part says the same, with each link absolute on the origin', () => {
    parts.forEach((part, index) => {
      const what = site.auditOffer.kit[index]!.what
      expect(popup.html).toContain(`<strong>${part.name}</strong>: ${escapeHtml(what)}.`)
      for (const [label, url] of part.links) expect(popup.html).toContain(`<a href="${url}">${label}</a>`)
    })
    expect(popup.html).not.toMatch(/\bThe an? /)
    const hrefs = [...popup.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1])
    for (const href of hrefs) expect(href!.startsWith(`${origin}/`) || href === origin).toBe(true)
    expect(popup.html).toContain(`<a href="${origin}/book">Book your free strategy call</a>`)
  })

  test('goes to the visitor, answered by the agency, and says why it came', () => {
    expect(popup).toMatchObject({ to: 'ada@example.com', from, replyTo: site.email })
    expect(popup.subject).toBe('Your free audit kit')
    expect(popup.text).toContain(
      'You get this email because this address was entered in the audit offer on northpeak.example.',
    )
  })

  test('a request for an audit through the contact form gets the same kit, greeted by name', () => {
    const contact = checklistMail(
      storedLead({ kind: 'contact', name: 'Grace Hopper', topic: 'audit', service: 'analytics', message: 'Hi' }),
      { origin, from },
    )
    expect(contact.text.split('\n')[0]).toBe('Hello Grace Hopper,')
    expect(contact.text).toContain(
      "Thank you for asking for Northpeak's free marketing audit. We will reply within one business day. Meanwhile, here is the audit kit that comes with it, three parts together valued at $500:",
    )
    const kit = (text: string) => text.slice(text.indexOf('1. '), text.indexOf('Work through'))
    expect(kit(contact.text)).toBe(kit(popup.text))
    expect(contact.text).toContain(
      'You get this email because you asked for a free marketing audit through the contact form on northpeak.example.',
    )
    expect(contact.html).toContain('<p>Hello Grace Hopper,</p>')
  })

  test('a name is written into the HTML as text, never as markup', () => {
    const contact = checklistMail(storedLead({ kind: 'contact', name: '<b>Eve</b>', topic: 'audit' }), { origin, from })
    expect(contact.html).toContain('<p>Hello &#60;b&#62;Eve&#60;/b&#62;,</p>')
  })
})
