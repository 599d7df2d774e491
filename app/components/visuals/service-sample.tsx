import type { ServiceSample as Sample } from '#app/lib/content/schemas.ts'
import { ServiceBoard } from './service-board.tsx'
import { ServiceDashboard } from './service-dashboard.tsx'
import { ServiceFlow } from './service-flow.tsx'
import { ServicePosts } from './service-posts.tsx'
import { ServiceReport } from './service-report.tsx'
import { ServiceWireframe } from './service-wireframe.tsx'

/** The sample's content as lines of text, for assistive technology: the drawing says the same. */
function sampleLines(sample: Sample): string[] {
  switch (sample.kind) {
    case 'report':
      return [
        sample.period,
        ...sample.rows.map(
          (row) =>
            `${row.name}: ${row.figures.map((figure, index) => `${sample.columns[index]} ${figure}`).join(', ')}`,
        ),
      ]
    case 'flow':
      return sample.steps.map(
        (step, index) =>
          `${index + 1}. ${step.title}: ${step.detail}.${step.then ? ` On to the next step: ${step.then}.` : ''}`,
      )
    case 'dashboard':
      return sample.tiles.map((tile) => `${tile.label}: ${tile.value}`)
    case 'wireframe':
      return [`Page ${sample.address}, top to bottom:`, ...sample.blocks.map((block) => block.label)]
    case 'board':
      return sample.columns.map(
        (column) =>
          `${column.title}: ${column.cards.map((card) => (card.tag ? `${card.title} (${card.tag})` : card.title)).join(', ')}`,
      )
    case 'posts':
      return sample.posts.map((post) => `${post.day}: ${post.title} (${post.format})`)
  }
}

function Drawing({ sample }: { sample: Sample }) {
  switch (sample.kind) {
    case 'report':
      return <ServiceReport sample={sample} />
    case 'flow':
      return <ServiceFlow sample={sample} />
    case 'dashboard':
      return <ServiceDashboard sample={sample} />
    case 'wireframe':
      return <ServiceWireframe sample={sample} />
    case 'board':
      return <ServiceBoard sample={sample} />
    case 'posts':
      return <ServicePosts sample={sample} />
  }
}

/**
 * What a service's deliverable looks like (docs/product.md#service-page),
 * beside its heading: a vector drawing of the sample in the service's file,
 * marked as a sample, its caption saying it is not a client's, and its
 * content as a list for assistive technology (the drawing itself is hidden
 * from it). No script: it is drawn once, at build.
 */
export function ServiceSample({ sample }: { sample: Sample }) {
  return (
    <figure
      aria-label={`Sample: ${sample.title}`}
      className="rounded-2xl border border-slate-200 bg-slate-50 p-3 shadow-sm"
    >
      <p aria-hidden="true" className="mb-3 ml-1 flex items-center gap-2 text-sm font-semibold text-ink">
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs tracking-wide text-brand-800 uppercase">
          Sample
        </span>
        {sample.title}
      </p>
      <Drawing sample={sample} />
      <ul className="sr-only">
        {sampleLines(sample).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <figcaption className="mx-1 mt-3 text-xs text-muted">{sample.caption}</figcaption>
    </figure>
  )
}
