/**
 * What a pre-rendered page's hydration data holds in place of a Markdown body
 * that its markup already carries (scripts/hydration-data.ts,
 * docs/decisions/027-bodies-once-per-document.md). <Prose> hydrates over the
 * markup without reading it; an HTML comment, so that even if it were ever
 * set as inner HTML it would show nothing rather than stray text.
 */
export const IN_MARKUP = '<!--in-markup-->'
