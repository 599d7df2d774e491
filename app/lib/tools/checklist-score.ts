/**
 * How the audit checklist is scored, once for its page and its workbook
 * (docs/product.md#marketing-audit-checklist): the page's script
 * (app/scripts/checklist.ts) counts the visitor's answers with it, and the
 * workbook (checklist-workbook.server.ts) writes the same rule as formulas, so
 * the two give the same score for the same answers. Imports nothing: it ships
 * in the page's script.
 */

/**
 * The localStorage key of the page's answers, listed with every other key in
 * app/lib/browser/browser-storage.ts (the privacy policy's list): a JSON object
 * of point ids to statuses, as `serializeChecklistAnswers` writes it. The
 * version is in the key: a later format takes a new key and leaves the old
 * value unread. Defined here, where the page's script reads it, so that the
 * script is one file.
 */
export const CHECKLIST_ANSWERS_KEY = 'northpeak:audit-checklist:v1'

/** What a point can score, as the page asks and the workbook's Status column offers. */
export const checklistStatuses = ['Pass', 'Partial', 'Fail'] as const

export type ChecklistStatus = (typeof checklistStatuses)[number]

/** What each answer earns: a pass the whole point, a partial half of it, a fail nothing. */
export const checklistPointValues: Readonly<Record<ChecklistStatus, number>> = { Pass: 1, Partial: 0.5, Fail: 0 }

/** The answers of a group of points counted: how many points, how many of each answer, how many not scored yet. */
export interface ChecklistTally {
  points: number
  Pass: number
  Partial: number
  Fail: number
  notScored: number
}

/** Counts `answers`, one per point, `undefined` for a point not scored yet. */
export function tallyChecklist(answers: readonly (ChecklistStatus | undefined)[]): ChecklistTally {
  const tally: ChecklistTally = { points: answers.length, Pass: 0, Partial: 0, Fail: 0, notScored: 0 }
  for (const answer of answers) {
    if (answer) tally[answer] += 1
    else tally.notScored += 1
  }
  return tally
}

/** The points a tally earns; a point not scored earns nothing, as a fail. */
export function checklistScore(tally: ChecklistTally): number {
  return checklistStatuses.reduce((sum, status) => sum + tally[status] * checklistPointValues[status], 0)
}

/** A score as the page writes it: "5.5 of 8 points (69%)". */
export function scoreText(tally: ChecklistTally): string {
  const score = checklistScore(tally)
  const percent = tally.points === 0 ? 0 : Math.round((score / tally.points) * 100)
  return `${score} of ${tally.points} points (${percent}%)`
}

/** The counts behind a score: "4 pass, 3 partial, 1 fail, 0 not scored". */
export function countsText(tally: ChecklistTally): string {
  return `${tally.Pass} pass, ${tally.Partial} partial, ${tally.Fail} fail, ${tally.notScored} not scored`
}

/**
 * The answers kept in the browser, read back: an object of point ids to
 * statuses, as `serializeChecklistAnswers` writes it. Anything else (not JSON,
 * not an object, an unknown point, an unknown status) is left out, so a
 * corrupt or foreign value scores nothing and never throws.
 */
export function parseChecklistAnswers(
  stored: string | null,
  pointIds: ReadonlySet<string>,
): Map<string, ChecklistStatus> {
  const answers = new Map<string, ChecklistStatus>()
  if (!stored) return answers
  let value: unknown
  try {
    value = JSON.parse(stored)
  } catch {
    return answers
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return answers
  for (const [id, status] of Object.entries(value)) {
    if (pointIds.has(id) && (checklistStatuses as readonly unknown[]).includes(status)) {
      answers.set(id, status as ChecklistStatus)
    }
  }
  return answers
}

/** The value kept for `answers`, or `null` when there is none to keep. */
export function serializeChecklistAnswers(answers: ReadonlyMap<string, ChecklistStatus>): string | null {
  return answers.size === 0 ? null : JSON.stringify(Object.fromEntries(answers))
}
