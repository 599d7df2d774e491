import { describe, expect, test } from 'vitest'
import { ContentError, checkData } from './loader.ts'
import { getPage } from './queries.server.ts'
import { page } from '#app/lib/site/registry.ts'

// Proof a reader can weigh (docs/decisions/051-pictures-of-people-and-work.md):
// a testimonial names the person who said it and the day they agreed; a
// client is named only with their permission.

const said = {
  quote: 'They found the leak in our funnel in the first two weeks and fixed it.',
  person: 'Dana Whitfield',
  role: 'Marketing Director',
  company: 'Acme Analytics',
  consented: '2026-11-20',
}

describe('a testimonial', () => {
  test('with a named person and the day of consent is taken', () => {
    expect(checkData('testimonials', 'dana-whitfield', said)).toMatchObject({ person: 'Dana Whitfield' })
  })

  test.each([['Head of Growth'], ['VP of Marketing'], ['Dana'], ['Client']])(
    'naming only "%s" is refused, naming the file and the field',
    (person) => {
      expect(() => checkData('testimonials', 'anonymous', { ...said, person })).toThrow(
        'content/testimonials/anonymous.yaml: field "person": names the person who said it, first and last name ("Jane Doe"), not their role: a testimonial without a named person is refused',
      )
    },
  )

  test('without a person, or without the day they agreed, is refused', () => {
    const { person: _person, ...nobody } = said
    expect(() => checkData('testimonials', 'anonymous', nobody)).toThrow(/field "person"/)
    const { consented: _consented, ...undated } = said
    expect(() => checkData('testimonials', 'anonymous', undated)).toThrow(/field "consented": is the day they agreed to be quoted/)
    expect(() => checkData('testimonials', 'anonymous', { ...said, consented: 'last week' })).toThrow(ContentError)
  })

})

describe('a client', () => {
  test('needs a yes or no for permission, and a website on https', () => {
    expect(() => checkData('clients', 'acme', { name: 'Acme Analytics' })).toThrow(/clients\/acme\.yaml: field "permission"/)
    expect(() => checkData('clients', 'acme', { name: 'Acme Analytics', permission: true, link: 'http://acme.example' })).toThrow(
      /field "link": is the address of their website, starting https:\/\//,
    )
  })

})

test('with no testimonial and no client yet, /case-studies shows neither block, and nothing takes their place', async () => {
  const { sections } = await getPage(page('/case-studies'))
  expect(sections.map((section) => section.type)).not.toContain('testimonials')
  expect(sections.map((section) => section.type)).not.toContain('clients')
  expect(sections.at(-1)?.type).toBe('cta')
})
