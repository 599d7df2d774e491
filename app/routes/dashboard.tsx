import { ContentPage } from '#app/components/content-page.tsx'
import { Dashboard } from '#app/components/dashboard.tsx'
import { contentPageData } from '#app/lib/content/queries.server.ts'
import { keepDataWhenOnlyQueryChanges } from '#app/lib/revalidate.ts'
import { contentPageSeo } from '#app/lib/seo.ts'
import type { Route } from './+types/dashboard.ts'

// The route module of /dashboard: the demo dashboard with sample data above
// the page's copy (content/pages/dashboard.md), which explains what each
// panel is for. The dashboard's code, charts included, ships with this
// module only.

export function loader({ request }: Route.LoaderArgs) {
  return contentPageData(request)
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? contentPageSeo(loaderData) : []
}

// Switching the range only changes the query: the page's data stays as it is.
export const shouldRevalidate = keepDataWhenOnlyQueryChanges

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage {...loaderData}>
      <Dashboard />
    </ContentPage>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
