import { createHash } from 'node:crypto'
import type { AstroUserConfig } from 'astro'
import { visitorZoneScript } from '#app/lib/booking/booking-form.ts'
import { speculationRules } from '#app/lib/site/speculation-rules.ts'
import { themeScript } from '#app/lib/browser/theme.ts'

/**
 * The security headers of the site. Each page's Content-Security-Policy is
 * Astro's (`security.csp` in astro.config.ts, from `pageCspConfig`): Astro
 * hashes every script it puts in a page, gives the pre-rendered pages' policies
 * to the build's adapter (server/astro/adapter.ts writes them into the headers
 * files the server, nginx and static hosts read) and sends the policy of a page
 * rendered on demand with it (docs/decisions/045-astro-owns-pages-forms-and-content.md).
 */

/**
 * The scripts pages write inline with `is:inline`, which Astro does not hash
 * itself: the theme (app/layouts/site-layout.astro), the Speculation Rules
 * the shell adds (docs/decisions/044-prefetch-on-intent.md) and, on the
 * booking pages, the visitor's zone (app/components/visitor-zone.astro). Each
 * is the same text on every page, so every page's policy allows it by hash.
 */
export const inlineScripts = [themeScript(), speculationRules, visitorZoneScript()]

/** A script's text as a CSP hash source. */
export const scriptHash = (text: string): `sha256-${string}` =>
  `sha256-${createHash('sha256').update(text).digest('base64')}`

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
   * VITE_GA_MEASUREMENT_ID is set (app/lib/site/build-env.ts).
   */
  analytics: boolean
}

// gtag.js loads from Tag Manager and sends hits to the regional Google
// Analytics hosts, by fetch/beacon or, as a fallback, as an image.
const analyticsScriptSources = ['https://www.googletagmanager.com']
const analyticsHitSources = ['https://*.google-analytics.com', 'https://*.analytics.google.com']

type CspConfig = Exclude<NonNullable<NonNullable<AstroUserConfig['security']>['csp']>, boolean>
type CspDirective = NonNullable<CspConfig['directives']>[number]

/**
 * The policy of every page, as Astro's `security.csp`: scripts from the site,
 * those Astro hashes and the `inlineScripts`, nothing else inline runs; no page
 * may be framed, nor post a form to another site.
 */
export function pageCspConfig({ analytics }: CspOptions): CspConfig {
  const extra = (sources: string[]) => (analytics ? sources : [])
  const directive = (name: string, sources: string[]) => [name, ...sources].join(' ') as CspDirective
  return {
    algorithm: 'SHA-256',
    directives: [
      directive('default-src', ["'self'"]),
      directive('img-src', ["'self'", 'data:', ...extra(analyticsHitSources)]),
      // Fonts, fetches and the rest fall back to default-src; connect-src is
      // spelled out only when it allows more. Every byte of a header is sent
      // with every page, uncompressed (docs/decisions/008-html-round-trip-budget.md).
      ...(analytics ? [directive('connect-src', ["'self'", ...analyticsScriptSources, ...analyticsHitSources])] : []),
      directive('frame-ancestors', ["'none'"]),
      directive('base-uri', ["'self'"]),
      directive('form-action', ["'self'"]),
      directive('object-src', ["'none'"]),
    ],
    scriptDirective: { resources: ["'self'", ...extra(analyticsScriptSources)], hashes: inlineScripts.map(scriptHash) },
    // Radix positions menus and tooltips with inline styles.
    styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
  }
}
