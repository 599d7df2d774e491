import { describe, expect, test } from 'vitest'
import { contentCopy, editFields, loadCollections } from './test-collections.ts'

// The figures a case study draws and the sample a service page draws are
// content fields like any other: a bad one stops the build, naming the file
// and the field (content/README.md).

describe('a bad engagement figure or service sample', () => {
  const { root, withFile } = contentCopy()

  test('the copy loads as it is', () => {
    expect(() => loadCollections(root)).not.toThrow()
  })

  test('a count that is not a whole number', () => {
    withFile(
      'content/case-studies/saas-startup.md',
      editFields((fields) => {
        fields.engagement.timeline.points[6].counts = ['112']
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /content\/case-studies\/saas-startup\.md: field "engagement\.timeline\.points\.6\.counts\.0": Invalid input: expected number/,
        ),
    )
  })

  test('a funnel that grows from one stage to the next', () => {
    withFile(
      'content/case-studies/saas-startup.md',
      editFields((fields) => {
        fields.engagement.funnel.after.counts = [260, 125, 300]
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /saas-startup\.md: field "engagement\.funnel\.after\.counts": cannot grow from one stage to the next/,
        ),
    )
  })

  test('a split count without one figure per group', () => {
    withFile(
      'content/case-studies/medtech-client.md',
      editFields((fields) => {
        fields.engagement.timeline.points[11].counts = [15, 8]
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /medtech-client\.md: field "engagement\.timeline\.points\.11\.counts": has 2 counts for 3 groups/,
        ),
    )
  })

  test('figures that back a result the case study does not have', () => {
    withFile(
      'content/case-studies/fitness-brand.md',
      editFields((fields) => {
        fields.engagement.timeline.proves = [1, 5]
      }),
      () => expect(() => loadCollections(root)).toThrow(/fitness-brand\.md: field "engagement\.timeline\.proves\.1"/),
    )
  })

  test('a timeline without its periods before kickoff', () => {
    withFile(
      'content/case-studies/fitness-brand.md',
      editFields((fields) => {
        for (const point of fields.engagement.timeline.points) delete point.before
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /fitness-brand\.md: field "engagement\.timeline\.points": must start with the periods before kickoff/,
        ),
    )
  })

  test('a service sample of an unknown kind, or a label too long to draw', () => {
    withFile(
      'content/services/paid-ads.md',
      editFields((fields) => {
        fields.sample.kind = 'poster'
      }),
      () => expect(() => loadCollections(root)).toThrow(/content\/services\/paid-ads\.md: field "sample\.kind"/),
    )
    withFile(
      'content/services/email-marketing.md',
      editFields((fields) => {
        fields.sample.steps[0].title = 'Welcome series for new subscribers'
      }),
      () =>
        expect(() => loadCollections(root)).toThrow(
          /email-marketing\.md: field "sample\.steps\.0\.title": Too big: expected string to have <=22 characters/,
        ),
    )
  })
})
