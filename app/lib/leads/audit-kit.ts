import { downloads } from '../site/downloads.ts'
import { aiGuidePath, checklistPath } from '../site/navigation.ts'
import { site } from '../site/site.ts'

/**
 * The free audit's kit with where each part is: its page on the site, its
 * download, or both (docs/product.md#brand-and-business-facts). The kit's
 * email (server/outbox/mail.ts) and the list on /resources (the
 * `{{auditKit}}` placeholder) read it, so both name the same parts and link
 * the same files.
 */
export interface AuditKitPart {
  /** Without an article: "47-point audit checklist". */
  name: string
  /** What it is, a phrase to follow the name after a colon. */
  what: string
  /** Where to get it, in order; the paths are the site's. */
  links: { label: string; path: string }[]
}

const [checklist, spreadsheet, guide] = site.auditOffer.kit

export const auditKit: AuditKitPart[] = [
  {
    ...checklist,
    links: [
      { label: 'Read it online', path: checklistPath },
      { label: 'Download the workbook', path: downloads.auditChecklist.path },
    ],
  },
  { ...spreadsheet, links: [{ label: 'Download the spreadsheet', path: downloads.roiSpreadsheet.path }] },
  { ...guide, links: [{ label: 'Read the guide', path: aiGuidePath }] },
]

/**
 * The kit as a Markdown list, one line per part: "**The name**: what it is.",
 * then its links. For copy that lists the kit with its value.
 */
export function auditKitMarkdown(): string {
  return auditKit
    .map((part) => {
      const links = part.links.map((link) => `[${link.label}](${link.path})`).join(' · ')
      return `- **The ${part.name}**: ${part.what}. ${links}`
    })
    .join('\n')
}
