import { expect, test } from 'vitest'
import { PlaceholderError, resolvePlaceholders, resolvePlaceholdersIn } from './placeholders.ts'

test('placeholders read as the site config states the offer and the claims', () => {
  expect(resolvePlaceholders('A free {{sessionMinutes}}-minute call, worth {{sessionWorth}}.')).toBe(
    'A free 30-minute call, worth $300.',
  )
  expect(resolvePlaceholders('It includes {{auditItems}}, valued at {{ auditWorth }}.')).toBe(
    'It includes a 47-point audit checklist, an ROI calculator spreadsheet and an AI optimization guide, valued at $500.',
  )
  expect(resolvePlaceholders('{{conversionUplift}} uplift, {{adSpendManaged}} managed, our {{auditChecklist}}')).toBe(
    '127% uplift, $10M+ managed, our 47-point audit checklist',
  )
})

test('an unknown placeholder or a stray brace pair is an error naming the field', () => {
  expect(() => resolvePlaceholders('worth {{sessionPrice}}')).toThrow(/unknown placeholder \{\{sessionPrice\}\}/)
  expect(() => resolvePlaceholders('worth {{sessionWorth}')).toThrow(PlaceholderError)
  try {
    resolvePlaceholdersIn({ sections: [{ items: [{ title: 'ok', body: 'worth {{nope}}' }] }] })
    expect.unreachable()
  } catch (error) {
    expect((error as PlaceholderError).field).toBe('sections.0.items.0.body')
  }
})

test('strings anywhere in frontmatter are resolved; other values stay as they are', () => {
  expect(resolvePlaceholdersIn({ value: '{{auditWorth}}', limit: 3, popular: true, tags: ['{{sessionWorth}}'] })).toEqual({
    value: '$500',
    limit: 3,
    popular: true,
    tags: ['$300'],
  })
})
