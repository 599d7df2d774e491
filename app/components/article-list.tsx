import { CardImage, CardTitleLink } from '#app/components/card-link.tsx'
import { categoryPath } from '#app/lib/categories.ts'
import { illustrationPath } from '#app/lib/illustrations.ts'
import type { ArticleSummary } from '#app/lib/content/types.ts'

/**
 * Articles as cards, in the order given: the category's illustration, category (a link to its page), title
 * (the card's link), description, date, read time and the popular badge.
 */
export function ArticleList({ articles }: { articles: ArticleSummary[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
      {articles.map((article) => (
        <li
          key={article.path}
          className="lift relative flex flex-col rounded-2xl border border-slate-200 bg-surface p-6 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
        >
          <CardImage src={illustrationPath(article.category)} />
          <p className="mb-3 flex flex-wrap items-center gap-2 text-xs font-semibold">
            {/* Above the card's link box, so it stays a link of its own. */}
            <a
              href={categoryPath(article.category)}
              data-prefetch
              className="relative z-10 rounded-full bg-brand-50 px-2.5 py-1 tracking-wide text-brand-800 uppercase hover:bg-brand-100"
            >
              {article.category}
            </a>
            {article.popular ? <span className="rounded-full bg-brand-700 px-2.5 py-1 text-white">Popular</span> : null}
          </p>
          <CardTitleLink to={article.path}>{article.title}</CardTitleLink>
          <p className="mt-2 text-muted">{article.description}</p>
          <p className="mt-auto flex gap-2 pt-5 text-sm text-muted">
            <time dateTime={article.date}>{article.dateLabel}</time>
            <span aria-hidden="true">·</span>
            <span>{article.readTime} min read</span>
          </p>
        </li>
      ))}
    </ul>
  )
}
