import { CONTACT_FORM_SECTION } from './lead-constants.ts'
import type { topicOptions } from './lead-fields.ts'

/** The contact form's topic that asks for the audit: `/contact?topic=audit` preselects it, a report's page sends it. */
export const AUDIT_TOPIC = 'audit' satisfies (typeof topicOptions)[number]['value']

/** The contact form in view with the audit chosen: the request without an instant report. */
export const CONTACT_AUDIT_HREF = `/contact?topic=${AUDIT_TOPIC}#${CONTACT_FORM_SECTION.id}`

/**
 * The free marketing audit, as links offer it: one destination, /audit, the
 * instant audit, whose report offers the team's two-week review with the
 * report attached (docs/decisions/054-the-instant-audit.md), and one label,
 * beside the label the product fixes for the SEO article's and the reading
 * layout's button (docs/product.md#closing-calls-to-action,
 * docs/decisions/052-one-name-per-offer.md). tests/gates/offer-links.ts holds
 * every link of every page to these.
 */
export const auditRequest = {
  label: 'Get a free marketing audit',
  /** The label the product fixes for those two buttons (docs/product.md#closing-calls-to-action). */
  specLabel: 'Get Free Marketing Audit',
  /** The instant audit's page. */
  href: '/audit',
  /** The page's name where the site lists its pages (the menus, the sitemap). */
  pageName: 'Free Marketing Audit',
} as const

/**
 * What the contact form says when the audit is its topic: the three fields it
 * needs, and what follows (content/pages/contact.md, the "Free marketing
 * audit" step).
 */
export const AUDIT_REQUEST_NOTE =
  'For the free marketing audit we need only your name, email and website. A strategist replies within one business day to agree on read-only access to your accounts; the review takes about two weeks.'
