import { ContentPage } from '#app/components/content-page.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { getPage } from '#app/lib/content/queries.server.ts'
import { requestEntry } from '#app/lib/registry.ts'
import { contentPageSeo } from '#app/lib/seo.ts'
import { site } from '#app/lib/site.ts'
import type { Route } from './+types/blog.ts'

// The route module of /blog: the page's copy from content/pages/blog.md, the
// articles newest first, and the way to follow them by feed.

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  return { path: entry.path, page: getPage(entry) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? contentPageSeo(loaderData) : []
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      {...loaderData}
      headerExtra={
        <p className="mt-6 text-sm text-muted">
          {/* A plain link: the feed is a file, not a page of the app. */}
          <a
            href={site.feed.path}
            type="application/rss+xml"
            className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
          >
            <Icon name="rss" className="size-4" />
            Follow new articles by RSS
          </a>
        </p>
      }
    />
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
