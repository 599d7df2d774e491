import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { pages } from '#app/lib/registry.ts'
import { ContentError, countWords, loadContent, renderMarkdown } from './collections.server.ts'
import { contentFileOf } from './files.ts'

describe('the content of the site', () => {
  const content = loadContent()

  test('every registry page has a content file that parses', () => {
    const loaded =
      content.pages.size + content.services.size + content.caseStudies.size + content.cities.size + content.articles.size
    expect(loaded).toBe(pages.length)
  })

  test('every article body holds at least 150 words per minute of its read time', () => {
    for (const [articlePath, article] of content.articles) {
      expect(article.words, articlePath).toBeGreaterThanOrEqual(article.data.readTime * 150)
    }
  })

  test('the article catalogue matches SPEC.md and DESIGN.md', () => {
    const row = (slug: string) => {
      const { data } = content.articles.get(`/blog/${slug}`)!
      return [data.category, data.date, data.readTime]
    }
    expect(row('email-marketing-2025')).toEqual(['Email Marketing', '2024-12-05', 9])
    expect(row('saas-development-guide')).toEqual(['SaaS Development', '2024-01-20', 18])
    expect(row('b2b-marketing-guide')).toEqual(['B2B', '2025-01-24', 20])
    expect(row('brand-strategy-guide')).toEqual(['Branding', '2025-01-26', 16])
    expect(row('local-seo-guide')).toEqual(['Local SEO', '2025-01-30', 17])
    expect(row('ai-workflows-save-time')).toEqual(['AI Automation', '2024-11-12', 8])
    expect(row('fitness-brand-case-study')).toEqual(['Case Study', '2024-12-09', 9])
  })
})

describe('a bad content file', () => {
  // A copy of content/ to break on purpose; the real files stay untouched.
  const root = path.join(mkdtempSync(path.join(tmpdir(), 'content-')), 'content')
  cpSync('content', root, { recursive: true })
  afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }))

  function withFile(file: string, edit: (source: string) => string, check: () => void) {
    const target = path.join(root, '..', file)
    const original = readFileSync(target, 'utf8')
    writeFileSync(target, edit(original))
    try {
      check()
    } finally {
      writeFileSync(target, original)
    }
  }

  test('fails naming the file and the field', () => {
    withFile(
      'content/services/paid-ads.md',
      (source) => source.replace(/^icon: .*$/m, 'icon: not-an-icon'),
      () => {
        expect(() => loadContent(root)).toThrow(ContentError)
        expect(() => loadContent(root)).toThrow(/content\/services\/paid-ads\.md: field "icon": Invalid option/)
      },
    )
  })

  test('rejects an impossible date that YAML would have rolled over', () => {
    withFile(
      'content/blog/local-seo-guide.md',
      (source) => source.replace(/^date: .*$/m, 'date: "2026-13-45"'),
      () => expect(() => loadContent(root)).toThrow(/content\/blog\/local-seo-guide\.md: field "date"/),
    )
  })

  test('rejects a read time the body cannot fill', () => {
    withFile(
      'content/blog/local-seo-guide.md',
      (source) => source.replace(/^readTime: .*$/m, 'readTime: 30'),
      () => expect(() => loadContent(root)).toThrow(/local-seo-guide\.md: field "readTime": 30 min needs at least 4500 words/),
    )
  })

  test('rejects a link to a page the site does not have', () => {
    withFile(
      'content/pages/terms.md',
      (source) => `${source}\n\nSee [our old page](/old-page).\n`,
      () => expect(() => loadContent(root)).toThrow(/content\/pages\/terms\.md: link "\/old-page"/),
    )
  })

  test('rejects a file no page uses, and a page without its file', () => {
    writeFileSync(path.join(root, 'cities', 'paris.md'), '---\n---\n')
    try {
      expect(() => loadContent(root)).toThrow(/content\/cities\/paris\.md: no page of the registry/)
    } finally {
      rmSync(path.join(root, 'cities', 'paris.md'))
    }
    const terms = pages.find((page) => page.path === '/terms')!
    withFile(contentFileOf(terms), (source) => source, () => {
      rmSync(path.join(root, '..', contentFileOf(terms)))
      expect(() => loadContent(root)).toThrow(/content\/pages\/terms\.md: missing; the registry lists \/terms/)
    })
  })
})

describe('renderMarkdown', () => {
  test('resolves the booking and email destinations and opens outbound links in a new tab', () => {
    const html = renderMarkdown('[Book](booking) [Mail](email) [Docs](https://example.org) [Us](/about)', 'x.md')
    expect(html).toContain('href="https://cal.northpeak.example/strategy-call" target="_blank" rel="noopener noreferrer"')
    expect(html).toContain('href="mailto:hello@northpeak.example"')
    expect(html).toContain('href="https://example.org" target="_blank"')
    expect(html).toContain('<a href="/about">Us</a>')
  })

  test('refuses a table with an empty header cell', () => {
    expect(() => renderMarkdown('| | A |\n|---|---|\n| x | y |', 'x.md')).toThrow(/x\.md: a table has an empty header cell/)
  })

  test('refuses plain-http and relative links', () => {
    expect(() => renderMarkdown('[x](http://example.org)', 'x.md')).toThrow(ContentError)
    expect(() => renderMarkdown('[x](about)', 'x.md')).toThrow(ContentError)
  })
})

test('countWords counts words, not Markdown punctuation', () => {
  expect(countWords('## A heading\n\n- one item, **bold** words | table |\n\n```\ncode is skipped\n```')).toBe(7)
})
