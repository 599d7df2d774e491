import { describe, expect, test } from 'vitest'
import { classifyHref, resolveHref } from './links.ts'
import { strategyCall } from '../booking/strategy-call.ts'

describe('classifyHref', () => {
  test.each([
    ['/pricing', 'page'],
    ['/contact?topic=audit', 'page'],
    ['/services/paid-ads#faq', 'page'],
    ['/', 'page'],
    ['/downloads/roi-calculator.xlsx', 'download'],
    ['/downloads/marketing-audit-checklist.xlsx', 'download'],
    ['#pricing-plans', 'anchor'],
    ['https://example.org/guide', 'external'],
    ['booking', 'booking'],
    ['email', 'email'],
    ['mailto:press@northpeak.example', 'email'],
  ])('accepts %s as a link to a %s', (href, kind) => {
    expect(classifyHref(href)).toEqual({ ok: true, kind })
  })

  test.each([
    ['/old-page', /is not a page of the site/],
    ['/about.data', /is not a page of the site/],
    ['/downloads/other.xlsx', /is not a page of the site/],
    ['/about/', /is not a page of the site/],
    ['http://example.org', /must be a page of the site/],
    ['about', /must be a page of the site/],
    ['javascript:alert(1)', /must be a page of the site/],
    ['https://', /is not a valid address/],
  ])('refuses %s', (href, reason) => {
    const result = classifyHref(href)
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.reason).toMatch(reason)
  })
})

describe('resolveHref', () => {
  test('sends the named destinations to the strategy call on the booking page and the agency address', () => {
    expect(resolveHref('booking')).toEqual({ href: '/book', external: false, newTab: false })
    expect(resolveHref('email')).toEqual({ href: 'mailto:hello@northpeak.example', external: true, newTab: false })
  })

  test('the strategy call leads to a page of the site', () => {
    expect(classifyHref(strategyCall.href)).toEqual({ ok: true, kind: 'page' })
  })

  test('keeps pages of the site for the router', () => {
    expect(resolveHref('/contact?topic=audit')).toEqual({
      href: '/contact?topic=audit',
      external: false,
      newTab: false,
    })
  })

  test('throws on a link content could never hold', () => {
    expect(() => resolveHref('/old-page')).toThrow(/is not a page of the site/)
  })
})
