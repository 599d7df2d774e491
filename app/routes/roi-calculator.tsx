import { ContentPage } from '#app/components/content-page.tsx'
import { RoiCalculator } from '#app/components/roi-calculator.tsx'
import { contentPageData } from '#app/lib/content/queries.server.ts'
import { keepDataWhenOnlyQueryChanges } from '#app/lib/revalidate.ts'
import { contentPageSeo } from '#app/lib/seo.ts'
import type { Route } from './+types/roi-calculator.ts'

// The route module of /roi-calculator: the calculator above the page's copy
// (content/pages/roi-calculator.md), which explains its inputs and formulas.
// The calculator's code ships with this module only.

export function loader({ request }: Route.LoaderArgs) {
  return contentPageData(request)
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? contentPageSeo(loaderData) : []
}

// Typing only changes the query: the page's data stays as it is.
export const shouldRevalidate = keepDataWhenOnlyQueryChanges

export default function RoiCalculatorPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage {...loaderData}>
      <RoiCalculator />
    </ContentPage>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
