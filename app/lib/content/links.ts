import { downloadPaths } from '../site/downloads.ts'
import { strategyCall } from '../booking/strategy-call.ts'
import { pages } from '../site/registry.ts'
import { site } from '../site/site.ts'

/**
 * What a link in content may be, decided in one place for the schemas
 * (`{ label, href }` fields), the Markdown renderer and the components:
 *
 * - `page`: a page of the registry, written as its exact path, optionally
 *   with `?query` or `#hash` (`/pricing`, `/contact?topic=audit`);
 * - `download`: a file the build writes for visitors (app/lib/site/downloads.ts),
 *   such as `/downloads/roi-calculator.xlsx`;
 * - `anchor`: `#id` on the same page;
 * - `external`: an `https://` address, opened in a new tab;
 * - `booking`: the named destination `booking`, the free strategy call
 *   (`strategyCall.href` in app/lib/site/navigation.ts: the contact page, which
 *   holds the booking calendar and the form);
 * - `email`: the named destination `email` (the agency's address) or a
 *   `mailto:` address.
 *
 * Anything else (a relative path, `http://`, a path the site lacks, a
 * build artifact such as `/about.data`) is refused with a reason.
 */
export type HrefKind = 'page' | 'download' | 'anchor' | 'external' | 'booking' | 'email'

export type HrefCheck = { ok: true; kind: HrefKind } | { ok: false; reason: string }

const pagePaths = new Set(pages.map((entry) => entry.path))

export const HREF_RULE =
  'must be a page of the site (app/lib/site/registry.ts), a download (app/lib/site/downloads.ts), an #anchor, an https:// address, "booking" or "email"'

export function classifyHref(href: string): HrefCheck {
  if (href === 'booking') return { ok: true, kind: 'booking' }
  if (href === 'email' || /^mailto:[^\s@]+@[^\s@]+$/.test(href)) return { ok: true, kind: 'email' }
  if (/^#[\w-]+$/.test(href)) return { ok: true, kind: 'anchor' }
  if (href.startsWith('https://')) {
    return URL.canParse(href)
      ? { ok: true, kind: 'external' }
      : { ok: false, reason: `"${href}" is not a valid address` }
  }
  if (href.startsWith('/')) {
    const path = href.split(/[?#]/)[0] ?? ''
    if (pagePaths.has(path)) return { ok: true, kind: 'page' }
    if (downloadPaths.has(href)) return { ok: true, kind: 'download' }
    return { ok: false, reason: `"${href}" is not a page of the site (app/lib/site/registry.ts)` }
  }
  return { ok: false, reason: `"${href}" ${HREF_RULE}` }
}

export interface ResolvedLink {
  href: string
  /** Leaves the site: rendered as a plain anchor, not a router link. */
  external: boolean
  /** Opens in a new tab (outbound https links). */
  newTab: boolean
}

/**
 * Turns a content link into what an anchor needs. Content only holds links
 * that `classifyHref` accepts (the schemas refuse the rest), so anything it
 * does not know is a programming error.
 */
export function resolveHref(href: string): ResolvedLink {
  const check = classifyHref(href)
  if (!check.ok) throw new Error(`Link ${check.reason}`)
  switch (check.kind) {
    case 'booking':
      return { href: strategyCall.href, external: false, newTab: false }
    case 'email':
      return { href: href === 'email' ? `mailto:${site.email}` : href, external: true, newTab: false }
    case 'external':
      return { href, external: true, newTab: true }
    case 'anchor':
      return { href, external: true, newTab: false }
    // A file, not a page: a plain link, never fetched ahead.
    case 'download':
      return { href, external: true, newTab: false }
    case 'page':
      return { href, external: false, newTab: false }
  }
}
