import { ArticleList } from '#app/components/article-list.tsx'
import { CategoryNav } from '#app/components/category-nav.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { Section, SectionHeading } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import type { ArticleCard, CategoryContent } from '#app/lib/content/types.ts'

/**
 * A blog topic's page (/blog/category/<slug>, content/categories/): its
 * articles, newest first, so the blog filters by topic without JavaScript and
 * each topic can rank on its own. The newest takes the first row, its cover
 * beside its text. Its shell is app/pages/blog/category/[slug].astro, which
 * gives the articles with their covers.
 */
export function CategoryPage({
  path,
  category,
  articles,
}: {
  path: string
  category: CategoryContent
  articles: ArticleCard[]
}) {
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
          <CategoryNav categories={category.categories} current={path} />
        </div>
        <ArticleList articles={articles} featured />
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
