// Leads as the tests send them (server/api/leads.test.ts, server/rendered-pages.test.ts).

/** For tests: a complete contact-form lead, every field filled in. */
export const contactLead = {
  kind: 'contact',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  service: 'paid-ads',
  budget: '5k-15k',
  message: 'We would like more qualified leads from search.',
  topic: 'audit',
}

/** For tests: where a lead came from, as the widgets send it (app/lib/attribution.ts). */
export const attribution = {
  referrerHost: 'www.google.com',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'audit-q1',
  utm_term: 'marketing audit',
  utm_content: 'ad-2',
}
