import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { describe, expect, test } from 'vitest'
import { countWords, headingId, MarkdownError, renderBody, renderInline, renderMarkdown } from './markdown.ts'

describe('renderMarkdown', () => {
  test('resolves the strategy call and email destinations and opens outbound links in a new tab, saying so', () => {
    const html = renderMarkdown('[Book](booking) [Mail](email) [Docs](https://example.org) [Us](/about)')
    expect(html).toContain(`<a href="${strategyCall.href}">Book</a>`)
    expect(html).toContain('<a href="mailto:hello@northpeak.example">Mail</a>')
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">Docs')
    expect(html).toContain('<a href="/about">Us</a>')
  })

  test('wraps a table in a labeled region that scrolls sideways by keyboard too', () => {
    const html = renderMarkdown('| Channel | Spend |\n|---|---|\n| Search | $12,000 |')
    expect(html).toMatch(
      /^<section class="table-scroll" tabindex="0" aria-label="Table: Channel, Spend">\s*<table>[\s\S]*<td>\$12,000<\/td>[\s\S]*<\/table>\s*<\/section>/,
    )
  })

  test("gives an aligned column's cells a class, not the obsolete align attribute", () => {
    const html = renderMarkdown('| Channel | Spend |\n|---|---:|\n| Search | $12,000 |')
    expect(html).toContain('<th>Channel</th>\n<th class="text-right">Spend</th>')
    expect(html).toContain('<td class="text-right">$12,000</td>')
    expect(html).not.toContain('align=')
  })

  test('refuses a table with an empty header cell', () => {
    expect(() => renderMarkdown('| | A |\n|---|---|\n| x | y |')).toThrow(/a table has an empty header cell/)
  })

  test('refuses raw HTML, block and inline, and images', () => {
    expect(() => renderMarkdown('<script>alert(1)</script>')).toThrow(/raw HTML is not allowed/)
    expect(() => renderMarkdown('Text <b onclick="x()">bold</b>')).toThrow(/raw HTML is not allowed/)
    expect(() => renderMarkdown('![chart](/chart.png)')).toThrow(/images are not supported/)
  })

  test('refuses plain-http, relative and unknown links, and build files', () => {
    expect(() => renderMarkdown('[x](http://example.org)')).toThrow(MarkdownError)
    expect(() => renderMarkdown('[x](about)')).toThrow(MarkdownError)
    expect(() => renderMarkdown('[x](/old-page)')).toThrow(/link "\/old-page" is not a page of the site/)
    expect(() => renderMarkdown('[x](/about.data)')).toThrow(MarkdownError)
  })

  test('escapes what it does not render', () => {
    expect(renderMarkdown('Fish & chips for 2 < 3')).toBe('<p>Fish &amp; chips for 2 &lt; 3</p>\n')
  })
})

describe('renderInline', () => {
  test('renders links and emphasis without a wrapping paragraph', () => {
    expect(renderInline('See our **pricing** on the [pricing page](/pricing).')).toBe(
      'See our <strong>pricing</strong> on the <a href="/pricing">pricing page</a>.',
    )
  })

  test('checks links the same way as bodies', () => {
    expect(() => renderInline('[x](/nope)')).toThrow(MarkdownError)
  })
})

test('countWords counts words, not Markdown punctuation', () => {
  expect(countWords('## A heading\n\n- one item, **bold** words | table |\n\n```\ncode is skipped\n```')).toBe(7)
})

test('headings carry an id made from their text, unique within the document, for links to a section', () => {
  expect(renderMarkdown('## Analytics and cookies\n\nText.\n\n### Share buttons')).toBe(
    '<h2 id="analytics-and-cookies">Analytics and cookies</h2>\n<p>Text.</p>\n<h3 id="share-buttons">Share buttons</h3>\n',
  )
  expect(renderMarkdown('## FAQ\n\n## FAQ')).toBe('<h2 id="faq">FAQ</h2>\n<h2 id="faq-2">FAQ</h2>\n')
  // Each document starts afresh.
  expect(renderMarkdown('## FAQ')).toBe('<h2 id="faq">FAQ</h2>\n')
  // Quotes drop out rather than split a word, as in every published link.
  expect(headingId("What's new in 2025?")).toBe('whats-new-in-2025')
  expect(renderMarkdown("## What's **new** in 2025?")).toBe('<h2 id="whats-new-in-2025">What\'s <strong>new</strong> in 2025?</h2>\n')
})

test("a body's headings come with their ids and plain text, as Astro's render() lists them", () => {
  const { headings } = renderBody(['Intro.', '## Share *buttons* & links', 'Text.', '### Sub', '## Share buttons & links'].join('\n\n'))
  expect(headings).toEqual([
    { depth: 2, slug: 'share-buttons-links', text: 'Share buttons & links' },
    { depth: 3, slug: 'sub', text: 'Sub' },
    { depth: 2, slug: 'share-buttons-links-2', text: 'Share buttons & links' },
  ])
})

test('an address written with an escaped "@" stays text; one written plainly is a link', () => {
  expect(renderMarkdown('Like name\\@company.com, or write to hello@northpeak.example.')).toBe(
    '<p>Like name@company.com, or write to <a href="mailto:hello@northpeak.example">hello@northpeak.example</a>.</p>\n',
  )
})
