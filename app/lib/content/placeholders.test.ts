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

test('a {{#if}} block keeps the text the build asks for', () => {
  const text = 'This site {{#if analytics}}measures visits after consent{{else}}runs no analytics{{/if}}.'
  expect(resolvePlaceholders(text, { analytics: true, bookingCalendar: false })).toBe('This site measures visits after consent.')
  expect(resolvePlaceholders(text, { analytics: false, bookingCalendar: false })).toBe('This site runs no analytics.')
  expect(resolvePlaceholders('a\n{{#if analytics}}- b\n{{/if}}- c', { analytics: false, bookingCalendar: false })).toBe('a\n- c')
  expect(resolvePlaceholders('{{#if analytics}}worth {{sessionWorth}}{{/if}}', { analytics: true, bookingCalendar: false })).toBe('worth $300')
  expect(resolvePlaceholdersIn({ lede: '{{#if analytics}}on{{else}}off{{/if}}' }, [], { analytics: true, bookingCalendar: false })).toEqual({
    lede: 'on',
  })
  // The build's own setting decides by default: the unit tests build without a measurement id.
  expect(resolvePlaceholders(text)).toBe('This site runs no analytics.')
})

test('an unknown condition, a nested block or a block left open is an error', () => {
  expect(() => resolvePlaceholders('{{#if ads}}x{{/if}}', { analytics: true, bookingCalendar: false })).toThrow(/unknown condition in \{\{#if ads\}\}/)
  expect(() => resolvePlaceholders('{{#if analytics}}{{#if analytics}}x{{/if}}{{/if}}', { analytics: true, bookingCalendar: false })).toThrow(
    PlaceholderError,
  )
  expect(() => resolvePlaceholders('{{#if analytics}}x', { analytics: true, bookingCalendar: false })).toThrow(PlaceholderError)
})
