import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { pages } from '#app/lib/site/registry.ts'
import { contentByPath, contentCopy, editFields, loadCollections, loadData, type Fields } from './test-collections.ts'
import { contentFileOf } from './files.ts'
import { ContentError } from './loader.ts'

describe('the content of the site', () => {
  const content = contentByPath()

  test('the article catalog holds the published categories, dates and read times', () => {
    const row = (slug: string) => {
      const { data } = content.blog.get(`/blog/${slug}`)!
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

  test('FAQ answers arrive as rendered HTML, their links resolved', () => {
    const faq = content.pages.get('/thank-you')!.data.sections.find((section) => section.type === 'faq')
    const answers = faq?.type === 'faq' ? faq.items.map((item) => item.answer.html) : []
    expect(answers.join(' ')).toContain('<a href="/privacy">privacy policy</a>')
    expect(answers.join(' ')).not.toContain('](')
  })
})

describe('a bad content file', () => {
  const { root, withFile } = contentCopy()

  test('a title too long to keep " | Northpeak" within 70 characters stops the build, naming the file and field', () => {
    withFile(
      'content/pages/about.md',
      (source) => source.replace(/^title: .*$/m, `title: "${'About us: '.padEnd(59, 'x')}"`),
      () => expect(() => loadCollections(root)).toThrow(/pages\/about\.md: field "title": is longer than 58 characters: with " \| Northpeak" it would pass the 70/),
    )
    withFile(
      'content/blog/video-marketing-strategy.md',
      (source) => source.replace(/^searchTitle: .*\n/m, ''),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /video-marketing-strategy\.md: field "searchTitle": is required when the title is longer than 58 characters/,
        ),
    )
  })

  test('a key fact that counts must count the names listed under it', () => {
    withFile(
      'content/pages/industries/saas.md',
      editFields((fields) => {
        fields.sections[0].items[2].value = '6'
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /industries\/saas\.md: field "sections\.0\.items\.2": counts its items: a value that is a number must be how many items are listed/,
        ),
    )
  })

  test('fails naming the file and the field', () => {
    withFile(
      'content/services/paid-ads.md',
      (source) => source.replace(/^icon: .*$/m, 'icon: not-an-icon'),
      () => {
        expect(() => loadCollections(root)).toThrow(ContentError)
        expect(() => loadCollections(root)).toThrow(/content\/services\/paid-ads\.md: field "icon": Invalid option/)
      },
    )
  })

  test('a picture that is not beside the file, or not a picture, stops the build naming the file and the field', () => {
    withFile(
      'content/case-studies/saas-startup.md',
      (source) => source.replace('./saas-startup/media/1/image.png', './saas-startup/media/1/missing.png'),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /saas-startup\.md: field "media\.1\.image": names \.\/saas-startup\/media\/1\/missing\.png, and there is no such picture beside the file/,
        ),
    )
    withFile(
      'content/team/maya-okafor.yaml',
      (source) => `${source}photo: ./maya-okafor/photo.gif\n`,
      () => expect(() => loadData('team', root)).toThrow(/team\/maya-okafor\.yaml: field "photo": is a picture: a \.png, \.jpg, \.webp or \.avif file/),
    )
  })

  test('a team member without a name, or with a profile that is not on LinkedIn, stops the build naming the file and the field', () => {
    withFile(
      'content/team/maya-okafor.yaml',
      (source) => source.replace(/^name: .*\n/m, ''),
      () => expect(() => loadData('team', root)).toThrow(/content\/team\/maya-okafor\.yaml: field "name"/),
    )
    withFile(
      'content/team/maya-okafor.yaml',
      (source) => `${source}linkedin: https://linkedin.example.com/in/maya\n`,
      () => expect(() => loadData('team', root)).toThrow(/maya-okafor\.yaml: field "linkedin": is a profile address on linkedin\.com/),
    )
    withFile(
      'content/team/maya-okafor.yaml',
      (source) => `${source}linkedin: https://www.linkedin.com/in/maya-okafor\n`,
      () => expect(loadData('team', root).find((entry) => entry.id === 'maya-okafor')?.data.linkedin).toBe('https://www.linkedin.com/in/maya-okafor'),
    )
  })

  test('rejects an impossible date that YAML would have rolled over', () => {
    withFile(
      'content/blog/local-seo-guide.md',
      (source) => source.replace(/^date: .*$/m, 'date: "2026-13-45"'),
      () => expect(() => loadCollections(root)).toThrow(/content\/blog\/local-seo-guide\.md: field "date"/),
    )
  })

  test('rejects an update date before the publication date, or not a date', () => {
    const withUpdated = (updated: string) => (source: string) =>
      source.replace(/^updated: .*\n/m, '').replace(/^(date: .*)$/m, `$1\nupdated: ${updated}`)
    withFile('content/blog/local-seo-guide.md', withUpdated('"2025-01-29"'), () =>
      expect(() => loadCollections(root)).toThrow(
        /content\/blog\/local-seo-guide\.md: field "updated": must not be before the publication date/,
      ),
    )
    withFile('content/blog/local-seo-guide.md', withUpdated('"November 2026"'), () =>
      expect(() => loadCollections(root)).toThrow(/content\/blog\/local-seo-guide\.md: field "updated"/),
    )
    withFile('content/blog/local-seo-guide.md', withUpdated('"2025-01-30"'), () =>
      expect(() => loadCollections(root)).not.toThrow(),
    )
  })

  test('an article needs an author from the team: none, or a name without a file in content/team, stops the build', () => {
    withFile(
      'content/blog/local-seo-guide.md',
      (source) => source.replace(/^author: .*\n/m, ''),
      () => expect(() => loadCollections(root)).toThrow(/content\/blog\/local-seo-guide\.md: field "author"/),
    )
    withFile(
      'content/blog/local-seo-guide.md',
      (source) => source.replace(/^author: .*$/m, 'author: jane-doe'),
      () =>
        expect(() => loadCollections(root)).toThrow(
          'content/blog/local-seo-guide.md: field "author": "jane-doe" is not a member of the team: there is no content/team/jane-doe.yaml',
        ),
    )
  })

  test('resolves placeholders before checking lengths, and refuses an unknown one naming file and field', () => {
    withFile(
      'content/services/paid-ads.md',
      editFields((fields) => {
        fields.summary = '{{auditItems}}, worth {{sessionWorth}}: more than the card holds. {{auditItems}}.'
      }),
      () => expect(() => loadCollections(root)).toThrow(/paid-ads\.md: field "summary": Too big/),
    )
    withFile(
      'content/services/paid-ads.md',
      editFields((fields) => {
        fields.faq[0].answer = `Worth {{sessionPrice}}. ${fields.faq[0].answer}`
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /paid-ads\.md: field "faq\.0\.answer": unknown placeholder \{\{sessionPrice\}\}/,
        ),
    )
    withFile(
      'content/blog/local-seo-guide.md',
      (source) => `${source}\n\nA call worth {{sessionPrize}}.\n`,
      () =>
        expect(() => loadCollections(root)).toThrow(/local-seo-guide\.md: field "body": unknown placeholder \{\{sessionPrize\}\}/),
    )
  })

  test('rejects a read time the body cannot fill', () => {
    withFile(
      'content/blog/local-seo-guide.md',
      (source) => source.replace(/^readTime: .*$/m, 'readTime: 30'),
      () => expect(() => loadCollections(root)).toThrow(/local-seo-guide\.md: field "readTime": 30 min needs at least 4500 words/),
    )
  })

  test('rejects a link to a page the site does not have', () => {
    withFile(
      'content/pages/terms.md',
      (source) => `${source}\n\nSee [our old page](/old-page).\n`,
      () =>
        expect(() => loadCollections(root)).toThrow(
          /content\/pages\/terms\.md: field "body": link "\/old-page" is not a page of the site/,
        ),
    )
  })

  test('rejects raw HTML in a body, naming the file and the field', () => {
    withFile(
      'content/pages/terms.md',
      (source) => `${source}\n\n<script>alert(1)</script>\n`,
      () => expect(() => loadCollections(root)).toThrow(/content\/pages\/terms\.md: field "body": raw HTML is not allowed/),
    )
  })

  test('rejects raw HTML in a Markdown field, naming the field', () => {
    withFile(
      'content/pages/thank-you.md',
      editFields((fields) => {
        const faq = fields.sections.find((section: Fields) => section.type === 'faq')
        faq.items[0].answer = `<img src=x onerror=alert(1)> ${faq.items[0].answer}`
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /content\/pages\/thank-you\.md: field "sections\.\d+\.items\.0\.answer": raw HTML is not allowed/,
        ),
    )
  })

  test('rejects Markdown in a plain-text field, where a visitor would read it raw', () => {
    withFile(
      'content/services/paid-ads.md',
      editFields((fields) => {
        fields.summary = `See [pricing](/pricing). ${fields.summary}`
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(/content\/services\/paid-ads\.md: field "summary": is plain text/),
    )
  })

  test('accepts an https:// address in a link field and refuses a build file', () => {
    withFile(
      'content/pages/home.md',
      editFields((fields) => {
        fields.actions[0].href = 'https://example.org/guide'
      }),
      () => expect(() => loadCollections(root)).not.toThrow(),
    )
    withFile(
      'content/pages/home.md',
      editFields((fields) => {
        fields.actions[0].href = '/about.data'
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /content\/pages\/home\.md: field "actions\.0\.href": "\/about\.data" is not a page of the site/,
        ),
    )
  })

  test('rejects a file no page uses, and a page without its file', () => {
    writeFileSync(path.join(root, 'cities', 'paris.md'), '---\ncity: Paris\n---\n')
    try {
      expect(() => loadCollections(root)).toThrow(/content\/cities\/paris\.md: no page of the registry/)
    } finally {
      rmSync(path.join(root, 'cities', 'paris.md'))
    }
    const terms = path.join(root, '..', contentFileOf(pages.find((page) => page.path === '/terms')!))
    const original = readFileSync(terms, 'utf8')
    rmSync(terms)
    try {
      expect(() => loadCollections(root)).toThrow(/content\/pages\/terms\.md: missing; the registry lists \/terms/)
    } finally {
      writeFileSync(terms, original)
    }
  })
})

