/**
 * The free marketing audit (the team's two-week review), as links offer it:
 * one destination, the contact form with the audit chosen, and one label,
 * beside the label SPEC.md fixes for the SEO article's and the reading
 * layout's button (docs/product.md#brand-and-business-facts,
 * docs/decisions/052-one-name-per-offer.md). tests/gates/offer-links.ts holds
 * every link of every page to these.
 */
export const auditRequest = {
  label: 'Get a free marketing audit',
  /** The label SPEC.md gives the button where it names one. */
  specLabel: 'Get Free Marketing Audit',
  href: '/contact?topic=audit',
} as const
