import { describe, expect, test } from 'vitest'
import { breadcrumbs, titleCase } from './breadcrumbs.ts'

describe('breadcrumbs', () => {
  test('are empty on the home page, where they are hidden', () => {
    expect(breadcrumbs('/')).toEqual([])
  })

  test('name a service page from the registry; only earlier crumbs link', () => {
    expect(breadcrumbs('/services/paid-ads')).toEqual([
      { name: 'Home', path: '/', href: '/' },
      { name: 'Services', path: '/services', href: '/services' },
      { name: 'Paid Ads', path: '/services/paid-ads', href: undefined },
    ])
  })

  test("use the product's names for case studies, omnichannel and legal pages", () => {
    expect(breadcrumbs('/case-studies/saas-startup').at(-1)?.name).toBe('SaaS Startup')
    expect(breadcrumbs('/case-studies/fitness-brand').at(-1)?.name).toBe('Fitness Brand')
    expect(breadcrumbs('/case-studies/medtech-client').at(-1)?.name).toBe('MedTech Client')
    expect(breadcrumbs('/services/omnichannel').at(-1)?.name).toBe('Omnichannel Marketing')
    expect(breadcrumbs('/privacy').at(-1)?.name).toBe('Privacy Policy')
    expect(breadcrumbs('/terms').at(-1)?.name).toBe('Terms of Service')
  })

  test('title-case a segment that no page names, and do not link it', () => {
    expect(breadcrumbs('/industries/ecommerce')).toEqual([
      { name: 'Home', path: '/', href: '/' },
      { name: 'Industries', path: '/industries', href: undefined },
      { name: 'Ecommerce', path: '/industries/ecommerce', href: undefined },
    ])
    expect(breadcrumbs('/blog/some-old-post').map((crumb) => crumb.name)).toEqual(['Home', 'Blog', 'Some Old Post'])
  })

  test('name an article by its short name', () => {
    expect(breadcrumbs('/blog/mvp-development-guide').at(-1)?.name).toBe('MVP Development Guide')
  })
})

describe('titleCase', () => {
  test('capitalizes each hyphen- or underscore-separated word', () => {
    expect(titleCase('san-francisco')).toBe('San Francisco')
    expect(titleCase('growth_plan-2025')).toBe('Growth Plan 2025')
  })
})
