import { absoluteUrl } from '#app/lib/seo.ts'

// /robots.txt, written at build time.

export function loader() {
  const body = ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
