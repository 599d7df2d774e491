// Leads as the tests send them (server/api/leads.test.ts, server/contact-action.test.ts), and as the store gives them.
import type { StoredLead } from '../store/store.ts'

/** For tests: a complete contact-form lead about a project, every field filled in. */
export const contactLead = {
  kind: 'contact',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  service: 'paid-ads',
  budget: '5k-15k',
  message: 'We would like more qualified leads from search.',
  topic: 'project',
  websiteUrl: 'https://analytical-engines.example/',
}

/** For tests: where a lead came from, as the widgets send it (app/lib/leads/attribution.ts). */
export const attribution = {
  referrerHost: 'www.google.com',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'audit-q1',
  utm_term: 'marketing audit',
  utm_content: 'ad-2',
}

/** For tests: a lead as the store gives it, a popup sign-up unless `fields` say otherwise. */
export function storedLead(fields: Partial<StoredLead> = {}): StoredLead {
  return {
    id: 'lead-1',
    createdAt: Date.UTC(2026, 10, 25),
    kind: 'popup',
    email: 'ada@example.com',
    name: null,
    company: null,
    service: null,
    budget: null,
    message: null,
    topic: null,
    page: null,
    referrerHost: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    phone: null,
    websiteUrl: null,
    auditReport: null,
    auditScore: null,
    ...fields,
  }
}
