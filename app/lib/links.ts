import { site } from './site.ts'

export interface ResolvedLink {
  href: string
  /** Leaves the site: rendered as a plain anchor, not a router link. */
  external: boolean
  /** Opens in a new tab (the booking calendar and outbound https links). */
  newTab: boolean
}

/**
 * Turns a content link (a site path, an #anchor, or the named destinations
 * `booking` and `email`) into what an anchor needs. Content schemas only let
 * through hrefs of these kinds (app/lib/content/schemas.ts).
 */
export function resolveHref(href: string): ResolvedLink {
  if (href === 'booking') return { href: site.bookingUrl, external: true, newTab: true }
  if (href === 'email') return { href: `mailto:${site.email}`, external: true, newTab: false }
  if (/^https?:\/\//.test(href)) return { href, external: true, newTab: true }
  if (href.startsWith('mailto:') || href.startsWith('#')) return { href, external: true, newTab: false }
  return { href, external: false, newTab: false }
}
