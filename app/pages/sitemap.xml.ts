import type { APIRoute } from 'astro'
import { articleDates } from '#app/lib/content/queries.server.ts'
import { sitemapXml } from '#app/lib/content/sitemap-xml.ts'

/** /sitemap.xml, written at build time. */
export const GET: APIRoute = async () =>
  new Response(sitemapXml(await articleDates()), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
