import { createHash } from 'node:crypto'

/**
 * The security headers of the site. scripts/postbuild.ts computes them from
 * the built pages into the headers files (server/headers-file.ts), which the
 * server reads at start and a static host can use as they are.
 */

/** Headers every response carries, whatever it is. */
export const commonSecurityHeaders: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/** The CSP of every response that is not a page (assets, data, API answers, redirects). */
export const fallbackCsp = "default-src 'none'; frame-ancestors 'none'"

/** What a page's CSP allows beyond the site itself. */
export interface CspOptions {
  /**
   * Google Analytics (GA4 through gtag.js) is on: the build setting
   * VITE_GA_MEASUREMENT_ID is set (app/lib/build-env.ts).
   */
  analytics: boolean
}

// gtag.js loads from Tag Manager and sends hits to the regional Google
// Analytics hosts, by fetch/beacon or, as a fallback, as an image.
const analyticsScriptSources = ['https://www.googletagmanager.com']
const analyticsHitSources = ['https://*.google-analytics.com', 'https://*.analytics.google.com']

/**
 * The hashes of a page's inline scripts, in CSP source syntax. Scripts with a
 * `src` load from 'self'; JSON-LD is data, not a script to allow.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/type="application\/ld\+json"/.test(attributes ?? ''))
    .map(
      ([, , body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
    )
  return [...new Set(hashes)]
}

/** The CSP of a page: its inline scripts are allowed by hash, nothing else inline runs. */
export function pageCsp(html: string, { analytics }: CspOptions): string {
  const extra = (sources: string[]) => (analytics ? sources : [])
  const directive = (name: string, sources: string[]) => [name, ...sources].join(' ')
  return [
    directive('default-src', ["'self'"]),
    directive('script-src', ["'self'", ...extra(analyticsScriptSources), ...inlineScriptHashes(html)]),
    // Radix positions menus and tooltips with inline styles.
    directive('style-src', ["'self'", "'unsafe-inline'"]),
    directive('img-src', ["'self'", 'data:', ...extra(analyticsHitSources)]),
    // Fonts, fetches and the rest fall back to default-src; connect-src is
    // spelled out only when it allows more. Every byte of a header is sent
    // with every page, uncompressed (docs/decisions/008-html-round-trip-budget.md).
    ...(analytics ? [directive('connect-src', ["'self'", ...analyticsScriptSources, ...analyticsHitSources])] : []),
    directive('frame-ancestors', ["'none'"]),
    directive('base-uri', ["'self'"]),
    directive('form-action', ["'self'"]),
    directive('object-src', ["'none'"]),
  ].join('; ')
}
