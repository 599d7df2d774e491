import { CardTitleLink } from '#app/components/card-link.tsx'
import { ContentPicture } from '#app/components/visuals/content-picture.tsx'
import { categoryPath } from '#app/lib/content/categories.ts'
import { cn } from '#app/lib/site/cn.ts'
import type { ArticleCard } from '#app/lib/content/types.ts'

/** The width a card's cover is shown at: a third of the container from 1024 px, half from 640 px. */
const CARD_SIZES = '(min-width: 1280px) 370px, (min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw'
/** The featured card's cover: half the container from 1024 px. */
const FEATURED_SIZES = '(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw'

/**
 * Articles as cards, in the order given: the article's cover
 * (docs/decisions/038-article-covers.md), category (a link to its page), title
 * (the card's link), description, date (and the date of its last review, when it
 * changed what the article says), read time and the popular badge. With
 * `featured`, the first article takes the whole row, its cover beside its
 * text from 1024 px. Without `categoryLinks` (an article's Continue Reading)
 * the category is a label and each card holds one link, its title.
 */
export function ArticleList({
  articles,
  featured = false,
  categoryLinks = true,
}: {
  articles: ArticleCard[]
  featured?: boolean
  categoryLinks?: boolean
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="article-list">
      {articles.map((article, index) => {
        const wide = featured && index === 0
        return (
          <li
            key={article.path}
            className={cn(
              'lift relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-surface shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md',
              wide && 'sm:col-span-2 lg:col-span-3 lg:flex-row',
            )}
          >
            <div className={cn(wide && 'lg:w-1/2 lg:shrink-0')}>
              <ContentPicture picture={article.cover} sizes={wide ? FEATURED_SIZES : CARD_SIZES} />
            </div>
            <div className={cn('flex grow flex-col p-6', wide && 'lg:justify-center lg:p-10')}>
              <p className="mb-3 flex flex-wrap items-center gap-2 text-xs font-semibold">
                {wide ? <span className="tracking-wide text-brand-700 uppercase">Latest</span> : null}
                {categoryLinks ? (
                  // Above the card's link box, so it stays a link of its own.
                  <a
                    href={categoryPath(article.category)}
                    data-prefetch
                    className="relative z-10 rounded-full bg-brand-50 px-2.5 py-1 tracking-wide text-brand-800 uppercase hover:bg-brand-100"
                  >
                    {article.category}
                  </a>
                ) : (
                  <span className="rounded-full bg-brand-50 px-2.5 py-1 tracking-wide text-brand-800 uppercase">
                    {article.category}
                  </span>
                )}
                {article.popular ? (
                  <span className="rounded-full bg-brand-700 px-2.5 py-1 text-white">Popular</span>
                ) : null}
              </p>
              <CardTitleLink to={article.path}>{article.title}</CardTitleLink>
              <p className={cn('mt-2 text-muted', wide && 'lg:text-lg')}>{article.description}</p>
              <p className="mt-auto flex flex-wrap gap-x-2 pt-5 text-sm text-muted">
                <time dateTime={article.date}>{article.dateLabel}</time>
                {article.updated ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <span>
                      Updated <time dateTime={article.updated}>{article.updatedLabel}</time>
                    </span>
                  </>
                ) : null}
                <span aria-hidden="true">·</span>
                <span>{article.readTime} min read</span>
              </p>
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The newest article beside the blog's header (app/pages/blog/index.astro):
 * its cover, the first picture on the screen, then its category, title and
 * read time.
 */
export function FeaturedArticle({ article }: { article: ArticleCard }) {
  return (
    <div className="lift relative overflow-hidden rounded-2xl border border-slate-200 bg-surface shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <ContentPicture picture={article.cover} sizes="(min-width: 1024px) 384px, 100vw" priority />
      <div className="p-5">
        <p className="mb-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">Latest · {article.category}</p>
        {/* An h2: it follows the page's h1 (CardTitleLink's h3 would skip a level). */}
        <h2 className="text-lg font-semibold text-balance text-ink">
          <a href={article.path} data-prefetch className="after:absolute after:inset-0 focus-visible:outline-none">
            {article.title}
          </a>
        </h2>
        <p className="mt-3 flex gap-2 text-sm text-muted">
          <time dateTime={article.date}>{article.dateLabel}</time>
          <span aria-hidden="true">·</span>
          <span>{article.readTime} min read</span>
        </p>
      </div>
    </div>
  )
}
