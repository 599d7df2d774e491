import { ScoreLine } from '#app/components/sections/checklist.tsx'
import { Section, SectionHeading, anchorId, type Tone } from '#app/components/section.tsx'
import { Button } from '#app/components/ui/button.tsx'

/** A checklist group of the page, as the scores name and count it. */
export interface ChecklistGroup {
  title: string
  points: number
}

/**
 * The visitor's scores on the page's checklist groups (app/components/sections/checklist.tsx):
 * one line per group, linked to it, and one for all of them, then Print and
 * Clear answers. The whole section shows only where JavaScript runs
 * (`.js-only`), which keeps and counts the answers (app/scripts/checklist.ts);
 * the buttons stay off paper. One polite status line, read by screen readers
 * only, says what an answer changed once the visitor pauses.
 */
export function ChecklistScores({
  title,
  intro,
  groups,
  tone,
}: {
  title: string
  intro: string
  groups: ChecklistGroup[]
  tone?: Tone
}) {
  const all = groups.reduce((sum, group) => sum + group.points, 0)
  return (
    <Section title={title} tone={tone} className="js-only break-inside-avoid">
      <SectionHeading title={title} intro={intro} />
      <ul className="max-w-3xl divide-y divide-slate-200 border-y border-slate-200 text-ink" data-checklist-scores="">
        {groups.map((group) => (
          <li key={group.title} className="py-3" data-scores-for={anchorId(group.title)}>
            <ScoreLine points={group.points} label={group.title} />
          </li>
        ))}
        <li className="py-3 text-lg" data-scores-for="">
          <ScoreLine points={all} label="All sections" />
        </li>
      </ul>
      <div className="mt-8 flex flex-wrap gap-3 print:hidden">
        <Button data-checklist-print="">Print</Button>
        <Button variant="outline" data-checklist-clear="">
          Clear answers
        </Button>
      </div>
      <p role="status" className="sr-only" data-checklist-status="" />
    </Section>
  )
}
