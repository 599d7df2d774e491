import { describe, expect, it } from 'vitest'
import { services } from './registry.ts'
import { inSentence, listOf } from './in-sentence.ts'

describe('inSentence', () => {
  it('lowercases title-case words and keeps the capitals of an acronym or a word of two capitals', () => {
    expect(inSentence('AI Automation')).toBe('AI automation')
    expect(inSentence('Omnichannel Marketing')).toBe('omnichannel marketing')
    expect(inSentence('SEO')).toBe('SEO')
    expect(inSentence('MedTech Client')).toBe('MedTech client')
  })

  it('reads every service name as a sentence would', () => {
    expect(services.map((service) => inSentence(service.name))).toEqual([
      'website design',
      'paid ads',
      'email marketing',
      'content creation',
      'social media',
      'AI automation',
      'analytics',
      'omnichannel marketing',
      'app development',
    ])
  })
})

it('lists items as a sentence does', () => {
  expect(listOf([])).toBe('')
  expect(listOf(['a checklist'])).toBe('a checklist')
  expect(listOf(['a checklist', 'a guide'])).toBe('a checklist and a guide')
  expect(listOf(['a checklist', 'a spreadsheet', 'a guide'])).toBe('a checklist, a spreadsheet and a guide')
})
