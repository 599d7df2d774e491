import type { ReactNode } from 'react'
import { ArticleList } from '#app/components/article-list.tsx'
import { ReadingLayout } from '#app/components/reading-layout.tsx'
import { Container, Section, SectionHeading } from '#app/components/section.tsx'
import { CtaBand } from '#app/components/sections/cta-band.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { ContentPicture } from '#app/components/visuals/content-picture.tsx'
import { ARTICLE_COVER_SIZES } from '#app/lib/content/picture-sizes.ts'
import type { ArticleAuthor, ArticleCard, ArticleContent, ArticleCover } from '#app/lib/content/types.ts'
import type { ContentsEntry } from '#app/lib/content/types.ts'
import { page } from '#app/lib/site/registry.ts'

/**
 * An article (docs/product.md#article-page), content/blog/<slug>.md: its
 * cover beside the headline from 1024 px (under it on narrow screens), the
 * body with its contents and offer, then the related articles as cards with
 * their covers (docs/decisions/038-article-covers.md). Its shell,
 * app/pages/blog/[slug].astro, places the share widget island (`share`)
 * beside the text.
 */
export function ArticlePage({
  article,
  author,
  cover,
  dateLabel,
  updatedLabel,
  related,
  contents,
  share,
}: {
  article: ArticleContent
  /** Who wrote it: a member of the team. */
  author: ArticleAuthor
  cover: ArticleCover
  /** The dates as shown, formatted at build. */
  dateLabel: string
  updatedLabel?: string
  related: ArticleCard[]
  contents: ContentsEntry[]
  share?: ReactNode
}) {
  return (
    <article>
      <header className="bg-gradient-to-b from-brand-50 to-surface pt-8 pb-12 sm:pt-10 sm:pb-14">
        <Container className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_28rem] lg:items-center lg:gap-12">
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
                By{' '}
                <a
                  href={`${page('/team').path}#${author.slug}`}
                  className="font-semibold text-ink underline-offset-4 hover:underline"
                >
                  {author.name}
                </a>
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
          {/* The headline beside it says what the card shows: no alt of its own. */}
          <div className="overflow-hidden rounded-2xl shadow-md ring-1 ring-slate-200 lg:mt-10">
            <ContentPicture picture={cover} sizes={ARTICLE_COVER_SIZES} priority />
          </div>
        </Container>
      </header>
      <Container className="pt-4 pb-16 sm:pt-6 sm:pb-20">
        <ReadingLayout html={article.html} contents={contents} progress aside={share} />
        <AboutTheAuthor author={author} />
      </Container>
      <CtaBand
        badge={article.cta.badge}
        title={article.cta.title}
        body={article.cta.body}
        primary={{ label: article.cta.label, href: article.cta.href ?? page('/contact').path }}
        secondary={article.cta.secondary}
        note={article.cta.note}
      />
      <Section title="Continue Reading" tone="muted">
        <SectionHeading title="Continue Reading" />
        <ArticleList articles={related} categoryLinks={false} />
        <p className="mt-10">
          <a
            href={page('/resources').path}
            data-prefetch
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
          >
            Browse all resources <Icon name="arrow-right" className="size-4" />
          </a>
        </p>
      </Section>
    </article>
  )
}

/** After the text: who wrote it, what they do here, and where to meet the rest of the team. */
function AboutTheAuthor({ author }: { author: ArticleAuthor }) {
  return (
    <aside
      aria-labelledby="about-the-author"
      className="mt-12 max-w-3xl rounded-2xl border border-slate-200 bg-surface p-6"
    >
      <h2 id="about-the-author" className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
        About the author
      </h2>
      <p className="mt-3 text-lg font-semibold text-ink">
        {author.name}, <span className="font-normal text-muted">{author.role}</span>
      </p>
      <p className="mt-2 text-muted">{author.bio}</p>
      <a
        href={`${page('/team').path}#${author.slug}`}
        className="mt-4 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
      >
        {author.name} and the rest of the team <Icon name="arrow-right" className="size-4" />
      </a>
    </aside>
  )
}
