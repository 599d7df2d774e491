import { anchorId } from '#app/components/section.tsx'
import { Icon } from '#app/components/ui/icon.tsx'

/** A link to the section of the page headed `title`, where the items under it are told in full. */
function SectionLink({ title }: { title: string }) {
  return (
    <p className="mt-3 text-sm">
      <a href={`#${anchorId(title)}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
        {title}
      </a>
    </p>
  )
}

/**
 * What a service delivers and how its work runs, at a glance: beside the
 * start of the service's body from 1024 px, above the offer card, which stays
 * in view once this has scrolled away (docs/product.md#services).
 * Each half links to its section further down, where the same items are told
 * in full; phones meet those sections right after the body, so they do not
 * show it (the `.reading-glance` rules of app/app.css).
 */
export function ServiceGlance({
  deliverables,
  deliverablesTitle,
  process,
  processTitle,
}: {
  deliverables: { title: string }[]
  /** The heading of the section the deliverables are told in. */
  deliverablesTitle: string
  process: { title: string; duration?: string }[]
  /** The heading of the section the process is told in. */
  processTitle: string
}) {
  const first = process[0]
  return (
    <section
      aria-labelledby="service-glance-title"
      className="reading-glance mb-6 rounded-2xl px-4 py-4 ring-1 ring-slate-200"
    >
      <h2 id="service-glance-title" className="font-bold text-ink">
        At a glance
      </h2>
      <SectionLink title={deliverablesTitle} />
      <ul className="mt-2 space-y-1.5 text-sm text-ink">
        {deliverables.map((deliverable) => (
          <li key={deliverable.title} className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {deliverable.title}
          </li>
        ))}
      </ul>
      <SectionLink title={processTitle} />
      <p className="mt-1 text-sm text-muted">
        {`${process.length} stages.` +
          (first ? ` First: ${first.title}${first.duration ? ` (${first.duration})` : ''}.` : '')}
      </p>
    </section>
  )
}
