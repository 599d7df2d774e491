import {
  CHECKLIST_ANSWERS_KEY,
  countsText,
  parseChecklistAnswers,
  scoreText,
  serializeChecklistAnswers,
  tallyChecklist,
  type ChecklistStatus,
  type ChecklistTally,
} from '#app/lib/tools/checklist-score.ts'

/**
 * The audit checklist as a tool (docs/product.md#marketing-audit-checklist):
 * scores each group and the whole from the answers, keeps them in
 * localStorage, and runs Print and Clear answers. The answers are native
 * radio buttons in the page's HTML (app/components/sections/checklist.tsx), so
 * the page holds the truth: a choice made before this script runs is kept,
 * read here and saved, and only a point still unanswered takes its stored
 * answer. A plain module, not an island: it needs no React, whose runtime a
 * content page may not fetch before its visitor acts
 * (docs/decisions/029-pages-as-documents-widgets-as-islands.md). It imports
 * only app/lib/tools/checklist-score.ts, which imports nothing: a module shared
 * with the shell's script would be a chunk of its own and split Rolldown's
 * runtime out of React's chunk, one more round trip for every island of the
 * site (tests/e2e/script-depth.spec.ts).
 */

/** How long the answers rest before the status line says what changed: arrow keys through a group say it once. */
const ANNOUNCE_AFTER_MS = 600

interface Group {
  id: string
  title: string
  points: HTMLFieldSetElement[]
  line: HTMLElement | null
}

function answerOf(point: HTMLFieldSetElement): ChecklistStatus | undefined {
  return (point.querySelector<HTMLInputElement>('input:checked')?.value as ChecklistStatus | undefined) ?? undefined
}

function write(line: Element | null, tally: ChecklistTally) {
  if (!line) return
  const score = line.querySelector('[data-score]')
  const counts = line.querySelector('[data-counts]')
  if (score) score.textContent = scoreText(tally)
  if (counts) counts.textContent = countsText(tally)
}

function readStored(): string | null {
  try {
    return localStorage.getItem(CHECKLIST_ANSWERS_KEY)
  } catch {
    // Storage refused (private mode, settings): the answers last for this page.
    return null
  }
}

function store(value: string | null) {
  try {
    if (value === null) localStorage.removeItem(CHECKLIST_ANSWERS_KEY)
    else localStorage.setItem(CHECKLIST_ANSWERS_KEY, value)
  } catch {
    // As above: nothing kept, nothing broken.
  }
}

export function startChecklist(): void {
  const groups: Group[] = [...document.querySelectorAll<HTMLOListElement>('ol[data-checklist]')].map((list) => {
    const section = list.closest('section')
    return {
      id: section?.id ?? '',
      title: section?.querySelector('h2')?.textContent ?? '',
      points: [...list.querySelectorAll<HTMLFieldSetElement>('fieldset[data-point]')],
      line: section?.querySelector<HTMLElement>('[data-checklist-score]') ?? null,
    }
  })
  const points = groups.flatMap((group) => group.points)
  if (points.length === 0) return
  const scores = document.querySelector('[data-checklist-scores]')
  const status = document.querySelector('[data-checklist-status]')

  const answers = () => {
    const held = new Map<string, ChecklistStatus>()
    for (const point of points) {
      const answer = answerOf(point)
      if (answer) held.set(point.dataset.point ?? '', answer)
    }
    return held
  }
  const tallies = () => {
    const each = groups.map((group) => tallyChecklist(group.points.map(answerOf)))
    return { each, all: tallyChecklist(points.map(answerOf)) }
  }
  const show = () => {
    const { each, all } = tallies()
    groups.forEach((group, index) => {
      write(group.line, each[index]!)
      write(scores?.querySelector(`[data-scores-for="${group.id}"]`) ?? null, each[index]!)
    })
    write(scores?.querySelector('[data-scores-for=""]') ?? null, all)
  }

  // Stored answers fill only the points the visitor has not answered on this page yet.
  const stored = parseChecklistAnswers(readStored(), new Set(points.map((point) => point.dataset.point ?? '')))
  const answeredBefore = answers().size > 0
  for (const point of points) {
    const kept = stored.get(point.dataset.point ?? '')
    if (kept && !answerOf(point)) {
      const radio = point.querySelector<HTMLInputElement>(`input[value="${kept}"]`)
      if (radio) radio.checked = true
    }
  }
  if (answeredBefore) store(serializeChecklistAnswers(answers()))
  show()

  let timer: ReturnType<typeof setTimeout> | undefined
  const announce = (text: () => string) => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      if (status) status.textContent = text()
    }, ANNOUNCE_AFTER_MS)
  }

  document.addEventListener('change', (event) => {
    const point = (event.target as Element | null)?.closest?.('fieldset[data-point]')
    const group = groups.find((candidate) => candidate.points.includes(point as HTMLFieldSetElement))
    if (!group) return
    store(serializeChecklistAnswers(answers()))
    show()
    announce(() => {
      const { each, all } = tallies()
      return `${group.title}: ${scoreText(each[groups.indexOf(group)]!)}. All sections: ${scoreText(all)}.`
    })
  })

  document.querySelector('[data-checklist-print]')?.addEventListener('click', () => window.print())
  document.querySelector('[data-checklist-clear]')?.addEventListener('click', () => {
    const held = answers().size
    if (held === 0) return announce(() => `No answers to clear. All sections: ${scoreText(tallies().all)}.`)
    if (!window.confirm(`Clear your ${held === 1 ? 'answer' : `${held} answers`} on this checklist?`)) return
    for (const radio of document.querySelectorAll<HTMLInputElement>('fieldset[data-point] input:checked')) {
      radio.checked = false
    }
    store(null)
    show()
    announce(() => `Answers cleared. All sections: ${scoreText(tallies().all)}.`)
  })
}
