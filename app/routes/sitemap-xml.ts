import { articleDates } from '#app/lib/content/queries.server.ts'
import { indexablePages } from '#app/lib/registry.ts'
import { absoluteUrl } from '#app/lib/seo.ts'

// /sitemap.xml, written at build time: every indexable page of the registry.

export function sitemapXml(dates: Map<string, string>): string {
  const urls = indexablePages.map((page) => {
    const lastmod = dates.get(page.path)
    return `  <url><loc>${absoluteUrl(page.path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function loader() {
  return new Response(sitemapXml(articleDates()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
