import { Link } from 'react-router'
import { ReadingLayout } from '#app/components/reading-layout.tsx'
import { Container } from '#app/components/section.tsx'
import { ShareWidget } from '#app/components/share-widget.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { CtaBand } from '#app/components/sections/cta-band.tsx'
import { formatDate, getArticle, relatedArticles } from '#app/lib/content/queries.server.ts'
import { page, requestEntry } from '#app/lib/registry.ts'
import { absoluteUrl, seo } from '#app/lib/seo.ts'
import { blogPosting } from '#app/lib/structured-data/blog-posting.ts'
import { contentsOf } from '#app/lib/reading-contents.ts'
import { site } from '#app/lib/site.ts'
import type { Route } from './+types/article.ts'
import { Icon } from '#app/components/ui/icon.tsx'

// The route module of the blog's articles (content/blog/<slug>.md).

export function loader({ request }: Route.LoaderArgs) {
  const entry = requestEntry(request)
  const article = getArticle(entry)
  return {
    path: entry.path,
    article,
    // Formatted here, once, so the page reads the same before and after hydration.
    dateLabel: formatDate(article.date),
    updatedLabel: article.updated ? formatDate(article.updated) : undefined,
    related: relatedArticles(entry),
    contents: contentsOf(article.html),
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return []
  const { path, article } = loaderData
  return seo({
    // A headline too long for search results has a shorter search title.
    title: article.searchTitle ?? article.title,
    description: article.description,
    keywords: article.keywords,
    path,
    category: article.category,
    ogType: 'article',
    schemaData: [
      blogPosting({
        path,
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        // The last review that changed the text (docs/product.md#article-page).
        dateModified: article.updated ?? article.date,
        wordCount: article.wordCount,
        readMinutes: article.readTime,
        section: article.category,
        keywords: article.keywords,
      }),
    ],
  })
}

export default function Article({ loaderData }: Route.ComponentProps) {
  const { path, article, dateLabel, updatedLabel, related, contents } = loaderData
  return (
    <article>
      <header className="bg-gradient-to-b from-brand-50 to-surface pt-8 pb-12 sm:pt-10 sm:pb-14">
        <Container>
          <div className="max-w-3xl">
            <Link
              discover="none"
              to={page('/blog').path}
              prefetch="intent"
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
            >
              <Icon name="arrow-left" className="size-4" /> Back to Blog
            </Link>
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Topics">
              {[article.category, ...article.tags.filter((tag) => tag !== article.category)].map((tag, index) => (
                <li
                  key={tag}
                  className={
                    index === 0
                      ? 'rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white'
                      : 'rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900'
                  }
                >
                  {tag}
                </li>
              ))}
            </ul>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl lg:text-5xl">
              {article.title}
            </h1>
            <p className="mt-5 text-lg text-muted">{article.description}</p>
            <p className="mt-6 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
              <span>
                By <span className="font-semibold text-ink">{site.author}</span>
              </span>
              <span aria-hidden="true">·</span>
              <time dateTime={article.date}>{dateLabel}</time>
              {article.updated && updatedLabel ? (
                <>
                  <span aria-hidden="true">·</span>
                  <span>
                    Updated <time dateTime={article.updated}>{updatedLabel}</time>
                  </span>
                </>
              ) : null}
              <span aria-hidden="true">·</span>
              <span>{article.readTime} min read</span>
            </p>
          </div>
        </Container>
      </header>
      <Container className="pt-4 pb-16 sm:pt-6 sm:pb-20">
        <ReadingLayout
          html={article.html}
          contents={contents}
          progress
          aside={
            <ShareWidget
              title={article.title}
              url={absoluteUrl(path)}
              description={article.description}
              variant="floating"
            />
          }
        />
      </Container>
      <CtaBand
        badge={article.cta.badge}
        title={article.cta.title}
        body={article.cta.body}
        primary={{ label: article.cta.label, href: page('/contact').path }}
        secondary={article.cta.secondary}
        note={article.cta.note}
      />
      <CardGrid
        title="Continue Reading"
        cards={related}
        link={{ label: 'Browse all resources', href: page('/resources').path }}
        tone="muted"
      />
    </article>
  )
}

export { RouteErrorBoundary as ErrorBoundary } from '#app/components/error-fallback.tsx'
