/**
 * The Speculation Rules app/scripts/prefetch.ts adds: prefetch a `data-prefetch` link's page at
 * "moderate" eagerness. The page CSP allows them by hash (docs/decisions/044-prefetch-on-intent.md).
 */
export const speculationRules = JSON.stringify({
  prefetch: [{ source: 'document', where: { selector_matches: 'a[data-prefetch]' }, eagerness: 'moderate' }],
})
