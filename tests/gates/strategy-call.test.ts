import { describe, expect, test } from 'vitest'
import { auditRequestProblems, strategyCallProblems } from './strategy-call.ts'

// A page's strategy-call links as the site renders them, and the same page
// with one defect planted each time: the gate must name the defect.

const call = {
  label: 'Book your free strategy call',
  href: '/contact',
  bookingUrl: 'https://cal.northpeak.example/strategy-call',
}

const page = (links: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><header><a href="/contact" data-prefetch>Book your free strategy call</a></header><main>${links}</main></body></html>`

describe('strategyCallProblems', () => {
  test('finds nothing wrong with the label and destination, in a sentence too', () => {
    const html = page(
      '<p>Or <a href="/contact">book your free strategy call</a> today. <a href="/contact?topic=audit">Get a free marketing audit</a></p>',
    )
    expect(strategyCallProblems('/blog/seo-strategy-2025', html, call)).toEqual([])
  })

  test('finds another label, another destination and a new tab', () => {
    const html = page(
      [
        '<a href="/contact">Book Strategy Call</a>',
        '<a href="https://cal.northpeak.example/strategy-call" target="_blank" rel="noopener noreferrer">Book your free strategy call<span class="sr-only"> (opens in a new tab)</span></a>',
      ].join(''),
    )
    expect(strategyCallProblems('/blog/email-marketing-2025', html, call)).toEqual([
      '"Book Strategy Call" offers the strategy call, not as "Book your free strategy call"',
      '"Book your free strategy call (opens in a new tab)" links to the booking calendar, which only /contact links to',
      '"Book your free strategy call (opens in a new tab)" offers the strategy call, not as "Book your free strategy call"',
      '"Book your free strategy call (opens in a new tab)" goes to https://cal.northpeak.example/strategy-call, not /contact',
      '"Book your free strategy call (opens in a new tab)" opens in another tab',
    ])
  })

  test('lets the contact page link to the booking calendar under a label of its own', () => {
    const html = page(
      '<a href="https://cal.northpeak.example/strategy-call" target="_blank" rel="noopener noreferrer">Pick a time in our calendar<span class="sr-only"> (opens in a new tab)</span></a>',
    )
    expect(strategyCallProblems('/contact', html, call)).toEqual([])
    expect(strategyCallProblems('/pricing', html, call)).toEqual([
      '"Pick a time in our calendar (opens in a new tab)" links to the booking calendar, which only /contact links to',
    ])
  })
})

describe('auditRequestProblems', () => {
  const audit = {
    label: 'Get a free marketing audit',
    specLabel: 'Get Free Marketing Audit',
    href: '/audit',
    pageName: 'Free Marketing Audit',
  }

  test('passes the two labels, the first in a sentence too', () => {
    const html = page(
      '<a href="/audit">Get Free Marketing Audit</a><p>Or <a href="/audit">get a free marketing audit</a>.</p><li><a href="/audit">Free Marketing Audit</a></li>',
    )
    expect(auditRequestProblems(html, audit)).toEqual([])
  })

  test('names any other label that leads to the audit', () => {
    const html = page(
      '<a href="/audit">Get a free audit</a><p><a href="/audit">request the free marketing audit</a></p>',
    )
    expect(auditRequestProblems(html, audit)).toEqual([
      '"Get a free audit" asks for the audit, not as "Get a free marketing audit" or "Get Free Marketing Audit"',
      '"request the free marketing audit" asks for the audit, not as "Get a free marketing audit" or "Get Free Marketing Audit"',
    ])
  })
})
