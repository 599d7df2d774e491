/**
 * The free strategy call, as every page offers it: one label and one
 * destination for the header's button, the mobile menu and bar, the offer
 * card, the closing calls to action, the ROI calculator and the `booking`
 * links of content/ (docs/product.md#brand-and-business-facts). It leads to
 * the booking page, where the call is booked on the site (docs/product.md#booking).
 * A module of its own, without the page registry, so that islands can read
 * it; app/lib/content/links.test.ts checks that the path is a page.
 */
export const strategyCall = { label: 'Book your free strategy call', href: '/book' } as const
