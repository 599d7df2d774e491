import type * as React from 'react'
import { cn } from '#app/lib/site/cn.ts'
import { slugify } from '#app/lib/content/slug.ts'

const tones = {
  plain: 'bg-surface',
  muted: 'bg-slate-50',
  brand: 'bg-brand-950 text-white',
} as const

export type Tone = keyof typeof tones

/** "How we work" -> "how-we-work": anchor ids for section titles. */
export const anchorId = slugify

/**
 * The site's one content width and side padding. The header, the mobile menu,
 * the breadcrumbs, page headers, sections, articles and the footer all sit in
 * it, so the logo and the content of every page start at the same x.
 */
export function Container({
  as: Tag = 'div',
  className,
  ...props
}: React.HTMLAttributes<HTMLElement> & { as?: 'div' | 'nav' | 'ol' }) {
  return <Tag className={cn('mx-auto max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...props} />
}

/**
 * The one wrapper every page section sits in: it owns the width (a `Container`),
 * the vertical rhythm, the background tone and the anchor id, so sections only
 * render content.
 */
export function Section({
  title,
  tone = 'plain',
  compact = false,
  className,
  children,
}: {
  /** Names the section for assistive technology and gives it an anchor. */
  title?: string
  tone?: Tone
  /** Less room above and below: a band of figures without a heading. */
  compact?: boolean
  /** Anything but vertical padding, which `compact` sets. */
  className?: string
  children: React.ReactNode
}) {
  const id = title ? anchorId(title) : undefined
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cn(compact ? 'py-10 sm:py-12' : 'py-14 sm:py-20', tones[tone], className)}
    >
      <Container>{children}</Container>
    </section>
  )
}

/** A section's eyebrow, h2 and intro; the h2's id labels the section. */
export function SectionHeading({
  eyebrow,
  title,
  intro,
  tone = 'plain',
  align = 'left',
}: {
  eyebrow?: string
  title: string
  intro?: string
  tone?: Tone
  align?: 'left' | 'center'
}) {
  const onDark = tone === 'brand'
  return (
    <div className={cn('mb-10 max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow ? (
        <p
          className={cn(
            'mb-2 text-sm font-semibold tracking-wide uppercase',
            onDark ? 'text-brand-200' : 'text-brand-700',
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={`${anchorId(title)}-title`}
        className={cn('text-3xl font-bold tracking-tight text-balance sm:text-4xl', onDark ? 'text-white' : 'text-ink')}
      >
        {title}
      </h2>
      {intro ? <p className={cn('mt-4 text-lg', onDark ? 'text-brand-100' : 'text-muted')}>{intro}</p> : null}
    </div>
  )
}
