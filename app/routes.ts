import { index, route, type RouteConfig } from '@react-router/dev/routes'
import { pages, type PageEntry } from './lib/registry.ts'

// One explicit route per page of the registry: the route module a page names
// is mounted once per page under its own id. No dynamic segments: an unknown
// URL under /blog/ or /services/ must match the catch-all, not a route module
// (see docs/decisions/001-static-prerender-explicit-routes.md).
function routeOf(page: PageEntry) {
  const file = `routes/${page.route}.tsx`
  const id = page.path === '/' ? 'home' : page.path.slice(1).replaceAll('/', '.')
  return page.path === '/' ? index(file, { id }) : route(page.path.slice(1), file, { id })
}

export default [
  ...pages.map(routeOf),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('rss.xml', 'routes/rss-xml.ts'),
  route('blog/search.json', 'routes/blog-search-json.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
