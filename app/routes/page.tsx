import { PageHeader } from '#app/components/page-header.tsx'
import { Prose } from '#app/components/prose.tsx'
import { Section } from '#app/components/section.tsx'
import { SectionList } from '#app/components/section-list.tsx'
import { getPage } from '#app/lib/content/queries.server.ts'
import { requestEntry } from '#app/lib/registry.ts'
import { organization, seo, webSite } from '#app/lib/seo.ts'
import type { Route } from './+types/page.ts'

// The route module of the top-level pages (home, about, pricing, industries,
// ...; content/pages/): a header, an optional Markdown body, then the page's
// blocks in order.

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  return { path: entry.path, page: getPage(entry) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return []
  const { path, page } = loaderData
  return seo({
    title: page.title,
    description: page.description,
    keywords: page.keywords,
    path,
    schemaData: path === '/' ? [organization, webSite] : [],
  })
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { path, page } = loaderData
  return (
    <>
      <PageHeader
        eyebrow={page.eyebrow}
        heading={page.heading}
        lede={page.lede}
        actions={page.actions}
        variant={path === '/' ? 'hero' : 'page'}
      />
      {page.html ? (
        <Section>
          <Prose html={page.html} />
        </Section>
      ) : null}
      <SectionList sections={page.sections} startMuted={!page.html} />
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
