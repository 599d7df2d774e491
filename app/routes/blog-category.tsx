import { ArticleList } from '#app/components/article-list.tsx'
import { CategoryNav } from '#app/components/category-nav.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Section, SectionHeading } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { getCategory } from '#app/lib/content/queries.server.ts'
import { requestEntry } from '#app/lib/registry.ts'
import { seo } from '#app/lib/seo.ts'
import { collectionPage } from '#app/lib/structured-data/collection-page.ts'
import type { Route } from './+types/blog-category.ts'

// The route module of the blog's category pages (/blog/category/<slug>,
// content/categories/): pre-rendered, so the blog filters by topic without
// JavaScript and each topic can rank on its own.

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  return { path: entry.path, category: getCategory(entry) }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return []
  const { path, category } = loaderData
  return seo({
    title: category.title,
    description: category.description,
    path,
    schemaData: [
      collectionPage({
        path,
        name: category.heading,
        description: category.description,
        items: category.articles.map((article) => ({ path: article.path, name: article.title })),
      }),
    ],
  })
}

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const { category } = loaderData
  const count = category.articles.length
  const title = `Articles on ${category.name}`
  return (
    <>
      <PageHeader eyebrow="Blog topic" heading={category.heading} lede={category.lede} />
      <Section title={title}>
        <SectionHeading
          title={title}
          intro={count === 1 ? 'One article so far.' : `${count} articles, newest first.`}
        />
        <div className="mb-10">
          <CategoryNav categories={category.categories} />
        </div>
        <ArticleList articles={category.articles} />
        {category.serviceLink ? (
          <p className="mt-10">
            <SmartLink
              to={category.serviceLink.href}
              className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
            >
              How we do it for clients: {category.serviceLink.title} <Icon name="arrow-right" className="size-4" />
            </SmartLink>
          </p>
        ) : null}
      </Section>
    </>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
