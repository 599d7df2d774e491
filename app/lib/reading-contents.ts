// The table of contents of a long body (app/components/reading-layout.tsx),
// read from its rendered HTML by the route's loader. The page cannot read it
// from the body as it renders: on a first load the body is in the markup only,
// not in the data (docs/decisions/027-bodies-once-per-document.md).

/** A section of a long body, as its table of contents links it: an h2. */
export interface ContentsEntry {
  /** The heading's id (app/lib/content/markdown.server.ts). */
  id: string
  text: string
}

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" }

/** The text of a heading's inner HTML: tags dropped, the entities marked writes decoded. */
export function headingText(inner: string): string {
  return inner.replace(/<[^>]+>/g, '').replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
}

/** The h2 headings of a rendered body with their ids. */
export function contentsOf(html: string): ContentsEntry[] {
  return [...html.matchAll(/<h2 id="([^"]+)">([\s\S]*?)<\/h2>/g)].map(([, id = '', inner = '']) => ({
    id,
    text: headingText(inner),
  }))
}
