import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { ContentPage } from '#app/components/content-page.tsx'
import { Dashboard } from '#app/components/dashboard.tsx'
import { getPage } from '#app/lib/content/queries.server.ts'
import { requestEntry } from '#app/lib/registry.ts'
import { contentPageSeo } from '#app/lib/seo.ts'
import type { Route } from './+types/dashboard.ts'

// The route module of /dashboard: the demo dashboard with sample data above
// the page's copy (content/pages/dashboard.md), which explains what each
// panel is for. The dashboard's code, charts included, ships with this
// module only.

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  return { path: entry.path, page: getPage(entry) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? contentPageSeo(loaderData) : []
}

// Switching the range only changes the query: the page's data stays as it is.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage {...loaderData}>
      <Dashboard />
    </ContentPage>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
