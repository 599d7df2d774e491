/**
 * The platforms the home page's strip names (docs/product.md#top-level-pages):
 * tools the agency works in, in its clients' own accounts, never partnerships.
 * Each is written as the integrations page lists it (`listed`, in the group
 * `group` of content/pages/integrations.md) and shown by its short `name`;
 * app/lib/content/platforms.test.ts holds the two lists together.
 */
export interface Platform {
  name: string
  listed: string
}

export const platformGroups: { label: string; group: string; platforms: Platform[] }[] = [
  {
    label: 'Ads',
    group: 'Ad platforms',
    platforms: [
      { name: 'Google Ads', listed: 'Google Ads' },
      { name: 'Meta Ads', listed: 'Meta Ads (Facebook and Instagram)' },
      { name: 'LinkedIn Ads', listed: 'LinkedIn Ads' },
      { name: 'TikTok Ads', listed: 'TikTok Ads' },
    ],
  },
  {
    label: 'Email',
    group: 'Email and SMS',
    platforms: [
      { name: 'Klaviyo', listed: 'Klaviyo' },
      { name: 'HubSpot', listed: 'HubSpot Marketing Hub' },
      { name: 'Mailchimp', listed: 'Mailchimp' },
      { name: 'Customer.io', listed: 'Customer.io' },
    ],
  },
  {
    label: 'Analytics',
    group: 'Analytics and tagging',
    platforms: [
      { name: 'Google Analytics 4', listed: 'Google Analytics 4' },
      { name: 'Google Tag Manager', listed: 'Google Tag Manager (web and server)' },
      { name: 'Looker Studio', listed: 'Looker Studio' },
      { name: 'Mixpanel', listed: 'Mixpanel' },
    ],
  },
  {
    label: 'Commerce',
    group: 'Ecommerce',
    platforms: [
      { name: 'Shopify', listed: 'Shopify and Shopify Plus' },
      { name: 'WooCommerce', listed: 'WooCommerce' },
      { name: 'BigCommerce', listed: 'BigCommerce' },
      { name: 'Stripe Billing', listed: 'Stripe Billing' },
    ],
  },
]
