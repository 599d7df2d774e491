import { expect, test } from 'vitest'
import { fieldErrors, leadSchema, serviceOptions } from './lead.ts'
import { services } from './registry.ts'

test("the service-of-interest options are the site's services and 'Not sure yet'", () => {
  expect(serviceOptions.map((option) => option.label)).toEqual([...services.map((entry) => entry.name), 'Not sure yet'])
  expect(serviceOptions[0]).toEqual({ value: 'website-design', label: 'Website Design' })
})

test('a contact form as the browser sends it: trimmed, empty optional fields left out', () => {
  const result = leadSchema.parse({
    kind: 'contact',
    name: '  Ada Lovelace ',
    email: ' ada@example.com ',
    company: '',
    service: 'analytics',
    budget: '',
    message: 'Hello',
    topic: 'audit',
    utm_source: '',
  })
  expect(result).toEqual({
    kind: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    service: 'analytics',
    message: 'Hello',
    topic: 'audit',
  })
})

test('one message per bad field, the first one found', () => {
  const result = leadSchema.safeParse({ kind: 'contact', email: 'x', name: 'n'.repeat(101) })
  expect(result.success).toBe(false)
  expect(fieldErrors(result.error!)).toEqual({
    name: 'Enter a name under 100 characters',
    email: 'Enter a valid email address, like name@company.com',
    service: 'Choose the service you are interested in',
    message: 'Tell us a little about your project',
  })
})
