import { ArticleSearch } from '#app/components/article-search.tsx'
import { ContentPage } from '#app/components/content-page.tsx'
import { Section, SectionHeading } from '#app/components/section.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { articleSummaries, categoryLinks, contentPageData } from '#app/lib/content/queries.server.ts'
import { keepDataWhenOnlyQueryChanges } from '#app/lib/revalidate.ts'
import { contentPageSeo } from '#app/lib/seo.ts'
import { site } from '#app/lib/site.ts'
import type { Route } from './+types/blog.ts'

// The route module of /blog: the page's copy from content/pages/blog.md, then
// every article newest first, with its topics, a search as you type and the
// feed. The search's code ships with this module only.

export function loader({ request }: Route.LoaderArgs) {
  return { ...contentPageData(request), articles: articleSummaries(), categories: categoryLinks() }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? contentPageSeo(loaderData) : []
}

// Typing in the search only changes `?q=`: the page's data stays as it is.
export const shouldRevalidate = keepDataWhenOnlyQueryChanges

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { articles, categories, ...content } = loaderData
  return (
    <ContentPage
      {...content}
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
    >
      <Section title="All articles">
        <SectionHeading title="All articles" />
        <ArticleSearch articles={articles} categories={categories} />
      </Section>
    </ContentPage>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
