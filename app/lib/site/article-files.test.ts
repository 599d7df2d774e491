import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
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
  const article = { slug: 'a', name: 'A', date: today, category: 'SEO', draft: false }

  test('one dated today or before is; a draft or one dated tomorrow is not, until `npm run cms` previews it', () => {
    expect(isPublished(article, today, false)).toBe(true)
    expect(isPublished({ ...article, date: '2025-01-30' }, today, false)).toBe(true)
    expect(isPublished({ ...article, draft: true }, today, false)).toBe(false)
    expect(isPublished({ ...article, date: '2026-11-29' }, today, false)).toBe(false)
    expect(isPublished({ ...article, draft: true, date: '2026-11-29' }, today, true)).toBe(true)
  })

  test('every article of content/blog/ is read, newest first, with its short name and category', () => {
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
      category: 'Local SEO',
      draft: false,
    })
  })
})

// A build of a copy of the project as the content editor leaves it: content/blog/
// holds a draft and an article dated next year, neither of which is a page,
// nor in the sitemap, the feed, the search index, the blog's list or its
// category's page; content/case-studies/ a new case study, which is a page
// with no line of code; a team member a photo, which /team shows as a
// responsive picture (docs/editing.md).
describe('a build of what the editor wrote: a draft, an article dated after the build, a new case study, a photo', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'publishing-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  test(
    'publishes neither article, and the new case study and the photo with no code',
    { timeout: 240_000 },
    async () => {
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
            delete fields.updated
            fields.description =
              'What changed in the map pack over the past year: profile features, review rules and the local results that AI answers now show.'
          },
        },
      ]
      for (const { slug, edit } of unpublished) {
        writeFileSync(
          path.join(root, 'content/blog', `${slug}.md`),
          editFields(edit)(source, `content/blog/${slug}.md`),
        )
      }
      // A fourth case study, listed first: its file, and nothing else.
      const study = 'content/case-studies/regional-clinic-group.md'
      writeFileSync(
        path.join(root, study),
        editFields((fields) => {
          Object.assign(fields, {
            title: 'Clinic Case Study: Booked Visits From Local Search',
            name: 'Clinic Group',
            order: 1,
            heading: 'How a regional clinic group filled its new locations from local search',
            media: [],
          })
          fields.description =
            'How a regional clinic group booked more first visits at three new locations from local search, measured against its older clinics.'
        })(readFileSync('content/case-studies/medtech-client.md', 'utf8'), study),
      )
      // A photo beside a team member's file, as the editor uploads it.
      mkdirSync(path.join(root, 'content/team/maya-okafor'))
      cpSync(
        'content/case-studies/saas-startup/media/0/image.png',
        path.join(root, 'content/team/maya-okafor/photo.png'),
      )
      writeFileSync(
        path.join(root, 'content/team/maya-okafor.yaml'),
        `${readFileSync('content/team/maya-okafor.yaml', 'utf8')}photo: ./maya-okafor/photo.png\n`,
      )

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
          'blog/category/seo-and-content/index.html',
          'sitemap/index.html',
        ]) {
          expect(read(file), `${file} names ${slug}`).not.toContain(slug)
        }
      }
      expect(read('sitemap.xml')).toContain('/blog/local-seo-guide')

      // The new case study is a page, listed first on /case-studies, in the sitemaps and the results panel.
      expect(read('case-studies/regional-clinic-group/index.html')).toContain(
        'How a regional clinic group filled its new locations from local search',
      )
      const listed = read('case-studies/index.html')
      expect(listed.indexOf('/case-studies/regional-clinic-group')).toBeGreaterThan(-1)
      expect(listed.indexOf('/case-studies/regional-clinic-group')).toBeLessThan(
        listed.indexOf('/case-studies/saas-startup'),
      )
      expect(read('sitemap.xml')).toContain('/case-studies/regional-clinic-group')
      expect(read('index.html')).toContain('Clinic Group: ')

      // The photo: AVIF and WebP at 1x, 2x and 3x of 56 px, each file in the build, its box set.
      const team = read('team/index.html')
      const photo =
        /<source type="image\/avif" srcSet="([^"]+)"\/><img src="([^"]+)" srcSet="([^"]+)" width="56" height="56" alt="Photo of Maya Okafor"/.exec(
          team,
        )
      expect(photo, 'a picture of Maya Okafor on /team').not.toBeNull()
      const files = [photo![1]!, photo![3]!].flatMap((set) =>
        set.split(', ').map((candidate) => candidate.split(' ')[0]!),
      )
      expect(files.filter((file) => file.endsWith('.avif'))).toHaveLength(3)
      expect(files.filter((file) => file.endsWith('.webp'))).toHaveLength(3)
      for (const file of files) expect(existsSync(path.join(client, file)), file).toBe(true)
    },
  )
})
