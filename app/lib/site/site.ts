/**
 * Brand and business facts (docs/product.md#brand-and-business-facts). Nothing
 * else in the app spells these out: import them from here. Copy in content/
 * refers to the claims and the offer through placeholders such as
 * {{sessionWorth}} (app/lib/content/placeholders.ts).
 */
/**
 * The kit the free audit comes with (docs/product.md#brand-and-business-facts):
 * each part's name without an article, so that copy adds the one it needs ("the",
 * "a"), the article a sentence puts before it, and what the part is, in one
 * line that follows the name after a colon. Where each part lives (its page,
 * its download) is app/lib/leads/audit-kit.ts.
 */
const auditKit = [
  {
    name: '47-point audit checklist',
    article: 'a',
    what: 'what we check in every audit, with how to check each point and what good looks like',
  },
  {
    name: 'ROI calculator spreadsheet',
    article: 'an',
    what: 'the model of our ROI calculator as an Excel workbook with live formulas, for your own figures',
  },
  {
    name: 'AI optimization guide',
    article: 'an',
    what: 'where AI saves a marketing team time, with our prompts, checks and measures',
  },
] as const

export const site = {
  name: 'Northpeak',
  /** Canonical base for every URL; SITE_ORIGIN at build time. */
  origin: __SITE_ORIGIN__,
  /** An outside scheduling page the agency also keeps (BOOKING_URL at build time), or '' for none. */
  bookingUrl: __BOOKING_URL__,
  email: 'hello@northpeak.example',
  /**
   * Who runs the site, as the privacy policy and the terms name it. Example
   * values: set the agency's registered entity, its postal address and the law
   * its terms are under before going live (docs/deploy.md, "Checklist").
   */
  legal: {
    entity: 'Northpeak Growth LLC',
    address: '1 Example Plaza, Suite 100, Denver, CO 80202, United States',
    governingLaw: 'the State of Colorado, United States',
    courts: 'the state and federal courts located in Denver, Colorado',
  },
  copyrightYear: 2025,
  tagline: 'Growth marketing and software development',
  description:
    'Northpeak is a growth-marketing and software-development agency: paid ads, email, content, AI automation, analytics and app development, measured against revenue.',
  /** The blog's RSS feed (app/pages/rss.xml.ts), linked from every page's head. */
  feed: { path: '/rss.xml', title: 'Northpeak blog' },
  /** Default social card, 1200x630 (public/og-image.jpg), for pages without one of their own (app/lib/site/social-card.ts). */
  ogImage: '/og-image.jpg',
  claims: {
    /**
     * The average conversion uplift, defined once (docs/product.md#brand-and-business-facts):
     * across Northpeak's client programs that set out to raise one conversion rate
     * (visitor to lead, lead to customer, trial to paid or checkout completion, the one
     * rate named in the program's 90-day plan), the mean of each program's relative
     * rise in that rate, from the quarter before the program to its last full
     * quarter. Relative, as the ROI calculator applies an uplift: a rate going from 2%
     * to 4.54% rose 127%. A mean that a few programs starting from low rates pull up,
     * so not a typical result: the rate rises of the published case studies are 43% to
     * 56% (trial to paid 9% to 14%, patient-app activation 58% to 83%, the 90-day repeat
     * purchase rate +46%). Copy states it with `conversionUpliftMeaning`.
     */
    conversionUplift: '127%',
    /** What `conversionUplift` measures, as copy says it beside the figure ({{conversionUpliftMeaning}}). */
    conversionUpliftMeaning: 'average lift in the conversion rate each client program set out to raise',
    /**
     * The rise in the one conversion rate each published case study set out
     * to raise: trial to paid 9% to 14% (+56%), patient-app activation 58% to
     * 83% (+43%), the 90-day repeat purchase rate +46%. Lowest, middle and
     * highest; the middle one is what the ROI calculator opens on, a typical
     * case rather than the average that a few programs pull up
     * (app/lib/content/published-uplifts.test.ts works them out from the case
     * studies).
     */
    publishedUplifts: { low: '43%', middle: '46%', high: '56%' },
    adSpendManaged: '$10M+',
  },
  strategySession: {
    price: 'Free',
    minutes: 30,
    worth: '$300',
  },
  auditOffer: {
    /** The checklist the audit applies, when copy names it alone. */
    checklist: auditKit[0].name,
    /** What the free audit comes with: its three parts, in this order. */
    kit: auditKit,
    /** What the kit is valued at, all three parts together. */
    worth: '$500',
  },
} as const
