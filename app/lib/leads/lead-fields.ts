/**
 * The lead forms' fields, options and limits (docs/product.md#lead-capture),
 * without zod: what the contact form renders before it checks anything. The
 * schema that checks them is ./lead.ts, loaded when a form is checked.
 */
import { services, slugOf } from '../site/registry.ts'

export { HONEYPOT_FIELD, leadLimits } from './lead-constants.ts'

/** The service-of-interest options: the site's services (app/lib/site/registry.ts), by slug, and "Not sure yet". */
export const serviceOptions = [
  ...services.map((entry) => ({ value: slugOf(entry.path), label: entry.name })),
  { value: 'not-sure', label: 'Not sure yet' },
]

/** The budget-range options of the contact form (optional). */
export const budgetOptions = [
  { value: 'under-5k', label: 'Under $5,000 a month' },
  { value: '5k-15k', label: '$5,000 to $15,000 a month' },
  { value: '15k-50k', label: '$15,000 to $50,000 a month' },
  { value: 'over-50k', label: 'Over $50,000 a month' },
  { value: 'not-sure', label: 'Not sure yet' },
] as const

/** What a contact-form lead is about; `/contact?topic=audit` preselects the audit. */
export const topicOptions = [
  { value: 'audit', label: 'Free marketing audit' },
  { value: 'strategy-call', label: 'Free strategy call' },
  { value: 'project', label: 'A project' },
] as const

/** The fields a contact form shows, in order, for carrying typed values back to it. */
export const contactFormFields = [
  'name',
  'email',
  'company',
  'websiteUrl',
  'service',
  'budget',
  'message',
  'topic',
] as const
