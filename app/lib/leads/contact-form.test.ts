import { expect, test } from 'vitest'
import { fieldsInError, fixedAnnouncement } from './contact-form.ts'

test('fixedAnnouncement names the fields just fixed and what is left', () => {
  expect(fixedAnnouncement(['name'], 3)).toBe('Name is fixed. 3 more to fix.')
  expect(fixedAnnouncement(['service', 'message'], 0)).toBe('Service and message are fixed. The form is ready to send.')
  expect(fixedAnnouncement(['name', 'email', 'message'], 1)).toBe('Name, email and message are fixed. 1 more to fix.')
})

test("fieldsInError lists the marked fields in the form's order, not the whole form's message", () => {
  expect(fieldsInError({ message: 'Tell us', form: 'Too many', name: 'Enter your name' })).toEqual(['name', 'message'])
  expect(fieldsInError({})).toEqual([])
})
