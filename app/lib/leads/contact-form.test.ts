import { expect, test } from 'vitest'
import { slugify } from '#app/lib/content/slug.ts'
import { page } from '#app/lib/site/registry.ts'
import { auditRequest } from './audit-request.ts'
import { fieldsFor, fieldsInError, fixedAnnouncement } from './contact-form.ts'
import { CONTACT_FORM_SECTION } from './lead-constants.ts'

test('fixedAnnouncement names the fields just fixed and what is left', () => {
  expect(fixedAnnouncement(['name'], 3)).toBe('Name is fixed. 3 more to fix.')
  expect(fixedAnnouncement(['service', 'message'], 0)).toBe('Service and message are fixed. The form is ready to send.')
  expect(fixedAnnouncement(['name', 'email', 'message'], 1)).toBe('Name, email and message are fixed. 1 more to fix.')
})

test("fieldsInError lists the marked fields in the form's order, not the whole form's message", () => {
  expect(fieldsInError({ message: 'Tell us', form: 'Too many', name: 'Enter your name' })).toEqual(['name', 'message'])
  expect(fieldsInError({})).toEqual([])
})

test("the contact form's section is where its anchor says; the audit's links lead to the instant audit", () => {
  // The section's anchor is its title's slug (app/components/section.tsx, `anchorId`).
  expect(slugify(CONTACT_FORM_SECTION.title)).toBe(CONTACT_FORM_SECTION.id)
  expect(page(auditRequest.href)).toMatchObject({ path: '/audit', name: auditRequest.pageName, route: 'audit' })
})

test('the audit asks for no service and no budget; every other topic shows every field', () => {
  expect(fieldsFor('audit')).toEqual(['topic', 'name', 'email', 'websiteUrl', 'company', 'message'])
  expect(fieldsFor('project')).toContain('service')
  expect(fieldsFor(undefined)).toHaveLength(8)
})
