import { Section, SectionHeading, anchorId, type Tone } from '#app/components/section.tsx'
import { checklistStatuses, countsText, scoreText, tallyChecklist } from '#app/lib/tools/checklist-score.ts'

export interface ChecklistPoint {
  title: string
  how: string
  good: string
}

/**
 * A point's id in the page's answers, as the browser keeps them
 * (app/scripts/checklist.ts): its title as a slug, so an answer stays with its
 * point when points are added or reordered, and is dropped when its point is
 * reworded.
 */
export const checklistPointId = (point: Pick<ChecklistPoint, 'title'>) => anchorId(point.title)

/** The score line of a group of `points` with nothing answered, as the build writes it; the script rewrites it. */
export function ScoreLine({ points, label }: { points: number; label: string }) {
  const tally = tallyChecklist(Array.from({ length: points }, () => undefined))
  return (
    <>
      <span className="font-semibold">{label}: </span>
      <span data-score="">{scoreText(tally)}</span>
      <span className="text-muted">
        {' · '}
        <span data-counts="">{countsText(tally)}</span>
      </span>
    </>
  )
}

/**
 * One group of an audit checklist: numbered points, each saying what to
 * check, how, and what good looks like. `start` continues the numbering of
 * the groups before it, so the page reads 1 to N and prints so.
 *
 * Where JavaScript runs, each point also takes an answer, Pass, Partial or
 * Fail, and the group shows its score (docs/product.md#marketing-audit-checklist):
 * native radio buttons, in the HTML from the start and shown only with
 * JavaScript (`.js-only`, app/app.css), so a choice made before the page's
 * script wakes is the browser's own and the script reads it when it does
 * (app/scripts/checklist.ts). Without JavaScript the page is the plain list.
 */
export function Checklist({
  title,
  intro,
  items,
  start,
  tone,
}: {
  title: string
  intro?: string
  items: ChecklistPoint[]
  start: number
  tone?: Tone
}) {
  return (
    <Section title={title} tone={tone}>
      <SectionHeading title={title} intro={intro} />
      <p className="js-only -mt-4 mb-8 max-w-3xl text-ink" data-checklist-score="">
        <ScoreLine points={items.length} label="Section score" />
      </p>
      <ol start={start} className="grid gap-6 md:grid-cols-2" data-checklist="">
        {items.map((item, index) => {
          const number = start + index
          const id = checklistPointId(item)
          return (
            <li key={item.title} className="break-inside-avoid rounded-2xl border border-slate-200 bg-surface p-6">
              <h3 className="flex gap-3 text-lg font-semibold text-ink">
                <span className="shrink-0 text-brand-700">{number}.</span>
                {item.title}
              </h3>
              <dl className="mt-3 space-y-2 text-muted">
                <dt className="text-sm font-semibold text-ink">How to check</dt>
                <dd>{item.how}</dd>
                <dt className="text-sm font-semibold text-ink">What good looks like</dt>
                <dd>{item.good}</dd>
              </dl>
              {/* The legend floats so that it is one of the grid's items, on a row of its own, rather than drawn in the border. */}
              <fieldset className="js-only mt-5 grid grid-cols-3 gap-2 border-t border-slate-200 pt-4" data-point={id}>
                <legend className="col-span-3 float-left text-sm font-semibold text-ink">{`Your score for point ${number}`}</legend>
                {checklistStatuses.map((status) => (
                  <label key={status} className="checklist-answer">
                    <input type="radio" name={`answer-${number}`} value={status} />
                    {status}
                  </label>
                ))}
              </fieldset>
            </li>
          )
        })}
      </ol>
    </Section>
  )
}
