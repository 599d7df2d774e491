import { ContentPage } from '#app/components/content-page.tsx'
import { contentPageData } from '#app/lib/content/queries.server.ts'
import { contentPageSeo } from '#app/lib/seo.ts'
import type { Route } from './+types/page.ts'

// The route module of the top-level pages without code of their own (home,
// about, pricing, industries, ...; content/pages/): a header, an optional
// Markdown body, then the page's sections in order.

export function loader({ request }: Route.LoaderArgs) {
  return contentPageData(request)
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? contentPageSeo(loaderData) : []
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <ContentPage {...loaderData} />
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
