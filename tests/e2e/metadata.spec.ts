import { expect, test } from '@playwright/test'
import { pages } from '#app/lib/site/registry.ts'
import { site } from '#app/lib/site/site.ts'
import {
  duplicateProblems,
  expectationsFor,
  metadataProblems,
  readMetadata,
  type PageMetadata,
} from '#tests/gates/metadata.ts'
import { getAnswer } from './support.ts'

// The metadata gate (docs/decisions/022-release-gates.md) over every page of
// the registry as the server sends it: a title and a description of its own
// within what search results show, its canonical link, Open Graph and Twitter
// tags, robots as the registry says, and JSON-LD that parses and carries what
// its type needs.

test('every page has its own title and description, canonical link, social tags and valid structured data', async ({
  request,
}) => {
  const read: PageMetadata[] = []
  const problems: string[] = []
  await Promise.all(
    pages.map(async (entry) => {
      const response = await getAnswer(request, entry.path)
      if (response.status() !== 200) return problems.push(`${entry.path}: answers ${response.status()}`)
      const metadata = readMetadata(entry.path, await response.text())
      read.push(metadata)
      problems.push(
        ...metadataProblems(metadata, expectationsFor(entry, site.origin)).map(
          (problem) => `${entry.path}: ${problem}`,
        ),
      )
    }),
  )
  problems.push(...duplicateProblems(read))
  expect(read).toHaveLength(pages.length)
  expect(problems.sort()).toEqual([])
})
