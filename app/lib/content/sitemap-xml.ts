import { indexablePages } from '../site/registry.ts'
import { absoluteUrl } from '../site/seo.ts'

// /sitemap.xml, written at build time (app/pages/sitemap.xml.ts): every
// indexable page of the registry, articles with the date they last changed.

export function sitemapXml(dates: Map<string, string>): string {
  const urls = indexablePages.map((page) => {
    const lastmod = dates.get(page.path)
    return `  <url><loc>${absoluteUrl(page.path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}
