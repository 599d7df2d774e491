import { describe, expect, test } from 'vitest'
import { contentByPath, contentCopy, loadCollections } from './test-collections.ts'

// The picture beside a content page's h1 is named by the page's `visual`
// field (docs/product.md#visual-proof); a bad value stops the build naming
// the file and the field.

describe('the visual of each content page', () => {
  const content = contentByPath()
  const kindOf = (path: string) => content.pages.get(path)?.data.visual?.kind

  test('home, about, team, pricing and both industries name a drawing of their own', () => {
    expect(['/', '/about', '/team', '/pricing', '/industries/saas', '/industries/ecommerce'].map(kindOf)).toEqual([
      'work',
      'one-team',
      'team',
      'plans',
      'funnel',
      'funnel',
    ])
  })

  test("an industry's funnel runs from the first click to the customer, each stage with the work done there", () => {
    const stages = (path: string) => {
      const visual = content.pages.get(path)?.data.visual
      return visual?.kind === 'funnel' ? visual.stages.map((stage) => stage.stage) : []
    }
    expect(stages('/industries/saas')).toEqual(['Ad click', 'Landing page', 'Trial or demo', 'Qualified opportunity', 'Paid account'])
    expect(stages('/industries/ecommerce')).toEqual(['Ad click', 'Product page', 'First order', 'Second order', 'Repeat customer'])
  })
})

describe('a bad visual field', () => {
  const { root, withFile } = contentCopy()

  /** Puts `field` in place of the file's visual, above its sections, for the length of `check`. */
  const withFrontmatter = (file: string, field: string, check: () => void) =>
    withFile(
      file,
      (source) => source.replace(/^visual:\n(?: {2}.*\n)*/m, '').replace(/^sections:/m, `${field}\nsections:`),
      check,
    )

  test('an unknown kind stops the build, naming the file and the field', () => {
    withFrontmatter('content/pages/about.md', 'visual:\n  kind: "photo"', () =>
      expect(() => loadCollections(root)).toThrow(/content\/pages\/about\.md: field "visual\.kind": /),
    )
  })

  test('a drawing of a block the page does not have stops the build', () => {
    withFrontmatter('content/pages/about.md', 'visual:\n  kind: "team"', () =>
      expect(() => loadCollections(root)).toThrow(
        /pages\/about\.md: field "visual\.kind": "team" draws the page's team block, and the page has none/,
      ),
    )
    withFrontmatter('content/pages/team.md', 'visual:\n  kind: "plans"', () =>
      expect(() => loadCollections(root)).toThrow(
        /pages\/team\.md: field "visual\.kind": "plans" draws the page's pricing block, and the page has none/,
      ),
    )
  })

  test('a funnel of fewer than three stages stops the build', () => {
    const funnel = 'visual:\n  kind: "funnel"\n  title: "A funnel of two stages"\n  stages:\n    - stage: "Click"\n      work: "Paid ads"\n    - stage: "Order"\n      work: "Checkout"'
    withFrontmatter('content/pages/industries/saas.md', funnel, () =>
      expect(() => loadCollections(root)).toThrow(/industries\/saas\.md: field "visual\.stages": /),
    )
  })
})
