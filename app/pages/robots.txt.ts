import type { APIRoute } from 'astro'
import { absoluteUrl } from '#app/lib/site/seo.ts'

/** /robots.txt, written at build time: crawling allowed, the sitemap named. */
export const GET: APIRoute = () =>
  new Response(['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
