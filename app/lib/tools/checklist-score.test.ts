import { describe, expect, test } from 'vitest'
import {
  checklistScore,
  countsText,
  parseChecklistAnswers,
  scoreText,
  serializeChecklistAnswers,
  tallyChecklist,
  type ChecklistStatus,
} from './checklist-score.ts'

// The audit checklist's scoring rule, shared by its page and its workbook
// (checklist-workbook.test.ts scores the same answers with the workbook's
// formulas and finds the same figures).

describe('a tally', () => {
  test('counts each answer and the points not scored', () => {
    expect(tallyChecklist(['Pass', 'Pass', 'Partial', 'Fail', undefined, undefined])).toEqual({
      points: 6,
      Pass: 2,
      Partial: 1,
      Fail: 1,
      notScored: 2,
    })
    expect(tallyChecklist([])).toEqual({ points: 0, Pass: 0, Partial: 0, Fail: 0, notScored: 0 })
  })

  test('scores a pass 1, a partial 0.5, a fail and a point not scored 0', () => {
    expect(checklistScore(tallyChecklist(['Pass']))).toBe(1)
    expect(checklistScore(tallyChecklist(['Partial']))).toBe(0.5)
    expect(checklistScore(tallyChecklist(['Fail']))).toBe(0)
    expect(checklistScore(tallyChecklist([undefined]))).toBe(0)
    expect(checklistScore(tallyChecklist(['Pass', 'Pass', 'Partial', 'Fail', undefined, 'Partial']))).toBe(3)
  })

  test('reads as the page writes it: the score of all points with its percentage, then the counts', () => {
    const tally = tallyChecklist(['Pass', 'Pass', 'Pass', 'Pass', 'Partial', 'Partial', 'Partial', 'Fail'])
    expect(scoreText(tally)).toBe('5.5 of 8 points (69%)')
    expect(countsText(tally)).toBe('4 pass, 3 partial, 1 fail, 0 not scored')
    const none = tallyChecklist(Array.from({ length: 47 }, () => undefined))
    expect(scoreText(none)).toBe('0 of 47 points (0%)')
    expect(countsText(none)).toBe('0 pass, 0 partial, 0 fail, 47 not scored')
    expect(scoreText(tallyChecklist([]))).toBe('0 of 0 points (0%)')
  })
})

describe('the answers kept in the browser', () => {
  const ids = new Set(['install-your-analytics-tag', 'define-key-events', 'respect-consent'])

  test('come back as they were written', () => {
    const answers = new Map<string, ChecklistStatus>([
      ['install-your-analytics-tag', 'Pass'],
      ['respect-consent', 'Partial'],
    ])
    const stored = serializeChecklistAnswers(answers)
    expect(stored).toBe('{"install-your-analytics-tag":"Pass","respect-consent":"Partial"}')
    expect(parseChecklistAnswers(stored, ids)).toEqual(answers)
  })

  test('are not kept at all when there is none', () => {
    expect(serializeChecklistAnswers(new Map())).toBeNull()
  })

  test('drop a point the page no longer has and a status it does not offer', () => {
    const stored = JSON.stringify({
      'install-your-analytics-tag': 'Fail',
      'a-point-since-reworded': 'Pass',
      'define-key-events': 'pass',
      'respect-consent': 1,
    })
    expect(parseChecklistAnswers(stored, ids)).toEqual(new Map([['install-your-analytics-tag', 'Fail']]))
  })

  test('read a corrupt or foreign value as no answers, without throwing', () => {
    for (const stored of [null, '', '{', 'null', '42', '"Pass"', '["Pass"]', 'true', '{"__proto__":"Pass"}']) {
      expect(parseChecklistAnswers(stored, ids), String(stored)).toEqual(new Map())
    }
  })
})
