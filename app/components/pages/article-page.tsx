import type { ReactNode } from 'react'
import { ReadingLayout } from '#app/components/reading-layout.tsx'
import { Container } from '#app/components/section.tsx'
import { CardGrid } from '#app/components/sections/card-grid.tsx'
import { CtaBand } from '#app/components/sections/cta-band.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import type { ArticleContent, Card } from '#app/lib/content/types.ts'
import type { ContentsEntry } from '#app/lib/reading-contents.ts'
import { page } from '#app/lib/registry.ts'
import { site } from '#app/lib/site.ts'

/**
 * An article (docs/product.md#article-page), content/blog/<slug>.md; its
 * shell, app/pages/blog/[slug].astro, places the share widget island
 * (`share`) beside the text.
 */
export function ArticlePage({
  article,
  dateLabel,
  updatedLabel,
  related,
  contents,
  share,
}: {
  article: ArticleContent
  /** The dates as shown, formatted at build. */
  dateLabel: string
  updatedLabel?: string
  related: Card[]
  contents: ContentsEntry[]
  share?: ReactNode
}) {
  return (
    <article>
      <header className="bg-gradient-to-b from-brand-50 to-surface pt-8 pb-12 sm:pt-10 sm:pb-14">
        <Container>
          <div className="max-w-3xl">
            <a
              href={page('/blog').path}
              data-prefetch
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
            >
              <Icon name="arrow-left" className="size-4" /> Back to Blog
            </a>
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
        <ReadingLayout html={article.html} contents={contents} progress aside={share} />
      </Container>
      <CtaBand
        badge={article.cta.badge}
        title={article.cta.title}
        body={article.cta.body}
        primary={{ label: article.cta.label, href: article.cta.href ?? page('/contact').path }}
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
