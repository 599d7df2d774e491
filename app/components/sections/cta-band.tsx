import { anchorId, Section } from '#app/components/section.tsx'
import { SmartLink } from '#app/components/smart-link.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import type { ContentLink } from '#app/lib/content/schemas.ts'

/** The closing call to action: a dark band with one primary and one optional secondary button. */
export function CtaBand({
  badge,
  title,
  body,
  primary,
  secondary,
  note,
}: {
  /** A short line above the title. */
  badge?: string
  title: string
  body: string
  primary: ContentLink
  secondary?: ContentLink
  note?: string
}) {
  return (
    <Section title={title} tone="brand">
      <div className="mx-auto max-w-3xl text-center">
        {badge ? (
          <p className="mb-4 inline-block rounded-full bg-brand-700 px-4 py-1 text-sm font-semibold text-white">
            {badge}
          </p>
        ) : null}
        <h2 id={`${anchorId(title)}-title`} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 text-lg text-brand-100">{body}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <SmartLink to={primary.href} className={buttonVariants({ variant: 'cta', size: 'lg' })}>
            {primary.label}
          </SmartLink>
          {secondary ? (
            <SmartLink to={secondary.href} className={buttonVariants({ variant: 'hero', size: 'lg' })}>
              {secondary.label}
            </SmartLink>
          ) : null}
        </div>
        {note ? <p className="mt-5 text-sm text-brand-200">{note}</p> : null}
      </div>
    </Section>
  )
}
