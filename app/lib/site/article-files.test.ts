import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, test } from 'vitest'
import { editFields } from '#app/lib/content/test-collections.ts'
import { isPublished, readArticleFiles } from './article-files.ts'

// Publishing without code (docs/editing.md): an article is a page because its
// file is in content/blog/, unless it is a draft or dated after the day of
// the build, which the daily build publishes on its date (docs/deploy.md).

const today = '2026-11-28'

describe('which articles are pages', () => {
  const article = { slug: 'a', name: 'A', date: today, draft: false }

  test('one dated today or before is; a draft or one dated tomorrow is not, until `npm run cms` previews it', () => {
    expect(isPublished(article, today, false)).toBe(true)
    expect(isPublished({ ...article, date: '2025-01-30' }, today, false)).toBe(true)
    expect(isPublished({ ...article, draft: true }, today, false)).toBe(false)
    expect(isPublished({ ...article, date: '2026-11-29' }, today, false)).toBe(false)
    expect(isPublished({ ...article, draft: true, date: '2026-11-29' }, today, true)).toBe(true)
  })

  test('every article of content/blog/ is read, newest first, with its short name', () => {
    const files = readArticleFiles('content/blog')
    expect(files.length).toBeGreaterThanOrEqual(21)
    expect(files.map((file) => file.date)).toEqual(
      files
        .map((file) => file.date)
        .toSorted()
        .toReversed(),
    )
    expect(files.find((file) => file.slug === 'local-seo-guide')).toEqual({
      slug: 'local-seo-guide',
      name: 'Local SEO Guide',
      date: '2025-01-30',
      draft: false,
    })
  })
})

// A build of a copy of the project whose content/blog/ holds a draft and an
// article dated next year: neither is a page, nor in the sitemap, the feed,
// the search index, the blog's list or its category's page.
describe('a build with a draft and an article dated after the build', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'publishing-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  test('publishes neither', { timeout: 240_000 }, async () => {
    // Astro builds from the real paths of its files: the code is copied, the packages linked.
    for (const copied of [
      'app',
      'server',
      'scripts',
      'public',
      'content',
      'package.json',
      'tsconfig.json',
      'astro.config.ts',
    ])
      cpSync(copied, path.join(root, copied), { recursive: true })
    symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'))
    const source = readFileSync('content/blog/local-seo-guide.md', 'utf8')
    const unpublished = [
      {
        slug: 'draft-local-seo-checklist',
        edit: (fields: Record<string, unknown>) => {
          Object.assign(fields, {
            title: 'Local SEO Checklist: Every Fix in One Place',
            name: 'Local SEO Checklist',
            draft: true,
          })
          fields.description =
            'Every fix of the local SEO guide as one checklist: profile, reviews, pages and citations, with the order to do them in.'
        },
      },
      {
        slug: 'local-seo-in-2027',
        edit: (fields: Record<string, unknown>) => {
          Object.assign(fields, {
            title: 'Local SEO in 2027: What Changed in the Map Pack',
            name: 'Local SEO in 2027',
            date: '2027-01-12',
          })
          fields.description =
            'What changed in the map pack over the past year: profile features, review rules and the local results that AI answers now show.'
        },
      },
    ]
    for (const { slug, edit } of unpublished) {
      writeFileSync(path.join(root, 'content/blog', `${slug}.md`), editFields(edit)(source, `content/blog/${slug}.md`))
    }

    await promisify(execFile)(path.resolve('node_modules/.bin/astro'), ['build'], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: 'build-publishing', CONTENT_EDITOR: '' },
      maxBuffer: 64 * 1024 * 1024,
    })
    const client = path.join(root, 'build-publishing/client')
    const read = (file: string) => readFileSync(path.join(client, file), 'utf8')
    expect(existsSync(path.join(client, 'blog/local-seo-guide/index.html'))).toBe(true)
    for (const { slug } of unpublished) {
      expect(existsSync(path.join(client, `blog/${slug}`)), slug).toBe(false)
      for (const file of [
        'sitemap.xml',
        'rss.xml',
        'blog/search.json',
        'blog/index.html',
        'blog/category/local-seo/index.html',
        'sitemap/index.html',
      ]) {
        expect(read(file), `${file} names ${slug}`).not.toContain(slug)
      }
    }
    expect(read('sitemap.xml')).toContain('/blog/local-seo-guide')
  })
})
