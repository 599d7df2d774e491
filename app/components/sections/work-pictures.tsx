import { Section, SectionHeading } from '#app/components/section.tsx'
import { ContentPicture } from '#app/components/visuals/content-picture.tsx'
import { MEDIA_SIZES } from '#app/lib/content/picture-sizes.ts'
import type { CaseStudyMedia } from '#app/lib/content/types.ts'

/**
 * A case study's pictures of the work (its `media`): each with the text a
 * screen reader reads for it and a caption that says what it is, a
 * screenshot or a drawing of one. Below the fold, so each loads lazily; its
 * width and height hold its place, so nothing moves when it arrives.
 */
export function WorkPictures({ media }: { media: CaseStudyMedia[] }) {
  if (media.length === 0) return null
  const title = 'The work'
  return (
    <Section title={title}>
      <SectionHeading title={title} intro="What we changed, as the client's customers and team saw it." />
      <ul className="grid gap-8 sm:grid-cols-2">
        {media.map(({ picture, alt, caption }) => (
          <li key={picture.src}>
            <figure>
              <ContentPicture
                picture={picture}
                sizes={MEDIA_SIZES}
                alt={alt}
                className="rounded-2xl border border-slate-200 bg-slate-100"
              />
              <figcaption className="mt-3 text-sm text-muted">{caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  )
}
