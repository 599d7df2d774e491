/**
 * The free marketing audit (the team's two-week review), as links offer it:
 * one destination, the contact form with the audit chosen, and one label,
 * beside the label the product fixes for the SEO article's and the reading
 * layout's button (docs/product.md#closing-calls-to-action,
 * docs/decisions/052-one-name-per-offer.md). tests/gates/offer-links.ts holds
 * every link of every page to these.
 */
export const auditRequest = {
  label: 'Get a free marketing audit',
  /** The label the product fixes for those two buttons (docs/product.md#closing-calls-to-action). */
  specLabel: 'Get Free Marketing Audit',
  href: '/contact?topic=audit',
} as const
