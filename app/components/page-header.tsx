import type * as React from 'react'
import { Container } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/site/cn.ts'
import type { ContentLink } from '#app/lib/content/schemas.ts'

/** A page's h1 with its eyebrow, lede and up to two buttons; `hero` is the home page's larger version. */
export function PageHeader({
  eyebrow,
  heading,
  lede,
  actions,
  variant = 'page',
  aside,
  children,
}: {
  eyebrow?: string
  heading: string
  lede: string
  actions?: ContentLink[]
  variant?: 'page' | 'hero'
  /** Extra lines under the lede, e.g. an article's date and read time. */
  children?: React.ReactNode
  /** Beside the text from 1024 px, under it on narrower screens: the home page's results panel. */
  aside?: React.ReactNode
}) {
  const hero = variant === 'hero'
  return (
    <header
      className={cn(
        'bg-gradient-to-b from-brand-50 to-surface',
        hero ? 'pt-16 pb-20 sm:pt-24 sm:pb-28' : 'pt-10 pb-14 sm:pt-14 sm:pb-16',
      )}
    >
      <Container
        className={cn(
          aside && 'grid gap-12 lg:items-start',
          aside && (hero ? 'lg:grid-cols-[1fr_30rem]' : 'lg:grid-cols-[1fr_24rem]'),
        )}
      >
        <div className={cn(hero ? 'max-w-4xl' : 'max-w-3xl')}>
          {eyebrow ? (
            <p className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          ) : null}
          <h1
            className={cn(
              'font-bold tracking-tight text-balance text-ink',
              hero ? 'text-4xl sm:text-5xl lg:text-6xl' : 'text-3xl sm:text-4xl lg:text-5xl',
            )}
          >
            {heading}
          </h1>
          <p className={cn('mt-5 text-muted', hero ? 'text-lg sm:text-xl' : 'text-lg')}>{lede}</p>
          {children}
          {actions && actions.length > 0 ? (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {actions.map((action, index) => (
                <SmartLink
                  key={action.href}
                  to={action.href}
                  className={buttonVariants({ variant: index === 0 ? 'cta' : 'outline', size: 'lg' })}
                >
                  {action.label}
                </SmartLink>
              ))}
            </div>
          ) : null}
        </div>
        {aside}
      </Container>
    </header>
  )
}
