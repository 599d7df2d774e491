import type { APIRoute } from 'astro'
import { feedItems, getPage } from '#app/lib/content/queries.server.ts'
import { page } from '#app/lib/site/registry.ts'
import { rssXml } from '#app/lib/content/rss-xml.ts'

/** /rss.xml, the blog's feed, written at build time. */
export const GET: APIRoute = async () =>
  new Response(rssXml(await feedItems(), (await getPage(page('/blog'))).description), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
