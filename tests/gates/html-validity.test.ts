import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { builtPages, htmlValidateProblems, vnuProblems } from './html-validity.ts'

// Each validator against a page that passes and pages with a planted defect,
// with the repository's own configuration.

const page = (body: string) =>
  [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>A page of the site, for the tests</title></head>',
    `<body><main><h1>A heading</h1>${body}</main></body>`,
    '</html>',
  ].join('\n')

const dir = mkdtempSync(path.join(tmpdir(), 'html-validity-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, html: string): string {
  const file = path.join(dir, name, 'index.html')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, html)
  return file
}

const valid = write('valid', page('<p>Text.</p><button type="button">Go</button>'))
const untypedButton = write('untyped-button', page('<button>Go</button>'))
const twoMainNavs = write(
  'two-navs',
  page('<nav aria-label="Main"><a href="/">Home</a></nav><nav aria-label="Main"><a href="/">Home</a></nav>'),
)
const popoverExpanded = write(
  'popover-expanded',
  page(
    '<button type="button" popovertarget="menu" aria-expanded="false">Menu</button><div id="menu" popover>Links</div>',
  ),
)
const divRegion = write(
  'div-region',
  page(
    '<div class="table-scroll" role="region" tabindex="0" aria-label="Table: Channel, Spend"><table><tbody><tr><td>1</td></tr></tbody></table></div>',
  ),
)
const labelledParagraph = write(
  'labelled-paragraph',
  page('<h2 id="kpis">Headline figures</h2><p aria-labelledby="kpis">Revenue rose.</p>'),
)
const longTitle = write(
  'long-title',
  page('<p>Text.</p>').replace(
    /<title>.*<\/title>/,
    `<title>${'A title that search results cut off. '.repeat(2)}</title>`,
  ),
)

describe('builtPages', () => {
  test('lists every HTML file under the folder (a 404.html too), sorted, and nothing else', () => {
    writeFileSync(path.join(dir, '404.html'), page(''))
    writeFileSync(path.join(dir, 'valid', 'data.json'), '{}')
    expect(builtPages(dir).map((file) => path.relative(dir, file))).toEqual([
      '404.html',
      'div-region/index.html',
      'labelled-paragraph/index.html',
      'long-title/index.html',
      'popover-expanded/index.html',
      'two-navs/index.html',
      'untyped-button/index.html',
      'valid/index.html',
    ])
  })
})

describe('html-validate with .htmlvalidate.mjs', () => {
  test('passes a valid page', async () => {
    expect(await htmlValidateProblems([valid])).toEqual([])
  })

  test('finds a button without a type, two landmarks of one name and a title too long for search results', async () => {
    const rules = async (file: string) => (await htmlValidateProblems([file])).map((problem) => problem.rule)
    expect(await rules(untypedButton)).toEqual(['no-implicit-button-type'])
    expect(await rules(twoMainNavs)).toEqual(['unique-landmark', 'unique-landmark'])
    expect(await rules(longTitle)).toEqual(['long-title'])
  })

  test('finds a labeled region written as a <div role="region"> where a <section> serves, and a name on an element that takes none', async () => {
    const rules = async (file: string) => (await htmlValidateProblems([file])).map((problem) => problem.rule)
    expect(await rules(divRegion)).toEqual(['prefer-native-element'])
    expect(await rules(labelledParagraph)).toEqual(['aria-label-misuse'])
  })
})

describe('the Nu Html Checker', () => {
  test(
    'checks all files in one run: errors, with file and line; a valid page has none',
    { timeout: 60_000 },
    async () => {
      const result = await vnuProblems([valid, popoverExpanded])
      expect(result.errors).toEqual([
        {
          file: path.relative(process.cwd(), popoverExpanded),
          line: 4,
          column: expect.any(Number),
          rule: 'vnu',
          message:
            "The 'aria-expanded' attribute must not be used on any element which has a 'popovertarget' attribute.",
        },
      ])
      expect(result.warnings).toEqual([])
    },
  )
})
